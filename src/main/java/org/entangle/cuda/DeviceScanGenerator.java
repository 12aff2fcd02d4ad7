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
 * <p>With {@link DeviceScanTuning#prefixAtStore()} the rescan does not wait for the look-back: the tile's prefix
 * is the left operand of every output, so by associativity the warps that do not look back rescan their items from
 * their thread prefixes while the first warp looks back, and combine the tile's prefix into each element as they
 * store it (the producer-consumer use of named barriers in the PTX ISA, {@code bar.arrive} / {@code bar.sync}: the
 * first warp arrives at the barrier of the thread results and at that of the prefix without waiting, and rescans its
 * own items from the whole prefix). The block barrier behind the look-back warp goes, and what is left of a tile's
 * chain after its prefix is known is the store. Segmented scans are refused: a segment's head does not take the
 * tile's prefix.
 *
 * <p>A tile's status and value share one 64-bit word when they fit (4-byte elements: 2 status bits, the
 * segment flag and 32 value bits), so a reader sees both at once; otherwise the value is written first, then
 * {@code __threadfence()}, then the status, and readers fence between reading the status and the value
 * (aggregates and inclusive prefixes live in separate arrays so a value never changes under a reader).
 * Status words are accessed through {@code volatile} pointers, which bypass the L1 cache; acquire/release
 * PTX accesses measured 11–16 % slower on an H200 (README "GPU").
 *
 * <p>Every status word also carries the epoch of the run that wrote it, and a word of another epoch reads as not
 * yet published. A run's epoch is the one after the epoch in its tile's own word (read at the block's start, before
 * anything of this run can be there); every tile of a run publishes, so a run leaves all its words at one epoch and
 * the next run over the same tiles agrees on the next one. The status is therefore zeroed once, when it is
 * allocated (or when the tile count changes), not before each run: a scan is one kernel launch, where CUB's
 * {@code DeviceScan} runs an initialisation kernel before each scan kernel. Zeroing before every launch stays
 * correct (every run then has epoch 1).
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
        boolean dedicated = tuning.lookBack() == DeviceScanTuning.LookBack.DEDICATED_WARP;
        if (dedicated) TileLookBack.emitNamedBarriers(c);
        if (tuning.prefixAtStore()) {
            if (o.segmented()) throw new IllegalArgumentException("the prefix at the store needs an unsegmented scan (a segment's head does not take the tile's prefix)");
            TileLookBack.emitHandoverBarriers(c);
        }
        String barrier = dedicated ? "scan_sync();" : "__syncthreads();";
        int buffers = ScanPrelude.emitNetwork(c, program, lanes, ScanPrelude.Exchange.SHUFFLE_WHERE_POSSIBLE, remap, barrier);
        c.blank();
        emitElementAccess(c, o);
        c.blank();
        boolean vector = vectorised(o, tuning);
        if (vector) emitVectors(c, o);
        TileLookBack.emitTileStatus(c, o, packed);
        c.blank();
        TileLookBack.emitLookBack(c, tuning);
        c.blank();
        TileLookBack.emitHelpers(c, tuning);
        int sharedSteps = 0;
        for (int step = 0; step < program.stepCount(); step++) {
            if (ScanPrelude.usesShared(program, step, ScanPrelude.Exchange.SHUFFLE_WHERE_POSSIBLE)) sharedSteps++;
        }
        // The exchange buffer the network's last shared step did not use is free once the network ends (the reads
        // of the step before were done before the last step's barrier): the thread results go there.
        String results = buffers > 0 ? "exchange[" + (sharedSteps % 2) + "]" : "thread_results";
        if (tuning.warpScan()) emitWarpScan(c, barrier);
        TileScan scan = new TileScan(o, lanes, exclusiveNetwork && !tuning.warpScan(), buffers, results, packed, tuning, vector);
        PerTileScanKernel.emit(c, scan);
        return new GeneratedKernel(c.toString(), ENTRY, KernelForm.DEVICE_WIDE, o, tuning.blockThreads(lanes), lanes * items, packed, 0);
    }

    /**
     * What both kernel structures need to write their body.
     *
     * @param o                what the kernel computes
     * @param lanes            the network's width (threads that hold items)
     * @param exclusiveNetwork whether the block scan yields exclusive results
     * @param buffers          the network's shared-memory exchange buffers (0 or 2)
     * @param results          the shared array the thread results go to
     * @param packed           whether a tile's status and value share one word
     * @param tuning           the knobs
     * @param vector           whether full tiles move in 16-byte pieces
     */
    record TileScan(ScanOptions o, int lanes, boolean exclusiveNetwork, int buffers, String results, boolean packed,
                    DeviceScanTuning tuning, boolean vector) {

        /** The kernel's signature and launch bounds. */
        void emitSignature(CodeBuilder c) {
            String threads = tuning.lookBack() == DeviceScanTuning.LookBack.DEDICATED_WARP ? "THREADS" : "LANES";
            int minBlocks = tuning.launchMinBlocks(lanes);
            String bounds = minBlocks > 0 ? threads + ", " + minBlocks : threads;
            c.line("extern \"C\" __global__ void __launch_bounds__(" + bounds + ") " + ENTRY + "(const T* __restrict__ in, T* __restrict__ out, "
                    + (o.segmented() ? "const unsigned* __restrict__ heads, " : "") + "long long n, unsigned long long* __restrict__ scratch) {");
        }

        /** The shared arrays of the network's exchange and the thread results. */
        void emitSharedArrays(CodeBuilder c) {
            if (buffers > 0) c.line("__shared__ V exchange[2][EXCHANGE_SLOTS];");
            if (!exclusiveNetwork && buffers == 0) c.line("__shared__ V thread_results[LANES];");
            c.line("__shared__ V tile_prefix;");
            if (tuning.lookBack() != DeviceScanTuning.LookBack.AFTER_NETWORK) c.line("__shared__ V warp_sums[LANES / 32];");
        }

        /** Step 3's network over the thread totals, into {@code scanned}. */
        void emitNetworkCall(CodeBuilder c) {
            if (tuning.warpScan()) {
                c.line("__shared__ V warp_totals[LANES / 32];");
                c.line("const V scanned = block_warp_scan(total, t, warp_totals);  // warp scans instead of the network");
            } else {
                c.line("const V scanned = network_scan(total, t" + (buffers > 0 ? ", exchange" : "") + ");");
            }
        }

        /** An inclusive network's results into the shared results array (a thread's prefix is its predecessor's result). */
        void emitResultStore(CodeBuilder c) {
            if (!exclusiveNetwork) c.line(results + "[t] = scanned;  // inclusive: a thread's prefix is its predecessor's result");
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
            c.line("status.epoch = next_epoch(status_word(status, tile));  // read now, needed first when publishing");
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
            TileLookBack.emitNetworkAndLookBack(c, this);
            c.line(exclusiveNetwork ? "const V thread_prefix = scanned;  // the network is exclusive"
                    : "const V thread_prefix = t == 0 ? identity() : " + results + "[t - 1];");
            c.lines("""

                    // 5. Rescan the items from the thread's prefix in place.
                    V running = combine(PREFIX, thread_prefix);""".replace("PREFIX", tuning.prefixAtStore() ? "rescan_prefix" : "tile_prefix"));
            c.lines("""
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
            if (tuning.prefixAtStore()) {
                c.lines("""
                        // The other warps wait for the tile's prefix and combine it in as they store.
                        const bool add_prefix = warp != 0;
                        V store_prefix = identity();
                        if (add_prefix) {
                        handover_wait(PREFIX_READY);
                        store_prefix = tile_prefix;
                        }
                        """);
            }
        }

        /** Element {@code x} of the rescanned tile as it is stored (with the tile's prefix combined in by the warps that wait for it). */
        String stored(String x) {
            return tuning.prefixAtStore() ? "(add_prefix ? combine(store_prefix, " + x + ") : " + x + ")" : x;
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

    private static void emitWarpScan(CodeBuilder c, String barrier) {
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
                BARRIER
                if (warp == 0) return x;
                V before = warp_totals[0];
                for (int w = 1; w < warp; ++w) before = combine(before, warp_totals[w]);
                return combine(before, x);
                }
                """.replace("BARRIER", barrier));
        c.blank();
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
