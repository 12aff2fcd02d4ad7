package org.entangle.cuda;

import org.entangle.network.Network;

/**
 * The device-wide form: a single-pass scan of an array of any length with decoupled look-back (Merrill &amp;
 * Garland 2016, "Single-pass Parallel Prefix Scan with Decoupled Look-back", NVR-2016-002). Each thread reduces
 * {@code ITEMS} consecutive elements of a tile held in shared memory; the network scans the thread totals across
 * the block; the last thread publishes the tile's aggregate as soon as the network ends; the first warp looks
 * back over a window of 32 predecessors at a time (one predecessor per lane), waiting only for the tiles up to
 * the nearest inclusive prefix, while the other warps go on to the barrier; after it the last thread publishes
 * the inclusive prefix, and every thread rescans its items from its prefix ({@link PerTileScanKernel} writes the
 * kernel around these steps in either {@link DeviceScanTuning.TileLayout}).
 *
 * <p>A tile's status and value share one 64-bit word when they fit (4-byte elements: 2 status bits, the
 * segment flag and 32 value bits), so a reader sees both at once; otherwise the value is written first, then
 * {@code __threadfence()}, then the status, and readers fence between reading the status and the value
 * (aggregates and inclusive prefixes live in separate arrays so a value never changes under a reader).
 * Status words are accessed through {@code volatile} pointers, which bypass the L1 cache; acquire/release
 * PTX accesses measured 11–16 % slower on an H200 (README "GPU").
 */
final class DeviceScanGenerator {

    static final String ENTRY = "entangle_device_scan";

    private DeviceScanGenerator() {
    }

    static GeneratedKernel generate(Network network, LaneProgram program, ScanOptions o, boolean exclusiveNetwork,
                                    DeviceScanTuning tuning, String header, BankRemap remap) {
        int items = tuning.itemsPerThread();
        int lanes = network.width();
        boolean packed = o.type().bytes() == 4;
        CodeBuilder c = new CodeBuilder();
        c.lines(header);
        c.line("#define LANES " + lanes + "              // threads per block = network width");
        c.line("#define ITEMS " + items + "              // consecutive elements per thread");
        c.line("#define TILE (LANES * ITEMS)");
        c.line("#define WARP_ITEMS (32 * ITEMS)");
        if (tuning.layout() == DeviceScanTuning.TileLayout.PADDED) {
            c.line("#define PAD(i) ((i) + ((i) >> 5))  // one padding slot per 32 against bank conflicts");
        }
        c.blank();
        ScanPrelude.emitAlgebra(c, o);
        c.blank();
        int buffers = ScanPrelude.emitNetwork(c, program, lanes, ScanPrelude.Exchange.SHUFFLE_WHERE_POSSIBLE, remap, "__syncthreads();");
        c.blank();
        emitElementAccess(c, o);
        c.blank();
        boolean vector = vectorised(o, tuning);
        if (vector) emitVectors(c, o);
        emitTileStatus(c, o, packed);
        c.blank();
        emitLookBack(c, tuning);
        c.blank();
        int sharedSteps = 0;
        for (int step = 0; step < program.stepCount(); step++) {
            if (ScanPrelude.usesShared(program, step, ScanPrelude.Exchange.SHUFFLE_WHERE_POSSIBLE)) sharedSteps++;
        }
        // The exchange buffer the network's last shared step did not use is free once the network ends (the reads
        // of the step before were done before the last step's barrier): the thread results go there.
        String results = buffers > 0 ? "exchange[" + (sharedSteps % 2) + "]" : "thread_results";
        if (tuning.warpScan()) emitWarpScan(c);
        TileScan scan = new TileScan(o, exclusiveNetwork && !tuning.warpScan(), buffers, results, packed, tuning, vector);
        PerTileScanKernel.emit(c, scan);
        return new GeneratedKernel(c.toString(), ENTRY, KernelForm.DEVICE_WIDE, o, lanes, lanes * items, packed, 0);
    }

