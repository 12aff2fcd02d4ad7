package org.entangle.cuda.patterns;

/**
 * The CUDA C of {@link CompactSource}'s tiles, after its constants ({@code E}, {@code THREADS}, {@code ITEMS},
 * {@code DIRECT}, {@code PERSISTENT}, {@code TILE}, {@code VEC}, {@code Vec}, {@code staging}, {@code pad}, the status
 * values) and the network's {@code block_scan}: the tile status words and their decoupled look-back (Merrill &amp;
 * Garland 2016), the tile's loads, its keep bits, and the loop over the tiles a block takes.
 */
final class CompactTileCode {

    private CompactTileCode() {
    }

    /**
     * Tile status and the look-back by one warp, which sleeps {@code backoffNanos} after each read that finds a tile it
     * needs not yet published and, when {@code settleNanos} is positive, that long before its first read (CUB's
     * fixed look-back delay: the predecessors' status words have time to land in L2, so the first window more often
     * ends at an inclusive prefix).
     */
    static String lookBack(int backoffNanos, int settleNanos) {
        String settle = settleNanos > 0 ? "\n__nanosleep(" + settleNanos + ");   // before the first read: the predecessors' words reach L2" : "";
        return """
            // Tile status: bits 62-63 the status, bits 0-31 the count (the tile's own, or with all before it).
            __device__ __forceinline__ void publish(unsigned long long* words, long long tile, unsigned long long status, unsigned count) {
            ((volatile unsigned long long*)words)[tile] = status << 62 | count;
            }

            // Decoupled look-back by one warp: lane j reads tile - 1 - j; waits only for tiles up to the nearest
            // inclusive prefix; returns the count of all tiles before this one.
            __device__ unsigned look_back(const unsigned long long* words, long long tile) {
            const int lane = threadIdx.x & 31;
            unsigned exclusive = 0;
            long long window = tile - 1;%s
            for (;;) {
            const long long p = window - lane;
            unsigned long long s;
            unsigned value;
            for (;;) {
            if (p >= 0) {
            const unsigned long long word = ((const volatile unsigned long long*)words)[p];
            s = word >> 62;
            value = (unsigned)word;
            } else {
            s = STATUS_PREFIX;
            value = 0;
            }
            const unsigned prefix_seen = __ballot_sync(FULL_MASK, s == STATUS_PREFIX);
            const unsigned needed = prefix_seen ? ((prefix_seen & (0u - prefix_seen)) << 1) - 1u : FULL_MASK;
            if (!(__ballot_sync(FULL_MASK, s == STATUS_INVALID) & needed)) break;
            __nanosleep(%d);
            }
            const unsigned prefix_lanes = __ballot_sync(FULL_MASK, s == STATUS_PREFIX);
            const int last = prefix_lanes ? __ffs(prefix_lanes) - 1 : 31;
            if (lane > last) value = 0;
            #pragma unroll
            for (int d = 16; d > 0; d >>= 1) value += __shfl_xor_sync(FULL_MASK, value, d);
            exclusive += value;
            if (prefix_lanes) break;
            window -= 32;
            }
            return exclusive;
            }
            """.formatted(settle, backoffNanos);
    }

