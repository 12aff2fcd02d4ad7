// Candidate radix-sort kernels (experiment; uint32 keys, flip = identity).
// NET: namespace struct with static int scan(int) = inclusive network prefix across the block.
#pragma once
namespace cand {
constexpr int RADIX = 256;
constexpr unsigned FLAG_PARTIAL = 1u << 30;
constexpr unsigned FLAG_GLOBAL = 2u << 30;
constexpr unsigned COUNT_MASK = (1u << 30) - 1u;

__device__ __forceinline__ unsigned flip(unsigned u) { return u; }
__device__ __forceinline__ unsigned digit_of(unsigned key, int shift) { return (flip(key) >> shift) & (RADIX - 1); }
// The same digit, computed again where it is needed rather than kept live in a register since the histogram.
__device__ __forceinline__ unsigned digit_again(unsigned key, int shift) {
    unsigned d;
    asm volatile("bfe.u32 %0, %1, %2, 8;" : "=r"(d) : "r"(flip(key)), "r"(shift));
    return d;
}
constexpr unsigned PAD_KEY = 0xFFFFFFFFu;  // flips to all ones: digit 255 in every pass

// ---- all four digit histograms at once (+ varying bits) ----
template <int THREADS>
__global__ void __launch_bounds__(THREADS) histogram(const unsigned* __restrict__ keys, unsigned* __restrict__ hist, long long n,
                                                     unsigned* __restrict__ bits_seen) {
    __shared__ unsigned h[4][RADIX];
    __shared__ unsigned block_bits[2];
    for (int i = threadIdx.x; i < 4 * RADIX; i += THREADS) (&h[0][0])[i] = 0u;
    if (threadIdx.x < 2) block_bits[threadIdx.x] = 0u;
    __syncthreads();
    unsigned ones = 0u, zeros = 0u;
    const long long vectors = n / 4;
    const uint4* v4 = (const uint4*)keys;
    const long long stride = (long long)gridDim.x * THREADS;
    for (long long i = (long long)blockIdx.x * THREADS + threadIdx.x; i < vectors; i += stride) {
        const uint4 v = __ldg(v4 + i);
        const unsigned k[4] = {flip(v.x), flip(v.y), flip(v.z), flip(v.w)};
        #pragma unroll
        for (int q = 0; q < 4; ++q) {
            ones |= k[q];
            zeros |= ~k[q];
            #pragma unroll
            for (int p = 0; p < 4; ++p) atomicAdd(&h[p][(k[q] >> (8 * p)) & 255u], 1u);
        }
    }
    if (blockIdx.x == 0 && threadIdx.x < (n & 3)) {
        const unsigned k = flip(keys[vectors * 4 + threadIdx.x]);
        ones |= k;
        zeros |= ~k;
        #pragma unroll
        for (int p = 0; p < 4; ++p) atomicAdd(&h[p][(k >> (8 * p)) & 255u], 1u);
    }
    ones = __reduce_or_sync(0xffffffffu, ones);
    zeros = __reduce_or_sync(0xffffffffu, zeros);
    if ((threadIdx.x & 31) == 0) { atomicOr(&block_bits[0], ones); atomicOr(&block_bits[1], zeros); }
    __syncthreads();
    if (threadIdx.x < 2) atomicOr(&bits_seen[threadIdx.x], block_bits[threadIdx.x]);
    for (int i = threadIdx.x; i < 4 * RADIX; i += THREADS) {
        const unsigned c = (&h[0][0])[i];
        if (c) atomicAdd(&hist[i], c);
    }
}

// ---- exclusive scan of each pass's 256 bins by the network (block p: pass p) ----
template <int THREADS, typename NET>
__global__ void __launch_bounds__(THREADS) bin_scan(const unsigned* __restrict__ hist, unsigned* __restrict__ bin_base) {
    const int d = threadIdx.x;
    const int x = d < RADIX ? (int)hist[blockIdx.x * RADIX + d] : 0;
    const int incl = NET::scan(x);
    if (d < RADIX) bin_base[blockIdx.x * RADIX + d] = (unsigned)(incl - x);
}

// ---- per-tile digit counts, digit-major (reduce-then-scan) ----
template <int THREADS, int ITEMS>
__global__ void __launch_bounds__(THREADS) upsweep(const unsigned* __restrict__ keys, unsigned* __restrict__ counts, long long n, int shift) {
    constexpr int TILE = THREADS * ITEMS;
    constexpr int WARPS = THREADS / 32;
    constexpr int SUB = WARPS < 4 ? WARPS : 4;
    __shared__ unsigned h[SUB][RADIX];
    for (int i = threadIdx.x; i < SUB * RADIX; i += THREADS) (&h[0][0])[i] = 0u;
    __syncthreads();
    const long long base = (long long)blockIdx.x * TILE;
    const long long rest = n - base;
    const int valid = rest < TILE ? (int)rest : TILE;
    unsigned* mine = h[(threadIdx.x >> 5) % SUB];
    if (valid == TILE && (ITEMS % 4) == 0) {
        const uint4* v4 = (const uint4*)(keys + base);
        #pragma unroll
        for (int j = 0; j < ITEMS / 4; ++j) {
            const uint4 v = __ldg(v4 + j * THREADS + threadIdx.x);
            atomicAdd(&mine[digit_of(v.x, shift)], 1u);
            atomicAdd(&mine[digit_of(v.y, shift)], 1u);
            atomicAdd(&mine[digit_of(v.z, shift)], 1u);
            atomicAdd(&mine[digit_of(v.w, shift)], 1u);
        }
    } else {
        for (int p = threadIdx.x; p < valid; p += THREADS) atomicAdd(&mine[digit_of(__ldg(keys + base + p), shift)], 1u);
    }
    __syncthreads();
    const long long tiles = (n + TILE - 1) / TILE;
    for (int d = threadIdx.x; d < RADIX; d += THREADS) {
        unsigned t = 0u;
        #pragma unroll
        for (int s = 0; s < SUB; ++s) t += h[s][d];
        counts[(long long)d * tiles + blockIdx.x] = t;
    }
}

// ---- one LSD pass: rank the tile (early warp counts, network digit scan, match-any ranks), digit offsets from
// either the scanned digit-major counts (LOOKBACK false) or decoupled look-back per digit (true), scatter ----
template <int THREADS, int ITEMS>
struct PassShared {
    static constexpr int TILE = THREADS * ITEMS;
    static constexpr int WARPS = THREADS / 32;
    unsigned staged[TILE];
    unsigned warp_count[WARPS][RADIX];
    unsigned digit_start[RADIX];
    unsigned digit_out[RADIX];  // global position of the tile's first key of each digit minus its local start
    long long tile;
};

#ifndef RANK_GROUP
#define RANK_GROUP 1
#endif
template <int THREADS, int ITEMS, bool PAIRS, bool LOOKBACK, bool FULL, typename NET>
__device__ __forceinline__ void pass_tile(PassShared<THREADS, ITEMS>& s, const unsigned* __restrict__ keys_in, unsigned* __restrict__ keys_out,
                                          const unsigned* __restrict__ values_in, unsigned* __restrict__ values_out,
                                          const unsigned* __restrict__ offsets, unsigned* __restrict__ status,
                                          long long n, int shift, long long tile, int valid) {
    constexpr int TILE = THREADS * ITEMS;
    constexpr int WARPS = THREADS / 32;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const long long base = tile * TILE;
    const int warp_base = warp * 32 * ITEMS;
#define IN_TILE(p) (FULL || (p) < valid)
    unsigned keys[ITEMS];
    #pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        const int p = warp_base + j * 32 + lane;
        keys[j] = IN_TILE(p) ? __ldg(keys_in + base + p) : PAD_KEY;  // pads sort last, after every key
    }
    for (int i = threadIdx.x; i < WARPS * RADIX; i += THREADS) (&s.warp_count[0][0])[i] = 0u;
    __syncthreads();
    // 1. warp histograms
    #pragma unroll
    for (int j = 0; j < ITEMS; ++j) atomicAdd(&s.warp_count[warp][digit_of(keys[j], shift)], 1u);
    __syncthreads();
    // 2. per digit: exclusive over warps, tile total; publish the tile's partial count
    unsigned total = 0u;
    if (threadIdx.x < RADIX) {
        const int d = threadIdx.x;
        #pragma unroll
        for (int w = 0; w < WARPS; ++w) {
            const unsigned c = s.warp_count[w][d];
            s.warp_count[w][d] = total;
            total += c;
        }
        if (!FULL && d == RADIX - 1) total -= TILE - valid;   // the pads
        if (LOOKBACK) ((volatile unsigned*)status)[tile * RADIX + d] = (tile == 0 ? FLAG_GLOBAL : FLAG_PARTIAL) | total;
    }
    // 3. the network scans the digit totals across the block (one digit per lane for a 256-wide network)
    const int incl = NET::scan((int)total);
    const unsigned start = (unsigned)incl - total;
    if (threadIdx.x < RADIX) {
        #pragma unroll
        for (int w = 0; w < WARPS; ++w) s.warp_count[w][threadIdx.x] += start;
    }
    __syncthreads();
    // 4. ranks: match peers, the leader claims their slots; keys go to their place in the tile
    unsigned pos[ITEMS];
    const unsigned lanes_below = (1u << lane) - 1u;
    #pragma unroll
    for (int g = 0; g < ITEMS; g += RANK_GROUP) {
        #pragma unroll
        for (int j = g; j < g + RANK_GROUP && j < ITEMS; ++j) {
            const unsigned d = digit_again(keys[j], shift);
            unsigned peers = 0xffffffffu;
            #pragma unroll
            for (int b = 0; b < 8; ++b) {
                const bool one = (d >> b) & 1u;
                const unsigned ones = __ballot_sync(0xffffffffu, one);
                peers &= one ? ones : ~ones;
            }
            const int leader = 31 - __clz(peers);
            unsigned first = 0u;
            if (lane == leader) first = atomicAdd(&s.warp_count[warp][d], (unsigned)__popc(peers));
            pos[j] = __shfl_sync(0xffffffffu, first, leader) + __popc(peers & lanes_below);
        }
        #pragma unroll
        for (int j = g; j < g + RANK_GROUP && j < ITEMS; ++j) {
            s.staged[pos[j]] = keys[j];
        }
    }
    // 5. global offsets of the tile's digits
    if (threadIdx.x < RADIX) {
        const int d = threadIdx.x;
        unsigned before;
        if (LOOKBACK) {
            unsigned sum = 0u;
            for (long long t = tile - 1; t >= 0; --t) {
                unsigned v;
                do { v = ((volatile unsigned*)status)[t * RADIX + d]; } while (v == 0u);
                sum += v & COUNT_MASK;
                if (v & FLAG_GLOBAL) break;
            }
            if (tile > 0) ((volatile unsigned*)status)[tile * RADIX + d] = FLAG_GLOBAL | (sum + total);
            before = offsets[d] + sum;
        } else {
            before = offsets[(long long)d * ((n + TILE - 1) / TILE) + tile];
        }
        s.digit_out[d] = before - start;
    }
    __syncthreads();
    unsigned digits[PAIRS ? (ITEMS + 3) / 4 : 1];
    #pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const int i = k * THREADS + threadIdx.x;
        if (IN_TILE(i)) {
            const unsigned key = s.staged[i];
            const unsigned d = digit_of(key, shift);
            keys_out[s.digit_out[d] + i] = key;
            if (PAIRS) digits[k / 4] = k % 4 == 0 ? d : digits[k / 4] | d << (8 * (k % 4));
        }
    }
    if (PAIRS) {
        unsigned values[ITEMS];
        #pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const int p = warp_base + j * 32 + lane;
            values[j] = IN_TILE(p) ? __ldg(values_in + base + p) : 0u;
        }
        __syncthreads();
        #pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            s.staged[pos[j]] = values[j];
        }
        __syncthreads();
        #pragma unroll
        for (int k = 0; k < ITEMS; ++k) {
            const int i = k * THREADS + threadIdx.x;
            if (IN_TILE(i)) values_out[s.digit_out[(digits[k / 4] >> (8 * (k % 4))) & 255u] + i] = s.staged[i];
        }
    }