    /**
     * What both kernel structures need to write their body.
     *
     * @param o                what the kernel computes
     * @param exclusiveNetwork whether the block scan yields exclusive results
     * @param buffers          the network's shared-memory exchange buffers (0 or 2)
     * @param results          the shared array the thread results go to
     * @param packed           whether a tile's status and value share one word
     * @param tuning           the knobs
     * @param vector           whether full tiles move in 16-byte pieces
     */
    record TileScan(ScanOptions o, boolean exclusiveNetwork, int buffers, String results, boolean packed,
                    DeviceScanTuning tuning, boolean vector) {

        /** The kernel's signature and launch bounds. */
        void emitSignature(CodeBuilder c) {
            String bounds = tuning.minBlocksPerSm() > 0 ? "LANES, " + tuning.minBlocksPerSm() : "LANES";
            c.line("extern \"C\" __global__ void __launch_bounds__(" + bounds + ") " + ENTRY + "(const T* __restrict__ in, T* __restrict__ out, "
                    + (o.segmented() ? "const unsigned* __restrict__ heads, " : "") + "long long n, unsigned long long* __restrict__ scratch) {");
        }

        /** The shared arrays of the network's exchange and the thread results. */
        void emitSharedArrays(CodeBuilder c) {
            if (buffers > 0) c.line("__shared__ V exchange[2][EXCHANGE_SLOTS];");
            if (!exclusiveNetwork && buffers == 0) c.line("__shared__ V thread_results[LANES];");
            c.line("__shared__ V tile_prefix;");
        }

        /** The tile status arrays inside {@code words} (the status words' first element). */
        void emitStatus(CodeBuilder c, String words) {
            c.line("TileStatus status;");
            c.line("status.words = " + words + ";");
            if (packed) {
                c.line("status.aggregates = 0;");
                c.line("status.prefixes = 0;");
            } else {
                c.line("status.aggregates = (V*)(status.words + ((tiles + 1) & ~1ll));");
                c.line("status.prefixes = status.aggregates + tiles;");
            }
        }

        /**
         * Steps 2 to 5 on a tile in shared memory: reduce, scan the thread totals, publish the aggregate, look back,
         * publish the inclusive prefix, rescan in place. {@code at} is the shared-memory element with {@code #}
         * standing for its index in the tile (the thread's run starts at {@code mine}).
         */
        void emitScan(CodeBuilder c, String at) {
            if (tuning.itemsInRegisters()) {
                c.lines("""
                        // 2. Each thread takes its ITEMS consecutive elements into registers and reduces them.
                        V held[ITEMS];
                        #pragma unroll
                        """);
                c.line("for (int k = 0; k < ITEMS; ++k) held[k] = " + at.replace("#", "mine + k") + ";");
                c.lines("""
                        V total = held[0];
                        #pragma unroll
                        for (int k = 1; k < ITEMS; ++k) total = combine(total, held[k]);
                        """);
            } else {
                c.line("// 2. Each thread reduces its ITEMS consecutive elements (they stay in shared memory, not in registers).");
                c.line("V total = " + at.replace("#", "mine") + ";");
                c.line("#pragma unroll");
                c.line("for (int k = 1; k < ITEMS; ++k) total = combine(total, " + at.replace("#", "mine + k") + ");");
            }
            c.blank();
            c.line("// 3. The network scans the thread totals across the block.");
            if (tuning.warpScan()) {
                c.line("__shared__ V warp_totals[LANES / 32];");
                c.line("const V scanned = block_warp_scan(total, t, warp_totals);  // warp scans instead of the network");
            } else {
                c.line("const V scanned = network_scan(total, t" + (buffers > 0 ? ", exchange" : "") + ");");
            }
            c.line("// The last thread holds the tile's total first: it publishes it at once, before the block synchronises.");
            c.line("const V aggregate = " + (exclusiveNetwork ? "combine(scanned, total)" : "scanned") + ";");
            c.line("if (t == LANES - 1) publish(status, tile, tile == 0 ? STATUS_PREFIX : STATUS_AGGREGATE, aggregate);");
            if (!exclusiveNetwork) c.line(results + "[t] = scanned;  // inclusive: a thread's prefix is its predecessor's result");
            c.lines("""

                    // 4. Decoupled look-back by the first warp (while the others go on to the barrier).
                    if (warp == 0) {
                    const V prefix = tile == 0 ? identity() : look_back(status, tile, lane);
                    if (lane == 0) tile_prefix = prefix;
                    }
                    __syncthreads();
                    if (t == LANES - 1 && tile != 0) publish(status, tile, STATUS_PREFIX, combine(tile_prefix, aggregate));
                    """);
            c.line(exclusiveNetwork ? "const V thread_prefix = scanned;  // the network is exclusive"
                    : "const V thread_prefix = t == 0 ? identity() : " + results + "[t - 1];");
            c.lines("""

                    // 5. Rescan the items from the thread's prefix in place.
                    V running = combine(tile_prefix, thread_prefix);
                    #pragma unroll
                    for (int k = 0; k < ITEMS; ++k) {
                    """);
            c.line("const V item = " + (tuning.itemsInRegisters() ? "held[k]" : at.replace("#", "mine + k")) + ";");
            c.line("const V next = combine(running, item);");
            String target = at.replace("#", "mine + k");
            if (!o.exclusive()) {
                c.line(target + " = next;");
            } else if (o.segmented()) {
                c.line(target + " = item.f ? identity() : running;  // a segment's head starts from the identity");
            } else {
                c.line(target + " = running;");
            }
            c.line("running = next;");
            c.line("}");
        }
    }