    /**
     * The tile's loads (elements, and raw flag bytes) and its keep bits; a full tile's 16-byte element loads are
     * {@code src[k * 32 + lane]} ({@code vectorLoad} null) or through {@code load_vec}, defined by {@code vectorLoad}.
     */
    static String loads(String vectorLoad) {
        String definition = vectorLoad == null ? "" : "\n" + vectorLoad;
        String load = vectorLoad == null ? "src[k * 32 + lane]" : "load_vec(src + k * 32 + lane)";
        return """
            constexpr int CHUNKS = ITEMS / VEC;   // 16-byte loads per thread%s

            // Issues the loads of one tile: the warp's WARP_ITEMS elements in chunks of 32 x VEC, lane l holding vector
            // k * 32 + l of the warp's (coalesced 16-byte loads of a full aligned tile), and with FLAGS in the persistent
            // schedule the matching flag bytes (VEC in one word when aligned). Nothing here waits for the data.
            template <bool FLAGS>
            __device__ __forceinline__ void load_tile(const E* __restrict__ in, const unsigned char* __restrict__ flags, long long tile, long long n,
            E (&x)[CHUNKS][VEC], unsigned (&f)[CHUNKS]) {
            const int lane = threadIdx.x & 31;
            const long long start = tile * TILE + (threadIdx.x >> 5) * WARP_ITEMS;
            const bool full = (tile + 1) * TILE <= n;
            if (full && (((size_t)in) & 15) == 0) {
            const Vec* src = (const Vec*)(in + start);
            #pragma unroll
            for (int k = 0; k < CHUNKS; ++k) {
            const Vec v = %s;
            #pragma unroll
            for (int q = 0; q < VEC; ++q) x[k][q] = v.e[q];
            }
            } else {
            #pragma unroll
            for (int k = 0; k < CHUNKS; ++k) {
            #pragma unroll
            for (int q = 0; q < VEC; ++q) {
            const long long i = start + (k * 32 + lane) * VEC + q;
            x[k][q] = i < n ? in[i] : E(0);
            }
            }
            }
            if (FLAGS && PERSISTENT) {
            if (full && (((size_t)flags) & (VEC - 1)) == 0) {
            #pragma unroll
            for (int k = 0; k < CHUNKS; ++k) {
            const unsigned char* p = flags + start + (k * 32 + lane) * VEC;
            f[k] = VEC == 4 ? *(const unsigned*)p : *(const unsigned short*)p;
            }
            } else {
            #pragma unroll
            for (int k = 0; k < CHUNKS; ++k) {
            unsigned word = 0;
            #pragma unroll
            for (int q = 0; q < VEC; ++q) {
            const long long i = start + (k * 32 + lane) * VEC + q;
            if (i < n) word |= (unsigned)flags[i] << (8 * q);
            }
            f[k] = word;
            }
            }
            }
            }

            // What the thread keeps (bit k * VEC + q): a nonzero flag byte (read here, one word per vector when aligned,
            // unless loaded with the tile), or an element inside the array above the threshold.
            template <bool FLAGS>
            __device__ __forceinline__ unsigned keep_bits(const E (&x)[CHUNKS][VEC], const unsigned (&f)[CHUNKS], const unsigned char* __restrict__ flags,
            E threshold, long long tile, long long n) {
            const int lane = threadIdx.x & 31;
            const long long start = tile * TILE + (threadIdx.x >> 5) * WARP_ITEMS;
            const bool full = (tile + 1) * TILE <= n;
            unsigned keep = 0;
            if (FLAGS && !PERSISTENT) {
            if (full && (((size_t)flags) & (VEC - 1)) == 0) {
            #pragma unroll
            for (int k = 0; k < CHUNKS; ++k) {
            const unsigned char* p = flags + start + (k * 32 + lane) * VEC;
            const unsigned word = VEC == 4 ? *(const unsigned*)p : *(const unsigned short*)p;
            #pragma unroll
            for (int q = 0; q < VEC; ++q) keep |= ((word >> (8 * q)) & 0xffu) ? 1u << (k * VEC + q) : 0u;
            }
            } else {
            #pragma unroll
            for (int k = 0; k < CHUNKS; ++k) {
            #pragma unroll
            for (int q = 0; q < VEC; ++q) {
            const long long i = start + (k * 32 + lane) * VEC + q;
            keep |= (i < n && flags[i]) ? 1u << (k * VEC + q) : 0u;
            }
            }
            }
            } else {
            #pragma unroll
            for (int k = 0; k < CHUNKS; ++k) {
            #pragma unroll
            for (int q = 0; q < VEC; ++q) {
            const long long i = start + (k * 32 + lane) * VEC + q;
            const bool kept = FLAGS ? ((f[k] >> (8 * q)) & 0xffu) != 0u : ((full || i < n) && x[k][q] > threshold);
            keep |= kept ? 1u << (k * VEC + q) : 0u;
            }
            }
            }
            return keep;
            }
            """.formatted(definition, load);
    }

