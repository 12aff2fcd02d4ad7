package org.entangle.cuda.patterns;

import org.entangle.cuda.CodeBuilder;

/**
 * The counting kernels of {@link HistogramSource} (the privatised-histogram design of CUB's
 * {@code DeviceHistogram}, Merrill's CUB agents): 16-byte loads that are not allocated in L1 (the samples are read
 * once; L1 keeps the bin edges and their bucket table), shared-memory counts, merged into the result with one atomic
 * per nonzero bin. While the bins fit in shared memory (one histogram per warp, or per block), one wave of resident
 * blocks splits the input into equal contiguous ranges of 512-byte rows (CUB's even-share partitioning), and each
 * thread keeps a ring of RING loads in flight: a vector is counted, then its register is reloaded with the vector
 * RING steps ahead. The block that finishes last (a ticket after every thread's atomics are fenced, the last-block
 * pattern of the CUDA C Programming Guide's memory-fence example) scans the counts into the cumulative histogram.
 * With more bins, the bins split into chunks counted one per block, and the tiles are handed out dynamically: the
 * blocks of chunk c take a few tiles at a time from a counter of their own (all chunks walk the input in the same
 * order, so a tile read from device memory for one chunk is still in L2 for the others), and a block whose chunk has
 * no tiles left adds its counts to the result and joins the chunk with the most tiles left, so that the blocks of
 * the chunks that skewed data leaves nearly empty help the one that gets most samples. The sample loads carry the
 * configuration's L2 hint ({@link StreamLoad}); with option {@code bulk} the resident forms take their range through
 * shared-memory stages filled by bulk copies ({@link BulkCopyRing}) instead of the ring of register loads.
 */
final class HistogramCounting {

    /** Tiles a chunked block takes from its chunk's counter at a time. */
    static final int GRAB = 8;

    private HistogramCounting() {
    }

    /**
     * The counting function and the entries: {@code even} {@code (in, hist, n, lo_bits, hi_bits, scale_bits)} and
     * {@code range} {@code (in, edges, table, hist, n)}; {@code hist} holds BINS counts and one tile counter per chunk,
     * all zero before the launch.
     */
    static void emit(CodeBuilder c, HistogramSource.Config cfg, int width) {
        int bins = cfg.bins();
        HistogramSource.Privatisation p = HistogramSource.privatisation(width, bins);
        int copies = p == HistogramSource.Privatisation.PER_WARP ? width / 32 : 1;
        int chunks = HistogramSource.chunks(width, bins);
        c.line("// Counting: " + switch (p) {
            case PER_WARP -> "one shared-memory histogram per warp";
            case PER_BLOCK -> "one shared-memory histogram per block";
            case CHUNKED -> chunks + " chunks of at most CHUNK bins, one per block, tiles handed out by a counter per chunk";
        } + ".");
        c.line("constexpr int CHUNK = " + HistogramSource.chunkBins(width, bins) + ";");
        if (p == HistogramSource.Privatisation.CHUNKED) {
            c.line("constexpr int CHUNKS = " + chunks + ";");
            c.line("constexpr int GRAB = " + GRAB + ";");
            c.line("constexpr int VECS = " + HistogramSource.VECTORS + ";");
            c.line("constexpr long long TILE = (long long)THREADS * VEC * VECS;");
        } else {
            c.line("constexpr int COPIES = " + copies + ";");
            if (cfg.bulk() == 0) c.line("constexpr int RING = " + cfg.ring() + ";");
        }
        boolean bulk = cfg.bulk() > 0 && p != HistogramSource.Privatisation.CHUNKED;
        if (bulk) {
            BulkCopyRing.emit(c, cfg.bulk());
        } else {
            c.line("// A vector read once: not allocated in L1.");
            c.lines(cfg.hint().loadFunction());
        }
        c.lines("""
                template <class Bins>
                __device__ __forceinline__ void count_vector(const Vec& x, const Bins& bins, unsigned* counts) {
                #pragma unroll
                for (int q = 0; q < VEC; ++q) {
                const int b = bins(x.e[q]);
                if (b >= 0) atomicAdd(counts + b, 1u);
                }
                }
                """);
        c.line("template <class Bins>");
        c.line("__device__ __forceinline__ void count_samples(const E* __restrict__ in, long long n, Bins bins, unsigned* __restrict__ hist) {");
        if (p == HistogramSource.Privatisation.CHUNKED) emitChunked(c);
        else emitResident(c, bulk);
        c.line("}");
        if (p != HistogramSource.Privatisation.CHUNKED) emitLastBlock(c);
        String bounds = "__launch_bounds__(THREADS, " + HistogramSource.minBlocks(cfg, width) + ")";
        boolean chunked = p == HistogramSource.Privatisation.CHUNKED;
        String cdf = chunked ? "" : "unsigned* __restrict__ cdf, ";
        c.line("extern \"C\" __global__ void " + bounds + " " + cfg.evenEntry() + "(const E* __restrict__ in, unsigned* __restrict__ hist, "
                + cdf + "long long n, long long lo_bits, long long hi_bits, long long scale_bits) {");
        c.line("count_samples(in, n, EvenBins(lo_bits, hi_bits, scale_bits), hist);");
        if (!chunked) c.line("cumulative_by_last_block(hist, cdf);");
        c.line("}");
        c.line("extern \"C\" __global__ void " + bounds + " " + cfg.rangeEntry() + "(const E* __restrict__ in, const E* __restrict__ edges, "
                + "const unsigned* __restrict__ table, unsigned* __restrict__ hist, " + cdf + "long long n) {");
        c.line("count_samples(in, n, RangeBins(edges, table), hist);");
        if (!chunked) c.line("cumulative_by_last_block(hist, cdf);");
        c.line("}");
    }