    private static void emitVectors(CodeBuilder c, ScanOptions o) {
        c.line("#define VEC " + 16 / o.type().bytes() + "                // elements per 16-byte vector access");
        c.line("struct __align__(16) Vec { T e[VEC]; };");
        c.blank();
    }

    private static void emitElementAccess(CodeBuilder c, ScanOptions o) {
        String params = "const T* __restrict__ in, " + (o.segmented() ? "const unsigned* __restrict__ heads, " : "") + "long long n, long long g";
        c.line("// Element g in scan order (the identity past the end)" + (o.backward() ? "; backward scans mirror the array." : "."));
        c.line("__device__ __forceinline__ V load_element(" + params + ") {");
        c.line("if (g >= n) return identity();");
        String at = o.backward() ? "n - 1 - g" : "g";
        if (o.segmented()) {
            String head = o.backward() ? "g == 0 || head_bit(heads, n - g)" : "head_bit(heads, g)";
            c.line("return make_v(in[" + at + "], " + head + " ? 1u : 0u);");
        } else {
            c.line("return in[" + at + "];");
        }
        c.line("}");
        c.line("__device__ __forceinline__ void store_element(T* __restrict__ out, long long n, long long g, T value) {");
        c.line("if (g < n) out[" + at + "] = value;");
        c.line("}");
    }

    private static void emitTileStatus(CodeBuilder c, ScanOptions o, boolean packed) {
        c.lines("""
                // Tile status for the decoupled look-back: invalid (not yet published), aggregate (the tile's own
                // total), prefix (the total of the tile and all before it).
                #define STATUS_INVALID 0ull
                #define STATUS_AGGREGATE 1ull
                #define STATUS_PREFIX 2ull
                struct TileStatus { unsigned long long* words; V* aggregates; V* prefixes; };
                """);
        if (packed) {
            boolean f = o.type().isFloating();
            c.line("// Status (bits 62-63), segment flag (bit 32) and value bits (0-31) in one 64-bit word, written and read at once.");
            c.line("__device__ __forceinline__ void publish(TileStatus s, long long tile, unsigned long long status, V x) {");
            c.line("const unsigned long long bits = (unsigned long long)" + (f ? "__float_as_uint(value_of(x))" : "(unsigned)value_of(x)") + ";");
            c.line("((volatile unsigned long long*)s.words)[tile] = status << 62" + (o.segmented() ? " | (unsigned long long)x.f << 32" : "") + " | bits;");
            c.line("}");
            c.line("__device__ __forceinline__ unsigned long long read_status(TileStatus s, long long tile, V* x) {");
            c.line("const unsigned long long w = ((volatile unsigned long long*)s.words)[tile];");
            String value = f ? "__uint_as_float((unsigned)w)" : "(T)(unsigned)w";
            c.line("*x = " + (o.segmented() ? "make_v(" + value + ", (unsigned)(w >> 32) & 1u)" : value) + ";");
            c.line("return w >> 62;");
            c.line("}");
        } else {
            c.line("// Value first, a fence, then the status; a reader reads the status, fences, then the value (from L2).");
            c.line("__device__ __forceinline__ void publish(TileStatus s, long long tile, unsigned long long status, V x) {");
            c.line("V* slot = (status == STATUS_PREFIX ? s.prefixes : s.aggregates) + tile;");
            if (o.segmented()) {
                c.line("__stcg(&slot->v, x.v);");
                c.line("__stcg(&slot->f, x.f);");
            } else {
                c.line("__stcg(slot, x);");
            }
            c.line("__threadfence();");
            c.line("((volatile unsigned long long*)s.words)[tile] = status;");
            c.line("}");
            c.line("__device__ __forceinline__ unsigned long long read_status(TileStatus s, long long tile, V* x) {");
            c.line("const unsigned long long status = ((volatile unsigned long long*)s.words)[tile];");
            c.line("if (status != STATUS_INVALID) {");
            c.line("__threadfence();");
            c.line("const V* slot = (status == STATUS_PREFIX ? s.prefixes : s.aggregates) + tile;");
            c.line(o.segmented() ? "*x = make_v(__ldcg(&slot->v), __ldcg(&slot->f));" : "*x = __ldcg(slot);");
            c.line("}");
            c.line("return status;");
            c.line("}");
        }
    }