    /** The tiles of one block: one ({@code blockIdx.x}), or with {@code PERSISTENT} those it takes from the tile counter in order. */
    static final String TILES = """
            template <bool FLAGS>
            __device__ __forceinline__ void compact_tiles(const E* __restrict__ in, const unsigned char* __restrict__ flags, E threshold,
            E* __restrict__ out, unsigned long long* __restrict__ count, long long n, unsigned long long* __restrict__ scratch) {
            static_assert(!(PERSISTENT && DIRECT), "a persistent block loads its next tile over the registers direct stores read");
            __shared__ unsigned tile_prefix;
            __shared__ int tile_count;
            __shared__ long long claimed[2];   // tiles taken from the counter, alternately
            E* items = (E*)staging;
            const int t = threadIdx.x;
            const int lane = t & 31;
            const int warp = t >> 5;
            const long long tiles = n > 0 ? (n + TILE - 1) / TILE : 1;
            unsigned long long* const counter = scratch + tiles;   // the next tile to take (zeroed with the status words)
            long long tile = blockIdx.x;
            if (PERSISTENT) {
            if (t == 0) claimed[0] = (long long)atomicAdd(counter, 1ull);
            __syncthreads();
            tile = claimed[0];
            if (tile >= tiles) return;
            }
            E x[CHUNKS][VEC];
            unsigned f[CHUNKS];
            load_tile<FLAGS>(in, flags, tile, n, x, f);
            for (int round = 1; tile < tiles; ++round) {
            long long taken = 0;
            if (PERSISTENT && t == 0) taken = (long long)atomicAdd(counter, 1ull);   // the following tile, used after the gather
            const unsigned keep = keep_bits<FLAGS>(x, f, flags, threshold, tile, n);
            // 1. A ballot per vector slot counts each chunk's kept elements; lane k takes chunk k's count.
            int chunk_count = 0;
            #pragma unroll
            for (int k = 0; k < CHUNKS; ++k) {
            int kept = 0;
            #pragma unroll
            for (int q = 0; q < VEC; ++q) kept += __popc(__ballot_sync(FULL_MASK, (keep >> (k * VEC + q)) & 1u));
            if (lane == k) chunk_count = kept;
            }
            // 2. The network scans the per-thread counts: ordered by warp then lane, they are the chunks in the tile's
            //    order, so each chunk's offset in the tile; the last thread publishes the tile's count.
            const int inclusive = block_scan(chunk_count);
            const int exclusive = inclusive - chunk_count;
            if (t == THREADS - 1) {
            tile_count = inclusive;
            publish(scratch, tile, tile == 0 ? STATUS_PREFIX : STATUS_AGGREGATE, (unsigned)inclusive);
            }
            // 3. Staged: gather the kept elements in order into shared memory, at the chunk's offset, then the lanes
            //    below (the same ballots, masked) and the thread's earlier kept elements.
            const unsigned below = (1u << lane) - 1u;
            if (!DIRECT) {
            @GATHER@
            }
            // 4. Persistent: the registers are free, so the following tile's loads go out now and stay in flight
            //    through this tile's look-back and stores.
            long long following = tiles;
            if (PERSISTENT) {
            if (t == 0) claimed[round & 1] = taken;
            __syncthreads();
            following = claimed[round & 1];
            if (following < tiles) load_tile<FLAGS>(in, flags, following, n, x, f);
            }
            // 5. Look-back: the count of all earlier tiles.
            if (warp == 0) {
            const unsigned prefix = tile == 0 ? 0u : look_back(scratch, tile);
            if (lane == 0) tile_prefix = prefix;
            }
            __syncthreads();
            const unsigned prefix = tile_prefix;
            const int total = tile_count;
            if (t == THREADS - 1 && tile != 0) publish(scratch, tile, STATUS_PREFIX, prefix + (unsigned)total);
            // 6. Store the kept elements: staged, coalesced from shared memory; direct, each thread its own at the
            //    same offsets as the gather (a warp's chunk is one contiguous run of the output).
            if (DIRECT) {
            E* const dst = out + prefix;
            @DIRECT@
            } else {
            #pragma unroll
            for (int k = 0; k < ITEMS; ++k) {
            const int i = k * THREADS + t;
            if (i < total) out[(long long)prefix + i] = items[pad(i)];
            }
            }
            if (tile == tiles - 1 && t == 0) *count = (unsigned long long)prefix + (unsigned long long)total;
            if (following < tiles) __syncthreads();   // the staging array, tile_count and tile_prefix serve the following tile
            tile = following;
            }
            }
            """.replace("@GATHER@\n", keptInOrder("items[pad(at++)]")).replace("@DIRECT@\n", keptInOrder("dst[at++]"));

    /**
     * Writes a thread's kept elements in order through {@code target} (an expression of the running offset {@code at}):
     * at its chunk's offset in the tile, plus the kept elements of the lanes below (the same ballots, masked) and of
     * its earlier slots. The staged gather and the direct store share it.
     */
    private static String keptInOrder(String target) {
        return """
                #pragma unroll
                for (int k = 0; k < CHUNKS; ++k) {
                int at = __shfl_sync(FULL_MASK, exclusive, k);
                #pragma unroll
                for (int q = 0; q < VEC; ++q) at += __popc(__ballot_sync(FULL_MASK, (keep >> (k * VEC + q)) & 1u) & below);
                #pragma unroll
                for (int q = 0; q < VEC; ++q) {
                if ((keep >> (k * VEC + q)) & 1u) TARGET = x[k][q];
                }
                }
                """.replace("TARGET", target);
    }
}
