package org.entangle.cuda;

import org.entangle.network.Network;

/**
 * The device-wide form: a single-pass scan of an array of any length with decoupled look-back (Merrill &amp;
 * Garland 2016, "Single-pass Parallel Prefix Scan with Decoupled Look-back", NVR-2016-002). Block i scans
 * tile i (blocks start in index order, which CUB's single-pass scan relies on too). Each warp loads its part of
 * the tile coalesced, in 16-byte vectors for full tiles of forward unsegmented scans (CUB's vectorised
 * BlockLoad), and transposes it through shared memory so that each thread reduces {@code ITEMS} consecutive
 * elements; the network scans the thread totals across the block; the last thread publishes the tile's
 * aggregate as soon as the network ends; the first warp looks back over a window of 32 predecessors at a time
 * (one predecessor per lane), waiting only for the tiles up to the nearest inclusive prefix, while the other
 * warps go on to the barrier; after it the last thread publishes the inclusive prefix, and every thread
 * rescans its items from its prefix and the tile is stored back the way it came. By default the items stay in
 * shared memory across the look-back, which keeps register use low and the number of resident blocks (that
 * hide the look-back's latency) high; {@link DeviceScanTuning#itemsInRegisters()} keeps them in registers.
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
    /** Resident threads per multiprocessor on sm_80 and sm_90. */
    private static final int MAX_THREADS_PER_SM = 2048;

    private DeviceScanGenerator() {
    }

    static GeneratedKernel generate(Network network, LaneProgram program, ScanOptions o, boolean exclusiveNetwork,
                                    DeviceScanTuning tuning, String header, BankRemap remap) {
        int items = tuning.itemsPerThread();
        int lanes = network.width();
        int threads = lanes + (tuning.lookbackWarp() ? 32 : 0);
        boolean packed = o.type().bytes() == 4;
        CodeBuilder c = new CodeBuilder();
        c.lines(header);
        c.line("#define LANES " + lanes + "              // threads per block = network width");
        c.line("#define ITEMS " + items + "              // consecutive elements per thread");
        c.line("#define TILE (LANES * ITEMS)");
        c.line("#define WARP_ITEMS (32 * ITEMS)");
        if (tuning.lookbackWarp()) c.line("#define THREADS (LANES + 32)     // the scan threads and one look-back warp");
        c.line("#define PAD(i) ((i) + ((i) >> 5))  // one padding slot per 32 against bank conflicts");
        c.blank();
        ScanPrelude.emitAlgebra(c, o);
        c.blank();
        if (tuning.lookbackWarp()) {
            c.line("// The LANES scan threads synchronise on named barrier 1; the look-back warp takes no part in it.");
            c.line("__device__ __forceinline__ void scan_sync() { asm volatile(\"bar.sync 1, %0;\" :: \"r\"(LANES) : \"memory\"); }");
            c.line("// The whole block meets once, the look-back warp and the scan threads at different places in the code:");
            c.line("// barrier.sync without .aligned allows that (PTX ISA, barrier), __syncthreads() does not.");
            c.line("__device__ __forceinline__ void block_sync() { asm volatile(\"barrier.sync 0, %0;\" :: \"r\"(THREADS) : \"memory\"); }");
        }
        int buffers = ScanPrelude.emitNetwork(c, program, lanes, ScanPrelude.Exchange.SHUFFLE_WHERE_POSSIBLE, remap,
                tuning.lookbackWarp() ? "scan_sync();" : "__syncthreads();");
        c.blank();
        emitElementAccess(c, o, tuning.cacheHints());
        c.blank();
        if (vectorised(o, tuning)) emitVectors(c, o, tuning.cacheHints());
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
        // with the look-back warp, the blocks asked of the compiler are capped to fit a multiprocessor's 2048 threads
        int minBlocks = tuning.lookbackWarp() ? Math.min(tuning.minBlocksPerSm(), MAX_THREADS_PER_SM / threads) : tuning.minBlocksPerSm();
        if (tuning.warpScan()) emitWarpScan(c, tuning.lookbackWarp() ? "scan_sync();" : "__syncthreads();");
        emitKernel(c, o, exclusiveNetwork && !tuning.warpScan(), buffers, results, packed, tuning, minBlocks);
        return new GeneratedKernel(c.toString(), ENTRY, KernelForm.DEVICE_WIDE, o, threads, lanes * items, packed, 0);
    }

    private static void emitVectors(CodeBuilder c, ScanOptions o, boolean cacheHints) {
        c.line("#define VEC " + 16 / o.type().bytes() + "                // elements per 16-byte vector access");
        c.line("struct __align__(16) Vec { T e[VEC]; };");
        if (cacheHints) {
            c.lines("""
                    // 16-byte accesses with cache hints: loads through the read-only path (ld.global.nc), stores
                    // streaming (st.global.cs, evict-first): every element is read once and written once.
                    union VecBits { uint4 raw; Vec v; };
                    __device__ __forceinline__ Vec load_vec(const Vec* p) { VecBits b; b.raw = __ldg((const uint4*)p); return b.v; }
                    __device__ __forceinline__ void store_vec(Vec* p, Vec v) { VecBits b; b.v = v; __stcs((uint4*)p, b.raw); }
                    """);
        } else {
            c.line("__device__ __forceinline__ Vec load_vec(const Vec* p) { return *p; }");
            c.line("__device__ __forceinline__ void store_vec(Vec* p, Vec v) { *p = v; }");
        }
        c.blank();
    }

    private static void emitElementAccess(CodeBuilder c, ScanOptions o, boolean cacheHints) {
        String params = "const T* __restrict__ in, " + (o.segmented() ? "const unsigned* __restrict__ heads, " : "") + "long long n, long long g";
        c.line("// Element g in scan order (the identity past the end)" + (o.backward() ? "; backward scans mirror the array." : "."));
        c.line("__device__ __forceinline__ V load_element(" + params + ") {");
        c.line("if (g >= n) return identity();");
        String at = o.backward() ? "n - 1 - g" : "g";
        String load = cacheHints ? "__ldg(in + " + at + ")" : "in[" + at + "]";
        if (o.segmented()) {
            String head = o.backward() ? "g == 0 || head_bit(heads, n - g)" : "head_bit(heads, g)";
            c.line("return make_v(" + load + ", " + head + " ? 1u : 0u);");
        } else {
            c.line("return " + load + ";");
        }
        c.line("}");
        c.line("__device__ __forceinline__ void store_element(T* __restrict__ out, long long n, long long g, T value) {");
        c.line(cacheHints ? "if (g < n) __stcs(out + " + at + ", value);  // streaming store" : "if (g < n) out[" + at + "] = value;");
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
                """);
        c.line(barrier);
        c.lines("""
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

    private static void emitKernel(CodeBuilder c, ScanOptions o, boolean exclusiveNetwork, int buffers, String results, boolean packed,
                                   DeviceScanTuning tuning, int minBlocks) {
        String heads = o.segmented() ? "heads, " : "";
        String bounds = minBlocks > 0 ? (tuning.lookbackWarp() ? "THREADS, " : "LANES, ") + minBlocks : tuning.lookbackWarp() ? "THREADS" : "LANES";
        c.line("extern \"C\" __global__ void __launch_bounds__(" + bounds + ") " + ENTRY + "(const T* __restrict__ in, T* __restrict__ out, "
                + (o.segmented() ? "const unsigned* __restrict__ heads, " : "") + "long long n, unsigned long long* __restrict__ scratch) {");
        c.line("__shared__ V staging[PAD(TILE)];");
        if (buffers > 0) c.line("__shared__ V exchange[2][EXCHANGE_SLOTS];");
        if (!exclusiveNetwork && buffers == 0) c.line("__shared__ V thread_results[LANES];");
        c.lines("""
                __shared__ V tile_prefix;
                const int t = threadIdx.x;
                const int lane = t & 31;
                const int warp = t >> 5;
                // Blocks start in the order of their index (CUB's single-pass scan relies on the same), so every
                // tile a block waits for has started.
                const long long tile = blockIdx.x;
                const long long base = tile * TILE;
                const int warp_base = warp * WARP_ITEMS;
                """);
        c.line("TileStatus status;");
        c.line("status.words = scratch;");
        if (packed) {
            c.line("status.aggregates = 0;");
            c.line("status.prefixes = 0;");
        } else {
            c.line("const long long tiles = (n + TILE - 1) / TILE;");
            c.line("status.aggregates = (V*)(scratch + ((tiles + 1) & ~1ll));");
            c.line("status.prefixes = status.aggregates + tiles;");
        }
        c.blank();
        if (tuning.lookbackWarp()) {
            c.lines("""
                    // 0. The look-back warp (threads LANES..THREADS-1) looks back from the block's start, while the
                    //    scan threads load, reduce and scan the tile; it hands the prefix over at the block barrier.
                    if (t >= LANES) {
                    const V prefix = tile == 0 ? identity() : look_back(status, tile, lane);
                    if (lane == 0) tile_prefix = prefix;
                    block_sync();
                    return;
                    }
                    """);
        }
        boolean vector = vectorised(o, tuning);
        if (vector) {
            c.lines("""
                    // 1. Load: each warp reads WARP_ITEMS consecutive elements coalesced, in 16-byte vectors when the
                    //    tile is full and the arrays are aligned, then transposes them through shared memory so that
                    //    each thread holds ITEMS consecutive elements.
                    const bool vector_tile = base + TILE <= n && ((((size_t)in) | ((size_t)out)) & 15) == 0;
                    if (vector_tile) {
                    const Vec* src = (const Vec*)(in + base + warp_base);
                    #pragma unroll
                    for (int k = 0; k < ITEMS / VEC; ++k) {
                    const Vec v = load_vec(src + k * 32 + lane);
                    #pragma unroll
                    for (int q = 0; q < VEC; ++q) staging[PAD(warp_base + (k * 32 + lane) * VEC + q)] = v.e[q];
                    }
                    } else {
                    """);
        } else {
            c.lines("""
                    // 1. Load: each warp reads WARP_ITEMS consecutive elements coalesced, then transposes them through
                    //    shared memory so that each thread holds ITEMS consecutive elements.
                    """);
        }
        c.lines("""
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const int i = warp_base + k * 32 + lane;
                """);
        c.line("staging[PAD(i)] = load_element(in, " + heads + "n, base + i);");
        c.line("}");
        if (vector) c.line("}");
        c.line("__syncwarp();");
        c.blank();
        c.line("const int mine = warp_base + lane * ITEMS;");
        if (tuning.itemsInRegisters()) {
            c.lines("""
                    // 2. Each thread takes its ITEMS consecutive elements into registers, where they stay across the
                    //    look-back, and reduces them.
                    V items[ITEMS];
                    #pragma unroll
                    for (int k = 0; k < ITEMS; ++k) items[k] = staging[PAD(mine + k)];
                    V total = items[0];
                    #pragma unroll
                    for (int k = 1; k < ITEMS; ++k) total = combine(total, items[k]);

                    """);
        } else {
            c.lines("""
                    // 2. Each thread reduces its ITEMS consecutive elements (they stay in shared memory, so no registers
                    //    are held across the look-back).
                    V total = staging[PAD(mine)];
                    #pragma unroll
                    for (int k = 1; k < ITEMS; ++k) total = combine(total, staging[PAD(mine + k)]);

                    """);
        }
        c.lines("""
                // 3. The network scans the thread totals across the block.
                """);
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
        if (tuning.lookbackWarp()) {
            c.lines("""

                    // 4. The look-back warp has found the tile's prefix meanwhile: the block synchronises with it.
                    block_sync();
                    """);
        } else {
            c.lines("""

                    // 4. Decoupled look-back by the first warp (while the others go on to the barrier).
                    if (warp == 0) {
                    const V prefix = tile == 0 ? identity() : look_back(status, tile, lane);
                    if (lane == 0) tile_prefix = prefix;
                    }
                    __syncthreads();
                    """);
        }
        c.line("if (t == LANES - 1 && tile != 0) publish(status, tile, STATUS_PREFIX, combine(tile_prefix, aggregate));");
        c.line(exclusiveNetwork ? "const V thread_prefix = scanned;  // the network is exclusive"
                : "const V thread_prefix = t == 0 ? identity() : " + results + "[t - 1];");
        c.lines("""

                // 5. Rescan the items from the thread's prefix in place and store them (transposed back, coalesced).
                V running = combine(tile_prefix, thread_prefix);
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                """);
        c.line("const V item = " + (tuning.itemsInRegisters() ? "items[k]" : "staging[PAD(mine + k)]") + ";");
        c.line("const V next = combine(running, item);");
        if (!o.exclusive()) {
            c.line("staging[PAD(mine + k)] = next;");
        } else if (o.segmented()) {
            c.line("staging[PAD(mine + k)] = item.f ? identity() : running;  // a segment's head starts from the identity");
        } else {
            c.line("staging[PAD(mine + k)] = running;");
        }
        c.lines("""
                running = next;
                }
                __syncwarp();
                """);
        if (vector) {
            c.lines("""
                    if (vector_tile) {
                    Vec* dst = (Vec*)(out + base + warp_base);
                    #pragma unroll
                    for (int k = 0; k < ITEMS / VEC; ++k) {
                    Vec v;
                    #pragma unroll
                    for (int q = 0; q < VEC; ++q) v.e[q] = value_of(staging[PAD(warp_base + (k * 32 + lane) * VEC + q)]);
                    store_vec(dst + k * 32 + lane, v);
                    }
                    return;
                    }
                    """);
        }
        c.lines("""
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const int i = warp_base + k * 32 + lane;
                store_element(out, n, base + i, value_of(staging[PAD(i)]));
                }
                }
                """);
    }

    /** Whether full tiles move in 16-byte vectors: asked for, forward, unsegmented, and whole vectors per thread. */
    private static boolean vectorised(ScanOptions o, DeviceScanTuning tuning) {
        return tuning.vectorAccess() && !o.backward() && !o.segmented() && tuning.itemsPerThread() % (16 / o.type().bytes()) == 0;
    }
}