    /** The last block to finish scans the counts into the cumulative histogram and leaves the ticket at zero. */
    private static void emitLastBlock(CodeBuilder c) {
        c.lines("""
                __device__ __forceinline__ void cumulative_by_last_block(unsigned* __restrict__ hist, unsigned* __restrict__ cdf) {
                __shared__ bool last;
                unsigned* const ticket = hist + BINS;
                __threadfence();
                __syncthreads();
                if (threadIdx.x == 0) last = atomicAdd(ticket, 1u) == gridDim.x - 1;
                __syncthreads();
                if (!last) return;
                __threadfence();
                cumulative(hist, cdf);
                if (threadIdx.x == 0) *ticket = 0;
                }
                """);
    }

    private static void emitResident(CodeBuilder c, boolean bulk) {
        c.lines("""
                __shared__ unsigned shared_counts[COPIES * CHUNK];
                for (int i = threadIdx.x; i < COPIES * CHUNK; i += THREADS) shared_counts[i] = 0;
                __syncthreads();
                unsigned* const counts = shared_counts + (COPIES > 1 ? (threadIdx.x >> 5) * CHUNK : 0);
                // Block b reads the 512-byte-aligned vectors [32 (rows b / G), 32 (rows (b + 1) / G)), rows = vectors / 32;
                """);
        c.line(bulk ? "// through the ring of bulk-copied stages, thread t every THREADS-th vector of a stage."
                : "// thread t every THREADS-th of them, RING loads in flight: a vector is counted, then its register reloaded.");
        c.lines("""
                const long long vectors = ((((size_t)in) & 15) == 0) ? n / VEC : 0;
                const long long rows = vectors / 32;
                const long long begin = 32 * (rows * blockIdx.x / gridDim.x);
                const long long end = 32 * (rows * (blockIdx.x + 1) / gridDim.x);
                """);
        if (bulk) {
            c.line("stream_bulk((const Vec*)in + begin, end - begin, [&](const Vec& x) { count_vector(x, bins, counts); });");
        } else {
            emitRing(c);
        }
        c.lines("""
                // The samples after the last whole row (all of them when the input is not 16-byte aligned).
                for (long long j = 32 * rows * VEC + (long long)blockIdx.x * THREADS + threadIdx.x; j < n; j += (long long)gridDim.x * THREADS) {
                const int b = bins(in[j]);
                if (b >= 0) atomicAdd(counts + b, 1u);
                }
                __syncthreads();
                for (int b = threadIdx.x; b < BINS; b += THREADS) {
                unsigned sum = 0;
                #pragma unroll
                for (int k = 0; k < COPIES; ++k) sum += shared_counts[k * CHUNK + b];
                if (sum) atomicAdd(hist + b, sum);
                }
                """);
    }

