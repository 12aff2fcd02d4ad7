package org.entangle.cuda.patterns;

import org.entangle.cuda.CodeBuilder;
import org.entangle.network.Network;

/** The upsweep and scatter kernels of one {@link RadixSortSource.Config} (see there for the algorithm). */
final class RadixSortKernels {

    private RadixSortKernels() {
    }

    static String unit(Network network, boolean exclusiveNetwork, RadixSortSource.Config cfg) {
        int threads = RadixSortSource.blockThreads(network);
        int items = RadixSortSource.TILE / threads;
        int digitsPerLane = Math.max(1, 256 / network.width());
        CodeBuilder c = new CodeBuilder();
        c.blank();
        c.line("namespace " + cfg.namespace() + " {");
        BlockNetworkScan.emit(c, network, threads, exclusiveNetwork);
        c.line("constexpr int THREADS = " + threads + ";");
        c.line("constexpr int ITEMS = " + items + ";             // keys per thread");
        c.line("constexpr int TILE_KEYS = THREADS * ITEMS;");
        c.line("constexpr int WARPS = THREADS / 32;");
        c.line("constexpr int RADIX = 256;");
        c.line("constexpr int SUBHISTS = 4;            // upsweep histograms, one per group of warps, against atomic contention");
        c.line("constexpr int DIGITS_PER_LANE = " + digitsPerLane + ";  // digits each network lane totals in the block scan");
        c.line("// The key's bits mapped to an unsigned integer of the same order (" + cfg.key().token() + ").");
        c.line("__device__ __forceinline__ unsigned flip(unsigned u) { return " + cfg.key().cFlip() + "; }");
        c.line("__device__ __forceinline__ unsigned digit_of(unsigned key, int shift) { return (flip(key) >> shift) & (RADIX - 1); }");
        c.blank();
        emitUpsweep(c, cfg);
        c.blank();
        emitScatter(c, cfg);
        c.line("}  // namespace " + cfg.namespace());
        return c.toString();
    }

    private static void emitUpsweep(CodeBuilder c, RadixSortSource.Config cfg) {
        c.lines("""
                // Pass 1: the digit counts of each tile, digit-major: counts[digit * tiles + tile]. With track_bits, also
                // bits_seen[0] |= OR of the flipped keys and bits_seen[1] |= OR of their complements (a bit set in both
                // varies between keys; a digit with no varying bit need not be sorted on).
                """);
        c.line("extern \"C\" __global__ void __launch_bounds__(THREADS) " + cfg.upsweepEntry()
                + "(const unsigned* __restrict__ keys, unsigned* __restrict__ counts, long long n, long long shift_ll, "
                + "unsigned* __restrict__ bits_seen, long long track_bits) {");
        c.lines("""
                __shared__ unsigned hist[SUBHISTS][RADIX];
                __shared__ unsigned block_bits[2];
                const int shift = (int)shift_ll;
                for (int i = threadIdx.x; i < SUBHISTS * RADIX; i += THREADS) (&hist[0][0])[i] = 0u;
                if (threadIdx.x < 2) block_bits[threadIdx.x] = 0u;
                __syncthreads();
                const long long tile_base = (long long)blockIdx.x * TILE_KEYS;
                const long long rest = n - tile_base;
                const int valid = rest < TILE_KEYS ? (int)rest : TILE_KEYS;
                unsigned* mine = hist[(threadIdx.x >> 5) % SUBHISTS];
                unsigned ones = 0u, zeros = 0u;
                #pragma unroll
                for (int j = 0; j < ITEMS; ++j) {
                const int p = j * THREADS + threadIdx.x;
                if (p < valid) {
                const unsigned u = flip(__ldg(keys + tile_base + p));
                atomicAdd(&mine[(u >> shift) & (RADIX - 1)], 1u);
                ones |= u;
                zeros |= ~u;
                }
                }
                if (track_bits) {
                ones = __reduce_or_sync(FULL_MASK, ones);
                zeros = __reduce_or_sync(FULL_MASK, zeros);
                if ((threadIdx.x & 31) == 0) { atomicOr(&block_bits[0], ones); atomicOr(&block_bits[1], zeros); }
                }
                __syncthreads();
                if (track_bits && threadIdx.x < 2) atomicOr(&bits_seen[threadIdx.x], block_bits[threadIdx.x]);
                const long long tiles = (n + TILE_KEYS - 1) / TILE_KEYS;
                for (int d = threadIdx.x; d < RADIX; d += THREADS) {
                unsigned total = 0u;
                #pragma unroll
                for (int h = 0; h < SUBHISTS; ++h) total += hist[h][d];
                counts[(long long)d * tiles + blockIdx.x] = total;
                }
                }
                """);
    }

