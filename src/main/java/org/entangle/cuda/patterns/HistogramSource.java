package org.entangle.cuda.patterns;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.CodeBuilder;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.ScanOperator;
import org.entangle.network.Algebra;
import org.entangle.network.Network;

/**
 * Histogram with even bins over [lo, hi) or explicit bin edges (GPU parallel-patterns seed, "histogram"; CUB's
 * {@code DeviceHistogram::HistogramEven/HistogramRange}). Persistent blocks walk the samples in a grid-stride
 * loop with 16-byte loads and count into privatised shared-memory histograms: one per warp when
 * warps × bins counters fit in 32 KiB (less contention on skewed inputs), one per block when bins fit in
 * 40 KiB; with more bins, the bins are split into chunks of at most {@link #CHUNK_BINS} and each block counts one
 * chunk in shared memory, the blocks of one group (one per chunk, consecutive block numbers) reading the same tiles
 * at about the same time, so that the data comes from device memory once and from L2 for the other chunks (a
 * global atomic per sample, the alternative, serialises on the few bins that skewed data fills). Blocks then add
 * their counts to the result with one atomic per nonzero bin. Even bins: integers exactly, {@code (x - lo) · bins / (hi - lo)} (a shift when
 * hi − lo is bins times a power of two, else a 64-bit reciprocal multiply with one correction); floats {@code (int)((x - lo) · scale)} rounded to nearest at each
 * step (no fused multiply-add), {@code scale = bins / (hi - lo)} in the sample type, clamped to the last bin.
 * Explicit edges: bin i holds {@code edges[i] <= x < edges[i + 1]}; a lookup kernel first splits
 * [edges[0], edges[BINS]) into BINS equal buckets and records the bin of each bucket's start, so a sample's bucket
 * gives the first and last bin it can fall in; the sample's bin is then searched between those two (one or two
 * probes when the edges are about evenly spaced) after checking that the sample lies between their edges, and over
 * all the edges when rounding put it outside (the search is then the plain binary search). Samples outside the
 * range and NaN are not counted.
 *
 * <p>Where the network comes in: not in the counting (a histogram needs no scan), but in the cumulative
 * histogram {@code cdf[b] = counts[0] + ... + counts[b]} the pattern also returns, which a one-block kernel
 * computes with the chosen network as the block scan over the bins, {@code width} bins at a time.
 */
public final class HistogramSource implements PatternSource {

    /** The sample types. */
    public static final List<ElementType> TYPES = List.of(ElementType.INT32, ElementType.FLOAT32, ElementType.FLOAT64);
    /** 16-byte vector loads each thread has in flight per tile. */
    public static final int VECTORS = 4;

    /** How counts are privatised. */
    public enum Privatisation { PER_WARP, PER_BLOCK, CHUNKED }

    /** The most counters one block holds in its 48 KiB of static shared memory. */
    public static final int CHUNK_BINS = 12 * 1024;
    /** Shared memory per multiprocessor the chunked form plans its resident blocks with (an H100/H200 gives 228 KiB). */
    static final int SHARED_PER_MULTIPROCESSOR = 227 * 1024;

    /** One compiled configuration: sample type and number of bins (even and explicit edges are both emitted). */
    public record Config(ElementType type, int bins) {
        String namespace() {
            return "histogram_" + type.token() + "_" + bins;
        }

        /** A key naming this configuration with a mode and a distribution. */
        public String namespaceLabel(String mode, String dist) {
            return namespace() + " " + mode + " " + dist;
        }

        /** {@code (const E* in, unsigned* hist, long long n, long long lo_bits, long long hi_bits, long long scale_bits)}. */
        public String evenEntry() {
            return "entangle_" + namespace() + "_even";
        }

        /** {@code (const E* in, const E* edges, const int* lookup, unsigned* hist, long long n)}. */
        public String rangeEntry() {
            return "entangle_" + namespace() + "_range";
        }

        /** {@code (const E* edges, int* lookup)}: BINS + 1 entries, one thread each. */
        public String lookupEntry() {
            return "entangle_" + namespace() + "_lookup";
        }

        /** {@code (const unsigned* hist, unsigned* cdf)}, one block. */
        public String cdfEntry() {
            return "entangle_" + namespace() + "_cdf";
        }
    }

    @Override
    public String name() {
        return "histogram";
    }

    /** The compiled configurations of the request (types × bin counts). */
    public List<Config> configs(PatternRequest request) {
        List<Config> out = new ArrayList<>();
        for (ElementType t : PatternCode.types(request, TYPES, TYPES, name())) {
            for (int bins : HistogramSpec.binCounts(request)) out.add(new Config(t, bins));
        }
        return out;
    }

