package org.entangle.cuda.patterns;

import org.entangle.cuda.CodeBuilder;

/**
 * The counting kernels of the radix sort (see {@link RadixSortSource}): the digit histograms of all passes in one
 * read of the keys (Onesweep's upfront histogram), and the network's exclusive scan of each pass's histogram.
 */
final class RadixCountKernels {

    private RadixCountKernels() {
    }

    /** Emits both kernels inside the configuration's namespace (after {@code scan_digits} and the key helpers). */
    static void emit(CodeBuilder c, RadixSortSource.Config cfg) {
        c.lines("""
                // Digit counts of every pass, scratch[pass * RADIX + digit], grid-stride over 16-byte loads; also
                // scratch[BITS_AT] |= OR of the flipped keys and scratch[BITS_AT + 1] |= OR of their complements (a bit set in
                // both varies between keys; a pass whose digit has no varying bit need not run). The scratch is zeroed before.
                """);
        c.lines("""
                __device__ __forceinline__ void count_key(unsigned (*counts)[RADIX], unsigned key, unsigned& ones, unsigned& zeros) {
                const unsigned u = flip(key);
                ones |= u;
                zeros |= ~u;
                #pragma unroll
                for (int p = 0; p < 4; ++p) atomicAdd(&counts[p][(u >> (8 * p)) & (RADIX - 1)], 1u);
                }
                """);
        c.line("extern \"C\" __global__ void __launch_bounds__(HISTOGRAM_THREADS) " + cfg.histogramEntry()
                + "(const unsigned* __restrict__ keys, unsigned* __restrict__ scratch, long long n) {");
        c.lines("""
                unsigned* histograms = scratch;
                unsigned* bits_seen = scratch + BITS_AT;
                __shared__ unsigned counts[4][RADIX];
                __shared__ unsigned block_bits[2];
                for (int i = threadIdx.x; i < 4 * RADIX; i += HISTOGRAM_THREADS) (&counts[0][0])[i] = 0u;
                if (threadIdx.x < 2) block_bits[threadIdx.x] = 0u;
                __syncthreads();
                unsigned ones = 0u, zeros = 0u;
                const long long vectors = n / 4;
                const long long stride = (long long)gridDim.x * HISTOGRAM_THREADS;
                for (long long v = (long long)blockIdx.x * HISTOGRAM_THREADS + threadIdx.x; v < vectors; v += stride) {
                const uint4 q = __ldg((const uint4*)keys + v);
                count_key(counts, q.x, ones, zeros);
                count_key(counts, q.y, ones, zeros);
                count_key(counts, q.z, ones, zeros);
                count_key(counts, q.w, ones, zeros);
                }
                if (blockIdx.x == 0 && threadIdx.x < (n & 3)) count_key(counts, keys[vectors * 4 + threadIdx.x], ones, zeros);
                ones = __reduce_or_sync(FULL_MASK, ones);
                zeros = __reduce_or_sync(FULL_MASK, zeros);
                if ((threadIdx.x & 31) == 0) { atomicOr(&block_bits[0], ones); atomicOr(&block_bits[1], zeros); }
                __syncthreads();
                if (threadIdx.x < 2 && block_bits[threadIdx.x] != 0u) atomicOr(&bits_seen[threadIdx.x], block_bits[threadIdx.x]);
                for (int i = threadIdx.x; i < 4 * RADIX; i += HISTOGRAM_THREADS) {
                if ((&counts[0][0])[i] != 0u) atomicAdd(&histograms[i], (&counts[0][0])[i]);
                }
                }

                // Block p: the first output position of each digit in pass p, bin_starts[p * RADIX + d], by the network
                // (histograms: the scratch's first PASSES * RADIX words).
                """);
        c.line("extern \"C\" __global__ void __launch_bounds__(THREADS) " + cfg.binScanEntry()
                + "(const unsigned* __restrict__ histograms, unsigned* __restrict__ bin_starts) {");
        c.lines("""
                __shared__ unsigned totals[RADIX];
                for (int d = threadIdx.x; d < RADIX; d += THREADS) totals[d] = histograms[blockIdx.x * RADIX + d];
                __syncthreads();
                scan_digits(totals);
                __syncthreads();
                for (int d = threadIdx.x; d < RADIX; d += THREADS) bin_starts[blockIdx.x * RADIX + d] = totals[d];
                }
                """);
    }
}