    private static void emitScatter(CodeBuilder c, RadixSortSource.Config cfg) {
        boolean pairs = cfg.pairs();
        c.lines("""
                // Pass 3: each warp ranks its 32 x ITEMS consecutive keys stably (warp-match peers, per-warp digit
                // counters); per digit the warps' counts become exclusive offsets; the network scans the digit totals
                // across the block; keys (then values) are placed in shared memory in digit order and written out to
                // offsets[digit * tiles + tile] plus their place among the tile's keys of that digit.
                """);
        c.line("extern \"C\" __global__ void __launch_bounds__(THREADS) " + cfg.scatterEntry()
                + "(const unsigned* __restrict__ keys_in, unsigned* __restrict__ keys_out, "
                + (pairs ? "const unsigned* __restrict__ values_in, unsigned* __restrict__ values_out, " : "")
                + "const unsigned* __restrict__ offsets, long long n, long long shift_ll) {");
        c.lines("""
                __shared__ unsigned staged[TILE_KEYS];
                __shared__ unsigned short warp_counts[WARPS][RADIX];
                __shared__ unsigned digit_start[RADIX];
                __shared__ unsigned digit_out[RADIX];
                const int shift = (int)shift_ll;
                const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
                const long long tiles = (n + TILE_KEYS - 1) / TILE_KEYS;
                const long long tile_base = (long long)blockIdx.x * TILE_KEYS;
                const long long rest = n - tile_base;
                const int valid = rest < TILE_KEYS ? (int)rest : TILE_KEYS;
                for (int i = threadIdx.x; i < WARPS * RADIX; i += THREADS) (&warp_counts[0][0])[i] = 0;
                for (int d = threadIdx.x; d < RADIX; d += THREADS) digit_out[d] = __ldg(offsets + (long long)d * tiles + blockIdx.x);
                const int warp_base = warp * 32 * ITEMS;
                unsigned keys[ITEMS];
                unsigned slot[ITEMS];
                """);
        if (pairs) c.line("unsigned values[ITEMS];");
        c.line("#pragma unroll");
        c.line("for (int j = 0; j < ITEMS; ++j) {");
        c.line("const int p = warp_base + j * 32 + lane;");
        c.line("keys[j] = p < valid ? __ldg(keys_in + tile_base + p) : 0u;");
        if (pairs) c.line("values[j] = p < valid ? __ldg(values_in + tile_base + p) : 0u;");
        c.line("}");
        c.lines("""
                __syncthreads();
                const unsigned lanes_below = (1u << lane) - 1u;
                #pragma unroll
                for (int j = 0; j < ITEMS; ++j) {
                const bool ok = warp_base + j * 32 + lane < valid;
                const unsigned d = ok ? digit_of(keys[j], shift) : RADIX;   // past the end: a digit of its own
                const unsigned peers = __match_any_sync(FULL_MASK, d);
                const unsigned before = ok ? warp_counts[warp][d] : 0u;
                __syncwarp();
                if (ok && lane == __ffs(peers) - 1) warp_counts[warp][d] = (unsigned short)(before + __popc(peers));
                __syncwarp();
                slot[j] = before + __popc(peers & lanes_below);
                }
                __syncthreads();
                // Lane t owns digits [t * DIGITS_PER_LANE, ...): prefix over the warps, then the lane's total.
                const int first = threadIdx.x * DIGITS_PER_LANE;
                int owned = 0;
                for (int d = first; d < first + DIGITS_PER_LANE && d < RADIX; ++d) {
                unsigned run = 0u;
                for (int w = 0; w < WARPS; ++w) {
                const unsigned count = warp_counts[w][d];
                warp_counts[w][d] = (unsigned short)run;
                run += count;
                }
                digit_start[d] = run;
                owned += (int)run;
                }
                unsigned start = (unsigned)(block_scan(owned) - owned);   // the network across the block
                for (int d = first; d < first + DIGITS_PER_LANE && d < RADIX; ++d) {
                const unsigned total = digit_start[d];
                digit_start[d] = start;
                start += total;
                }
                __syncthreads();
                #pragma unroll
                for (int j = 0; j < ITEMS; ++j) {
                if (warp_base + j * 32 + lane < valid) {
                const unsigned d = digit_of(keys[j], shift);
                slot[j] += digit_start[d] + warp_counts[warp][d];
                staged[slot[j]] = keys[j];
                }
                }
                __syncthreads();
                unsigned dest[ITEMS];
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const int i = k * THREADS + threadIdx.x;
                if (i < valid) {
                const unsigned key = staged[i];
                const unsigned d = digit_of(key, shift);
                dest[k] = digit_out[d] + (unsigned)i - digit_start[d];
                keys_out[dest[k]] = key;
                }
                }
                """);
        if (pairs) {
            c.lines("""
                    __syncthreads();
                    #pragma unroll
                    for (int j = 0; j < ITEMS; ++j) {
                    if (warp_base + j * 32 + lane < valid) staged[slot[j]] = values[j];
                    }
                    __syncthreads();
                    #pragma unroll
                    for (int k = 0; k < ITEMS; ++k) {
                    const int i = k * THREADS + threadIdx.x;
                    if (i < valid) values_out[dest[k]] = staged[i];
                    }
                    """);
        }
        c.line("}");
    }
}
