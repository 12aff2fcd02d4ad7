package org.entangle.cuda;

/**
 * The chaining of tiles in the device-wide form: tile status words, the decoupled look-back (Merrill &amp; Garland
 * 2016, "Single-pass Parallel Prefix Scan with Decoupled Look-back", NVR-2016-002: a tile publishes its aggregate as
 * soon as it is known, then looks back over its predecessors for the total before it, then publishes its inclusive
 * prefix), and where in the kernel this happens ({@link DeviceScanTuning.LookBack}). The network still scans the
 * thread totals of every tile; the look-back modes only move the aggregate, the look-back and the prefix around it.
 * Status words carry the epoch of the run that wrote them (see {@link DeviceScanGenerator}), so runs over the same
 * tiles reuse them without zeroing.
 */
final class TileLookBack {

    /** Each warp's total by shuffles into {@code warp_sums} (the early and dedicated-warp look-backs). */
    private static final String WARP_SUMS = """
            {
            const V sum = warp_total(total, lane);
            if (lane == 0) warp_sums[warp] = sum;
            }""";
    /** Lane 0 of the look-back warp hands the prefix to the block and publishes the inclusive prefix at once. */
    private static final String PREFIX_HANDOVER = """
            if (lane == 0) {
            tile_prefix = prefix;
            if (tile != 0) publish(status, tile, STATUS_PREFIX, combine(prefix, aggregate));
            }""";

    private TileLookBack() {
    }

    /** The status words: read, decoded, published, each tagged with its run's epoch. */
    static void emitTileStatus(CodeBuilder c, ScanOptions o, boolean packed) {
        c.lines("""
                // Tile status for the decoupled look-back: invalid (not yet published in this run), aggregate (the
                // tile's own total), prefix (the total of the tile and all before it). Every word carries the epoch of
                // the run that wrote it (bits 33-61); a word of another epoch counts as invalid, so the status needs
                // no zeroing between runs. A run's epoch is the one after the epoch in the tile's own word, which every
                // tile of the previous run over the same tiles left alike (zeroed words give epoch 1).
                #define STATUS_INVALID 0ull
                #define STATUS_AGGREGATE 1ull
                #define STATUS_PREFIX 2ull
                #define EPOCH_SHIFT 33
                #define EPOCH_MASK 0x1fffffffull  // 29 bits; epochs run 1 .. EPOCH_MASK and wrap
                struct TileStatus { unsigned long long* words; V* aggregates; V* prefixes; unsigned long long epoch; };
                __device__ __forceinline__ unsigned long long status_word(TileStatus s, long long tile) {
                return ((volatile unsigned long long*)s.words)[tile];
                }
                // The epoch of this run from the word the previous run left in the tile's own slot.
                __device__ __forceinline__ unsigned long long next_epoch(unsigned long long own) {
                return ((own >> EPOCH_SHIFT) & EPOCH_MASK) % EPOCH_MASK + 1;
                }
                // The status of word w as this run sees it (invalid when another run wrote it).
                __device__ __forceinline__ unsigned long long status_of(TileStatus s, unsigned long long w) {
                return ((w >> EPOCH_SHIFT) & EPOCH_MASK) == s.epoch ? w >> 62 : STATUS_INVALID;
                }
                """);
        if (packed) {
            boolean f = o.type().isFloating();
            c.line("// Status (bits 62-63), epoch, segment flag (bit 32) and value bits (0-31) in one 64-bit word, written and read at once.");
            c.line("__device__ __forceinline__ void publish(TileStatus s, long long tile, unsigned long long status, V x) {");
            c.line("const unsigned long long bits = (unsigned long long)" + (f ? "__float_as_uint(value_of(x))" : "(unsigned)value_of(x)") + ";");
            c.line("((volatile unsigned long long*)s.words)[tile] = status << 62 | s.epoch << EPOCH_SHIFT" + (o.segmented() ? " | (unsigned long long)x.f << 32" : "") + " | bits;");
            c.line("}");
            c.line("// The status in word w of tile's slot; its value into x.");
            c.line("__device__ __forceinline__ unsigned long long decode_status(TileStatus s, long long tile, unsigned long long w, V* x) {");
            String value = f ? "__uint_as_float((unsigned)w)" : "(T)(unsigned)w";
            c.line("*x = " + (o.segmented() ? "make_v(" + value + ", (unsigned)(w >> 32) & 1u)" : value) + ";");
            c.line("return status_of(s, w);");
            c.line("}");
        } else {
            c.line("// Value first, a fence, then the status word; a reader reads the status word, fences, then the value (from L2).");
            c.line("__device__ __forceinline__ void publish(TileStatus s, long long tile, unsigned long long status, V x) {");
            c.line("V* slot = (status == STATUS_PREFIX ? s.prefixes : s.aggregates) + tile;");
            if (o.segmented()) {
                c.line("__stcg(&slot->v, x.v);");
                c.line("__stcg(&slot->f, x.f);");
            } else {
                c.line("__stcg(slot, x);");
            }
            c.line("__threadfence();");
            c.line("((volatile unsigned long long*)s.words)[tile] = status << 62 | s.epoch << EPOCH_SHIFT;");
            c.line("}");
            c.line("// The status in word w of tile's slot; once published, its value into x.");
            c.line("__device__ __forceinline__ unsigned long long decode_status(TileStatus s, long long tile, unsigned long long w, V* x) {");
            c.line("const unsigned long long status = status_of(s, w);");
            c.line("if (status != STATUS_INVALID) {");
            c.line("__threadfence();");
            c.line("const V* slot = (status == STATUS_PREFIX ? s.prefixes : s.aggregates) + tile;");
            c.line(o.segmented() ? "*x = make_v(__ldcg(&slot->v), __ldcg(&slot->f));" : "*x = __ldcg(slot);");
            c.line("}");
            c.line("return status;");
            c.line("}");
        }
        c.line("__device__ __forceinline__ unsigned long long read_status(TileStatus s, long long tile, V* x) {");
        c.line("return decode_status(s, tile, status_word(s, tile), x);");
        c.line("}");
    }