    /** How a block of {@code width} threads privatises {@code bins} counters. */
    public static Privatisation privatisation(int width, int bins) {
        if ((long) (width / 32) * bins * 4 <= 32 * 1024) return Privatisation.PER_WARP;
        if ((long) bins * 4 <= 40 * 1024) return Privatisation.PER_BLOCK;
        return Privatisation.CHUNKED;
    }

    /** How many chunks of bins the counting splits into: 1 unless {@link Privatisation#CHUNKED}. */
    public static int chunks(int width, int bins) {
        return privatisation(width, bins) == Privatisation.CHUNKED ? (bins + CHUNK_BINS - 1) / CHUNK_BINS : 1;
    }

    /** Bins per chunk (the last chunk may hold fewer). */
    static int chunkBins(int width, int bins) {
        int chunks = chunks(width, bins);
        return (bins + chunks - 1) / chunks;
    }

    /** Resident blocks per SM asked of the compiler: 1536 threads' worth (40 registers for the loads in flight). */
    static int minBlocks(int width) {
        return Math.max(1, Math.min(32, 1536 / width));
    }

    /** Samples per block per grid-stride step. */
    public static long tileItems(Network network, ElementType type) {
        return (long) network.width() * VECTORS * 16 / type.bytes();
    }

    /**
     * Blocks of the counting kernel: enough to fill the device, no more than tiles; in the chunked form one group of
     * blocks (one per chunk) per tile in flight, as many groups as stay resident together.
     */
    public static long blocks(Network network, ElementType type, int bins, long n, int multiprocessors) {
        int w = network.width();
        long tiles = (n + tileItems(network, type) - 1) / tileItems(network, type);
        int chunks = chunks(w, bins);
        if (chunks == 1) return Math.min(tiles, (long) multiprocessors * minBlocks(w));
        int resident = Math.max(1, Math.min(minBlocks(w), SHARED_PER_MULTIPROCESSOR / (chunkBins(w, bins) * 4 + 1024)));
        return Math.min(tiles, Math.max(1, (long) multiprocessors * resident / chunks)) * chunks;
    }

    @Override
    public String emit(PatternRequest request) {
        HistogramSpec.validate(request);
        StringBuilder sb = new StringBuilder(PatternCode.header(name(), request,
                "histogram (even bins and explicit edges), privatised counts; the network scans the counts into the cumulative histogram"));
        for (Config c : configs(request)) sb.append(unit(request.network(), c));
        return sb.toString();
    }

    /** The translation unit of one configuration alone. */
    public String emit(PatternRequest request, Config config) {
        return PatternCode.header(name(), request, "histogram of " + config.type().token() + " into " + config.bins() + " bins")
                + unit(request.network(), config);
    }