#undef IN_TILE
}

template <int THREADS, int ITEMS, bool PAIRS, bool LOOKBACK, typename NET, int MINB = 1>
__global__ void __launch_bounds__(THREADS, MINB) pass(const unsigned* __restrict__ keys_in, unsigned* __restrict__ keys_out,
                                                const unsigned* __restrict__ values_in, unsigned* __restrict__ values_out,
                                                const unsigned* __restrict__ offsets, unsigned* __restrict__ status,
                                                unsigned* __restrict__ tile_counter, long long n, int shift) {
    constexpr int TILE = THREADS * ITEMS;
    __shared__ PassShared<THREADS, ITEMS> s;
    long long tile;
    if (LOOKBACK) {
        if (threadIdx.x == 0) s.tile = atomicAdd(tile_counter, 1u);
        __syncthreads();
        tile = s.tile;
    } else {
        tile = blockIdx.x;
    }
    const long long rest = n - tile * TILE;
    if (rest >= TILE) {
        pass_tile<THREADS, ITEMS, PAIRS, LOOKBACK, true, NET>(s, keys_in, keys_out, values_in, values_out, offsets, status, n, shift, tile, TILE);
    } else {
        pass_tile<THREADS, ITEMS, PAIRS, LOOKBACK, false, NET>(s, keys_in, keys_out, values_in, values_out, offsets, status, n, shift, tile, (int)rest);
    }
}
}  // namespace cand