    /**
     * {@code look_back}: one warp combines the predecessors 32 at a time (one per lane), waiting only for the tiles
     * up to the nearest inclusive prefix. With {@link DeviceScanTuning.LookBack#EARLY} it takes the first window's
     * status words read earlier, and polls again at once (without backing off) when they did not suffice.
     */
    static void emitLookBack(CodeBuilder c, DeviceScanTuning tuning) {
        boolean early = tuning.lookBack() == DeviceScanTuning.LookBack.EARLY;
        c.line("// Decoupled look-back (one warp): combine the predecessors 32 at a time (lane j looks at tile - 1 - j)");
        c.line("// until one of them has published its inclusive prefix; returns the total of every tile before this one.");
        if (early) c.line("// first: lane j's status word of tile - 1 - j, read before the network (it may be stale by now).");
        c.line("__device__ __forceinline__ V look_back(TileStatus status, long long tile, int lane" + (early ? ", unsigned long long first" : "") + ") {");
        c.line("V exclusive = identity();  // all tiles between the window and this one");
        c.line("long long window = tile - 1;");
        if (early) c.line("bool prefetched = true;");
        c.lines("""
                for (;;) {
                const long long p = window - lane;
                unsigned long long s;
                V value;
                for (;;) {
                if (p >= 0) {
                """);
        c.line(early ? "s = decode_status(status, p, prefetched ? first : status_word(status, p), &value);" : "s = read_status(status, p, &value);");
        c.lines("""
                } else {
                s = STATUS_PREFIX;
                value = identity();
                }
                // Wait only for the tiles up to the nearest inclusive prefix: those farther back are not needed.
                const unsigned prefix_seen = __ballot_sync(FULL_MASK, s == STATUS_PREFIX);
                const unsigned needed = prefix_seen ? ((prefix_seen & (0u - prefix_seen)) << 1) - 1u : FULL_MASK;
                if (!(__ballot_sync(FULL_MASK, s == STATUS_INVALID) & needed)) break;
                """);
        if (early) {
            c.line("if (prefetched) {  // the early words were not enough: read them again now, without backing off");
            c.line("prefetched = false;");
            c.line("continue;");
            c.line("}");
        }
        if (tuning.backoffNanos() > 0) c.line("__nanosleep(" + tuning.backoffNanos() + ");  // back off before polling again");
        c.line("}");
        if (early) c.line("prefetched = false;");
        c.lines("""
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
     * What the early and dedicated-warp look-backs need before the kernel: the warp total by shuffles and, for the
     * dedicated warp, the named barriers.
     */
    static void emitHelpers(CodeBuilder c, DeviceScanTuning tuning) {
        if (tuning.lookBack() == DeviceScanTuning.LookBack.AFTER_NETWORK) return;
        c.lines("""
                // The total of a warp's values, combined in lane order (lane 0's on the left), in lane 0.
                __device__ __forceinline__ V warp_total(V x, int lane) {
                #pragma unroll
                for (int d = 1; d < 32; d <<= 1) {
                const V higher = shfl_down(x, d);
                if (lane + d < 32) x = combine(x, higher);
                }
                return x;
                }
                """);
        c.blank();
    }

    /**
     * The named barriers of the dedicated look-back warp, before the network (whose steps synchronise on
     * {@code scan_sync()}): barrier 1 for the LANES scan threads only, barrier 2 where the scan threads hand the warp
     * totals to the look-back warp without waiting, barrier 3 where the look-back warp hands back the prefix.
     */
    static void emitNamedBarriers(CodeBuilder c) {
        c.lines("""
                // Named barriers (PTX bar.sync / bar.arrive with a thread count): the scan threads synchronise the
                // network's steps on barrier 1, which the look-back warp takes no part in; on barrier 2 the scan threads
                // hand the warps' totals to the look-back warp without waiting; on barrier 3 it hands back the prefix.
                #define THREADS (LANES + 32)
                #define LOOK_BACK_WARP (LANES / 32)
                __device__ __forceinline__ void scan_sync() { asm volatile("bar.sync 1, %0;" :: "r"(LANES) : "memory"); }
                __device__ __forceinline__ void totals_arrive() { asm volatile("bar.arrive 2, %0;" :: "r"(THREADS) : "memory"); }
                __device__ __forceinline__ void totals_wait() { asm volatile("bar.sync 2, %0;" :: "r"(THREADS) : "memory"); }
                __device__ __forceinline__ void prefix_arrive() { asm volatile("bar.arrive 3, %0;" :: "r"(THREADS) : "memory"); }
                __device__ __forceinline__ void prefix_wait() { asm volatile("bar.sync 3, %0;" :: "r"(THREADS) : "memory"); }
                """);
        c.blank();
    }

    /** The dedicated look-back warp's whole part of the kernel (it holds no items and returns when done). */
    static void emitDedicatedWarp(CodeBuilder c) {
        c.lines("""
                // 0. The look-back warp (threads LANES .. THREADS - 1) holds no items: it waits for the warps' totals,
                //    publishes the tile's aggregate, looks back, publishes the inclusive prefix and hands the prefix over.
                if (warp == LOOK_BACK_WARP) {
                totals_wait();
                const V aggregate = warp_total(lane < LANES / 32 ? warp_sums[lane] : identity(), lane);  // in lane 0
                if (lane == 0) publish(status, tile, tile == 0 ? STATUS_PREFIX : STATUS_AGGREGATE, aggregate);
                const V prefix = tile == 0 ? identity() : look_back(status, tile, lane);
                PREFIX_HANDOVER
                prefix_arrive();
                return;
                }
                """.replace("PREFIX_HANDOVER", PREFIX_HANDOVER));
        c.blank();
    }

    /**
     * Steps 3 and 4 of a tile, after each thread has reduced its items into {@code total}: the network over the
     * thread totals ({@code scanned}), the aggregate published, the look-back, and {@code tile_prefix} set for the
     * whole block.
     */
    static void emitNetworkAndLookBack(CodeBuilder c, DeviceScanGenerator.TileScan scan) {
        switch (scan.tuning().lookBack()) {
            case AFTER_NETWORK -> afterNetwork(c, scan);
            case EARLY -> early(c, scan);
            case DEDICATED_WARP -> dedicatedWarp(c, scan);
        }
    }

    private static void afterNetwork(CodeBuilder c, DeviceScanGenerator.TileScan scan) {
        c.line("// 3. The network scans the thread totals across the block.");
        scan.emitNetworkCall(c);
        c.line("// The last thread holds the tile's total first: it publishes it at once, before the block synchronises.");
        c.line("const V aggregate = " + (scan.exclusiveNetwork() ? "combine(scanned, total)" : "scanned") + ";");
        c.line("if (t == LANES - 1) publish(status, tile, tile == 0 ? STATUS_PREFIX : STATUS_AGGREGATE, aggregate);");
        scan.emitResultStore(c);
        c.lines("""

                // 4. Decoupled look-back by the first warp (while the others go on to the barrier).
                if (warp == 0) {
                const V prefix = tile == 0 ? identity() : look_back(status, tile, lane);
                if (lane == 0) tile_prefix = prefix;
                }
                __syncthreads();
                if (t == LANES - 1 && tile != 0) publish(status, tile, STATUS_PREFIX, combine(tile_prefix, aggregate));
                """);
    }

    private static void early(CodeBuilder c, DeviceScanGenerator.TileScan scan) {
        c.lines("""
                // 3. The tile's total before the network: each warp's by shuffles, then across the warps' totals.
                WARP_SUMS
                __syncthreads();
                // The first warp publishes the aggregate and reads its first look-back window now; it evaluates the
                // window after the network, whose latency hides the round trip.
                V aggregate = identity();
                unsigned long long first_window = 0;
                if (warp == 0) {
                aggregate = warp_total(lane < LANES / 32 ? warp_sums[lane] : identity(), lane);  // in lane 0
                if (lane == 0) publish(status, tile, tile == 0 ? STATUS_PREFIX : STATUS_AGGREGATE, aggregate);
                if (tile - 1 - lane >= 0) first_window = status_word(status, tile - 1 - lane);
                }
                // The network scans the thread totals across the block.
                """.replace("WARP_SUMS", WARP_SUMS));
        scan.emitNetworkCall(c);
        scan.emitResultStore(c);
        if (scan.tuning().prefixAtStore()) {
            prefixAtStore(c, scan);
            return;
        }
        c.lines("""

                // 4. The first warp finishes the look-back and publishes the inclusive prefix before the block synchronises.
                if (warp == 0) {
                const V prefix = tile == 0 ? identity() : look_back(status, tile, lane, first_window);
                PREFIX_HANDOVER
                }
                __syncthreads();
                """.replace("PREFIX_HANDOVER", PREFIX_HANDOVER));
    }

    /**
     * Step 4 when the prefix is combined in at the store: the first warp arrives, without waiting, at the barrier
     * of the thread results and, after the look-back, at that of the tile's prefix; the other warps wait for the
     * thread results only, so that they rescan their items while the first warp looks back.
     */
    private static void prefixAtStore(CodeBuilder c, DeviceScanGenerator.TileScan scan) {
        boolean results = !scan.exclusiveNetwork();
        c.lines("""

                // 4. The first warp finishes the look-back and publishes the inclusive prefix; it hands the prefix over to
                //    the other warps without waiting for them, and its own rescan starts from the prefix.
                V rescan_prefix = identity();
                if (warp == 0) {
                """);
        if (results) c.line("handover_arrive(RESULTS_READY);");
        c.lines("""
                const V prefix = tile == 0 ? identity() : look_back(status, tile, lane, first_window);
                PREFIX_HANDOVER
                handover_arrive(PREFIX_READY);
                rescan_prefix = prefix;
                """.replace("PREFIX_HANDOVER", PREFIX_HANDOVER));
        c.line(results ? "__syncwarp();  // the warp's thread results" : "}");
        if (results) {
            c.line("} else {");
            c.line("handover_wait(RESULTS_READY);  // the other warps rescan from their thread prefixes while the first warp looks back");
            c.line("}");
        }
    }

    /**
     * The named barriers of the prefix at the store: the first warp arrives at them (PTX bar.arrive), the other
     * warps wait at them (bar.sync), LANES threads each.
     */
    static void emitHandoverBarriers(CodeBuilder c) {
        c.lines("""
                // Named barriers (PTX bar.arrive / bar.sync with a thread count): the first warp arrives without waiting,
                // the other warps wait, for the thread results (1) and for the tile's prefix (2).
                #define RESULTS_READY 1
                #define PREFIX_READY 2
                __device__ __forceinline__ void handover_arrive(int barrier) { asm volatile("bar.arrive %0, %1;" :: "r"(barrier), "r"(LANES) : "memory"); }
                __device__ __forceinline__ void handover_wait(int barrier) { asm volatile("bar.sync %0, %1;" :: "r"(barrier), "r"(LANES) : "memory"); }
                """);
        c.blank();
    }

    private static void dedicatedWarp(CodeBuilder c, DeviceScanGenerator.TileScan scan) {
        c.lines("""
                // 3. Each warp's total goes to the look-back warp, which publishes the tile's aggregate and looks back;
                //    the scan threads arrive at its barrier without waiting and scan the thread totals meanwhile.
                WARP_SUMS
                totals_arrive();
                """.replace("WARP_SUMS", WARP_SUMS));
        scan.emitNetworkCall(c);
        scan.emitResultStore(c);
        c.lines("""

                // 4. The look-back warp hands over the tile's prefix (it has published the inclusive prefix already).
                prefix_wait();
                """);
    }
}