    /** Thread t's vectors of the block's range, RING register loads in flight. */
    private static void emitRing(CodeBuilder c) {
        c.lines("""
                const Vec* p = (const Vec*)in + begin + threadIdx.x;
                int left = end - begin > threadIdx.x ? (int)((end - begin - threadIdx.x + THREADS - 1) / THREADS) : 0;
                Vec x[RING];
                #pragma unroll
                for (int k = 0; k < RING; ++k) {
                if (k < left) load(x[k], p + k * THREADS);
                }
                for (; left >= RING; left -= RING) {
                p += RING * THREADS;
                #pragma unroll
                for (int k = 0; k < RING; ++k) {
                const Vec current = x[k];
                if (k + RING < left) load(x[k], p + k * THREADS);
                count_vector(current, bins, counts);
                }
                }
                #pragma unroll
                for (int k = 0; k < RING; ++k) {
                if (k < left) count_vector(x[k], bins, counts);
                }
                """);
    }

    private static void emitChunked(CodeBuilder c) {
        c.lines("""
                unsigned* const next = hist + BINS;
                const long long tiles = (n + TILE - 1) / TILE;
                const long long full = n / TILE;
                const bool aligned = (((size_t)in) & 15) == 0;
                __shared__ unsigned counts[CHUNK];
                __shared__ long long grabbed;
                __shared__ unsigned long long least;
                int chunk = blockIdx.x % CHUNKS;
                for (int i = threadIdx.x; i < CHUNK; i += THREADS) counts[i] = 0;
                bins.restrict_to(chunk * CHUNK, min(CHUNK, BINS - chunk * CHUNK));
                __syncthreads();
                while (true) {
                if (threadIdx.x == 0) grabbed = atomicAdd(next + chunk, (unsigned)GRAB);
                __syncthreads();
                const long long start = grabbed;
                if (start >= tiles) {
                // This chunk is done: join the chunk with the fewest tiles taken, if any is left.
                if (threadIdx.x == 0) least = ~0ull;
                __syncthreads();
                for (int k = threadIdx.x; k < CHUNKS; k += THREADS) {
                const unsigned taken = __ldcg(next + k);
                if (taken < tiles) atomicMin(&least, (unsigned long long)taken << 32 | (unsigned)k);
                }
                __syncthreads();
                const unsigned long long pick = least;
                if (pick == ~0ull) break;
                const int first = chunk * CHUNK, count = min(CHUNK, BINS - first);
                for (int b = threadIdx.x; b < count; b += THREADS) {
                if (counts[b]) atomicAdd(hist + first + b, counts[b]);
                counts[b] = 0;
                }
                chunk = (int)(pick & 0xffffffffu);
                bins.restrict_to(chunk * CHUNK, min(CHUNK, BINS - chunk * CHUNK));
                __syncthreads();
                continue;
                }
                __syncthreads();
                const long long end = min(start + GRAB, tiles);
                for (long long tile = start; tile < end; ++tile) {
                if (aligned && tile < full) {
                const Vec* v = (const Vec*)in + tile * (THREADS * VECS) + threadIdx.x;
                Vec x[VECS];
                #pragma unroll
                for (int k = 0; k < VECS; ++k) load(x[k], v + k * THREADS);
                #pragma unroll
                for (int k = 0; k < VECS; ++k) count_vector(x[k], bins, counts);
                } else {
                for (long long i = tile * TILE + threadIdx.x; i < min(n, (tile + 1) * TILE); i += THREADS) {
                const int b = bins(in[i]);
                if (b >= 0) atomicAdd(counts + b, 1u);
                }
                }
                }
                }
                const int first = chunk * CHUNK, count = min(CHUNK, BINS - first);
                for (int b = threadIdx.x; b < count; b += THREADS) if (counts[b]) atomicAdd(hist + first + b, counts[b]);
                """);
    }
}