    private static void emitWarpScan(CodeBuilder c) {
        c.lines("""
                // Warp scans (--warp-scan, instead of the network): an inclusive Kogge-Stone scan by shuffles inside
                // each warp, the warp totals through shared memory behind one barrier, each warp adding those before it.
                __device__ __forceinline__ V block_warp_scan(V x, int t, V* warp_totals) {
                const int lane = t & 31;
                const int warp = t >> 5;
                #pragma unroll
                for (int d = 1; d < 32; d <<= 1) {
                const V lower = shfl(x, lane >= d ? lane - d : lane);
                if (lane >= d) x = combine(lower, x);
                }
                if (lane == 31) warp_totals[warp] = x;
                __syncthreads();
                if (warp == 0) return x;
                V before = warp_totals[0];
                for (int w = 1; w < warp; ++w) before = combine(before, warp_totals[w]);
                return combine(before, x);
                }
                """);
        c.blank();
    }

    private static void emitLookBack(CodeBuilder c, DeviceScanTuning tuning) {
        c.lines("""
                // Decoupled look-back (one warp): combine the predecessors 32 at a time (lane j looks at tile - 1 - j)
                // until one of them has published its inclusive prefix; returns the total of every tile before this one.
                __device__ __forceinline__ V look_back(TileStatus status, long long tile, int lane) {
                V exclusive = identity();  // all tiles between the window and this one
                long long window = tile - 1;
                for (;;) {
                const long long p = window - lane;
                unsigned long long s;
                V value;
                for (;;) {
                if (p >= 0) {
                s = read_status(status, p, &value);
                } else {
                s = STATUS_PREFIX;
                value = identity();
                }
                // Wait only for the tiles up to the nearest inclusive prefix: those farther back are not needed.
                const unsigned prefix_seen = __ballot_sync(FULL_MASK, s == STATUS_PREFIX);
                const unsigned needed = prefix_seen ? ((prefix_seen & (0u - prefix_seen)) << 1) - 1u : FULL_MASK;
                if (!(__ballot_sync(FULL_MASK, s == STATUS_INVALID) & needed)) break;
                """);
        if (tuning.backoffNanos() > 0) c.line("__nanosleep(" + tuning.backoffNanos() + ");  // back off before polling again");
        c.lines("""
                }
                const unsigned prefix_lanes = __ballot_sync(FULL_MASK, s == STATUS_PREFIX);
                const int last = prefix_lanes ? __ffs(prefix_lanes) - 1 : 31;
                // combine lanes last..0, the farthest tile on the left
                #pragma unroll
                for (int d = 1; d < 32; d <<= 1) {
                const V farther = shfl_down(value, d);
                if (lane + d <= last) value = combine(farther, value);
                }
                exclusive = combine(shfl(value, 0), exclusive);
                if (prefix_lanes) return exclusive;
                window -= 32;
                }
                }
                """);
    }

    /**
     * Whether full tiles move in 16-byte pieces: asked for, forward, unsegmented, and (padded layout, where each
     * thread loads whole vectors) items a multiple of the vector length.
     */
    static boolean vectorised(ScanOptions o, DeviceScanTuning tuning) {
        boolean wholeVectors = tuning.layout() == DeviceScanTuning.TileLayout.DIRECT || tuning.itemsPerThread() % (16 / o.type().bytes()) == 0;
        return tuning.vectorAccess() && !o.backward() && !o.segmented() && wholeVectors;
    }
}