    private static String unit(Network network, Config cfg) {
        boolean exclusive = PatternCode.requireBlockScan(network, Algebra.COMMUTATIVE);
        ElementType e = cfg.type();
        int w = network.width();
        Privatisation p = privatisation(w, cfg.bins());
        CodeBuilder c = new CodeBuilder();
        c.blank();
        c.line("namespace " + cfg.namespace() + " {");
        c.line("// The network scans int counts (the cumulative histogram); the samples are E.");
        PatternCode.emitBlockScan(c, network, ElementType.INT32, ScanOperator.ADD, exclusive);
        c.line("typedef " + e.cType() + " E;");
        c.line("constexpr int THREADS = " + w + ";");
        c.line("constexpr int BINS = " + cfg.bins() + ";");
        c.line("constexpr int VEC = 16 / sizeof(E);");
        c.line("constexpr int VECS = " + VECTORS + ";");
        c.line("constexpr long long TILE = (long long)THREADS * VEC * VECS;");
        c.line("struct __align__(16) Vec { E e[VEC]; };");
        c.blank();
        emitBinFunctions(c, e);
        c.blank();
        int chunks = chunks(w, cfg.bins());
        int copies = p == Privatisation.PER_WARP ? w / 32 : 1;
        c.line("// Counting: " + switch (p) {
            case PER_WARP -> "one shared-memory histogram per warp";
            case PER_BLOCK -> "one shared-memory histogram per block";
            case CHUNKED -> chunks + " chunks of at most CHUNK bins, block b counting chunk b % CHUNKS of the tiles of group b / CHUNKS";
        } + ".");
        c.line("constexpr int CHUNKS = " + chunks + ";");
        c.line("constexpr int CHUNK = " + chunkBins(w, cfg.bins()) + ";");
        c.line("template <class Bins>");
        c.line("__device__ __forceinline__ void count_samples(const E* __restrict__ in, long long n, Bins bins, unsigned* __restrict__ hist) {");
        c.line("const int chunk = CHUNKS == 1 ? 0 : blockIdx.x % CHUNKS;");
        c.line("const long long group = CHUNKS == 1 ? blockIdx.x : blockIdx.x / CHUNKS;");
        c.line("const long long groups = CHUNKS == 1 ? gridDim.x : gridDim.x / CHUNKS;");
        c.line("const int first = chunk * CHUNK;");
        c.line("const int count = min(CHUNK, BINS - first);");
        c.line("bins.restrict_to(first, count);");
        c.line("__shared__ unsigned shared_counts[" + copies + " * CHUNK];");
        c.line("for (int i = threadIdx.x; i < " + copies + " * CHUNK; i += THREADS) shared_counts[i] = 0;");
        c.line("__syncthreads();");
        c.line("unsigned* const counts = shared_counts" + (copies > 1 ? " + (threadIdx.x >> 5) * CHUNK" : "") + ";");
        c.lines("""
                long long done = 0;
                if ((((size_t)in) & 15) == 0) {
                const long long full = n / TILE;
                const Vec* v = (const Vec*)in;
                for (long long tile = group; tile < full; tile += groups) {
                Vec x[VECS];
                #pragma unroll
                for (int k = 0; k < VECS; ++k) x[k] = v[tile * (THREADS * VECS) + k * THREADS + threadIdx.x];
                #pragma unroll
                for (int k = 0; k < VECS; ++k) {
                #pragma unroll
                for (int q = 0; q < VEC; ++q) {
                const int b = bins(x[k].e[q]);
                if (b >= 0) atomicAdd(counts + b, 1u);
                }
                }
                }
                done = full * TILE;
                }
                for (long long i = done + group * THREADS + threadIdx.x; i < n; i += groups * THREADS) {
                const int b = bins(in[i]);
                if (b >= 0) atomicAdd(counts + b, 1u);
                }
                """);
        c.line("__syncthreads();");
        c.line("for (int b = threadIdx.x; b < count; b += THREADS) {");
        c.line("unsigned sum = 0;");
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < " + copies + "; ++k) sum += shared_counts[k * CHUNK + b];");
        c.line("if (sum) atomicAdd(hist + first + b, sum);");
        c.line("}");
        c.line("}");
        c.blank();
        String bounds = "__launch_bounds__(THREADS, " + minBlocks(w) + ")";
        c.line("extern \"C\" __global__ void " + bounds + " " + cfg.evenEntry() + "(const E* __restrict__ in, unsigned* __restrict__ hist, "
                + "long long n, long long lo_bits, long long hi_bits, long long scale_bits) {");
        c.line("count_samples(in, n, EvenBins(lo_bits, hi_bits, scale_bits), hist);");
        c.line("}");
        c.line("extern \"C\" __global__ void " + bounds + " " + cfg.rangeEntry() + "(const E* __restrict__ in, const E* __restrict__ edges, "
                + "const int* __restrict__ lookup, unsigned* __restrict__ hist, long long n) {");
        c.line("count_samples(in, n, RangeBins(edges, lookup), hist);");
        c.line("}");
        c.lines("""
                // The explicit edges' lookup: entry j is the bin of the start of bucket j of BINS equal buckets.
                extern "C" __global__ void LOOKUP_ENTRY(const E* __restrict__ edges, int* __restrict__ lookup) {
                const int j = blockIdx.x * blockDim.x + threadIdx.x;
                if (j > BINS) return;
                const double bottom = (double)edges[0], top = (double)edges[BINS];
                const double v = bottom + (top - bottom) * ((double)j / BINS);
                int low = 0, high = BINS;
                while (high - low > 1) {
                const int mid = (low + high) >> 1;
                if ((double)edges[mid] <= v) low = mid; else high = mid;
                }
                lookup[j] = low;
                }
                """.replace("LOOKUP_ENTRY", cfg.lookupEntry()));
        c.blank();
        c.lines("""
                // The cumulative histogram: one block runs the network over THREADS bins at a time, carrying the total.
                extern "C" __global__ void __launch_bounds__(THREADS) CDF_ENTRY(const unsigned* __restrict__ hist, unsigned* __restrict__ cdf) {
                __shared__ int chunk_total;
                int carry = 0;
                for (int from = 0; from < BINS; from += THREADS) {
                const int i = from + threadIdx.x;
                const int x = i < BINS ? (int)hist[i] : 0;
                const int inclusive = block_scan(x);
                if (i < BINS) cdf[i] = (unsigned)(carry + inclusive);
                if (threadIdx.x == THREADS - 1) chunk_total = inclusive;
                __syncthreads();
                carry += chunk_total;
                __syncthreads();
                }
                }
                """.replace("CDF_ENTRY", cfg.cdfEntry()));
        c.line("}  // namespace " + cfg.namespace());
        return c.toString();
    }

    private static void emitBinFunctions(CodeBuilder c, ElementType e) {
        if (e == ElementType.INT32) {
            c.lines("""
                    // Even bins, exact: (x - lo) * BINS / (hi - lo). When hi - lo is BINS times a power of two, a shift;
                    // otherwise a 64-bit reciprocal (scale_bits = floor((2^64 - 1) / (hi - lo))) and one correction.
                    // The bin is returned relative to the chunk counted (first, count), -1 outside it.
                    struct EvenBins {
                    long long lo, hi;
                    unsigned long long range, reciprocal;
                    int shift, first = 0, count = BINS;
                    __device__ void restrict_to(int f, int c) { first = f; count = c; }
                    __device__ __forceinline__ int in_chunk(int b) const { return (unsigned)(b - first) < (unsigned)count ? b - first : -1; }
                    __device__ EvenBins(long long lo_bits, long long hi_bits, long long scale_bits)
                    : lo(lo_bits), hi(hi_bits), range((unsigned long long)(hi_bits - lo_bits)), reciprocal((unsigned long long)scale_bits) {
                    const unsigned long long width = range / BINS;
                    shift = range % BINS == 0 && (width & (width - 1)) == 0 ? __ffsll((long long)width) - 1 : -1;
                    }
                    __device__ __forceinline__ int operator()(E x) const {
                    if ((long long)x < lo || (long long)x >= hi) return -1;
                    if (shift >= 0) return in_chunk((int)((unsigned long long)((long long)x - lo) >> shift));
                    const unsigned long long scaled = (unsigned long long)((long long)x - lo) * BINS;
                    unsigned long long q = __umul64hi(scaled, reciprocal);
                    if (scaled - q * range >= range) ++q;
                    return in_chunk((int)q);
                    }
                    };
                    """);
        } else {
            boolean f = e == ElementType.FLOAT32;
            String decode = f ? "__int_as_float((int)" : "__longlong_as_double(";
            c.line("// Even bins: (int)((x - lo) * scale), each step rounded to nearest (no fused multiply-add), clamped to the last bin;");
            c.line("// returned relative to the chunk counted (first, count), -1 outside it.");
            c.line("struct EvenBins {");
            c.line("E lo, hi, scale;");
            c.line("int first = 0, count = BINS;");
            c.line("__device__ void restrict_to(int f, int c) { first = f; count = c; }");
            c.line("__device__ EvenBins(long long lo_bits, long long hi_bits, long long scale_bits)");
            c.line(": lo(" + decode + "lo_bits)), hi(" + decode + "hi_bits)), scale(" + decode + "scale_bits)) {}");
            c.line("__device__ __forceinline__ int operator()(E x) const {");
            c.line("if (!(x >= lo && x < hi)) return -1;  // also NaN");
            c.line("const int b = (int)" + (f ? "__fmul_rn(__fsub_rn(x, lo), scale)" : "__dmul_rn(__dsub_rn(x, lo), scale)") + ";");
            c.line("const int r = (b < BINS ? b : BINS - 1) - first;");
            c.line("return (unsigned)r < (unsigned)count ? r : -1;");
            c.line("}");
            c.line("};");
        }
        c.lines("""
                // Explicit edges (BINS + 1, increasing): bin i holds edges[i] <= x < edges[i + 1]. The sample's bucket of
                // the lookup names the first and last bin it can fall in; the bin is searched between them once the sample
                // is checked to lie between their edges, else (rounding) over all edges. Only samples of the chunk counted
                // (first, count; its bounds in registers) are looked up; the bin is returned relative to the chunk, -1 outside.
                struct RangeBins {
                const E* edges;
                const int* lookup;
                int first = 0, count = BINS;
                E bottom, top;
                double origin, scale;
                __device__ RangeBins(const E* e, const int* l) : edges(e), lookup(l), bottom(__ldg(e)), top(__ldg(e + BINS)),
                origin((double)__ldg(e)), scale(BINS / ((double)__ldg(e + BINS) - (double)__ldg(e))) {}
                __device__ void restrict_to(int f, int c) { first = f; count = c; bottom = __ldg(edges + f); top = __ldg(edges + f + c); }
                __device__ __forceinline__ int operator()(E x) const {
                if (!(x >= bottom && x < top)) return -1;
                const int bucket = min(max((int)(((double)x - origin) * scale), 0), BINS - 1);
                int low = __ldg(lookup + bucket), high = __ldg(lookup + bucket + 1) + 1;
                if (!(__ldg(edges + low) <= x && x < __ldg(edges + high))) { low = 0; high = BINS; }
                while (high - low > 1) {
                const int mid = (low + high) >> 1;
                if (__ldg(edges + mid) <= x) low = mid; else high = mid;
                }
                return low - first;
                }
                };
                """);
    }
}
