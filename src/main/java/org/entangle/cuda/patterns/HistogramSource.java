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
 * 40 KiB, else global atomics (the fallback for many bins); blocks then add their counts to the result with
 * one atomic per nonzero bin. Even bins: integers exactly, {@code (x - lo) · bins / (hi - lo)} (a shift when
 * hi − lo is bins times a power of two, else a 64-bit reciprocal multiply with one correction); floats {@code (int)((x - lo) · scale)} rounded to nearest at each
 * step (no fused multiply-add), {@code scale = bins / (hi - lo)} in the sample type, clamped to the last bin.
 * Explicit edges: binary search, bin i holds {@code edges[i] <= x < edges[i + 1]}. Samples outside the range and
 * NaN are not counted.
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
    public enum Privatisation { PER_WARP, PER_BLOCK, GLOBAL }

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

        /** {@code (const E* in, const E* edges, unsigned* hist, long long n)}. */
        public String rangeEntry() {
            return "entangle_" + namespace() + "_range";
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
        return Privatisation.GLOBAL;
    }

    /** Resident blocks per SM asked of the compiler: 1536 threads' worth (40 registers for the loads in flight). */
    static int minBlocks(int width) {
        return Math.max(1, Math.min(32, 1536 / width));
    }

    /** Samples per block per grid-stride step. */
    public static long tileItems(Network network, ElementType type) {
        return (long) network.width() * VECTORS * 16 / type.bytes();
    }

    /** Blocks of the counting kernel: enough to fill the device, no more than tiles. */
    public static long blocks(Network network, ElementType type, long n, int multiprocessors) {
        long tiles = (n + tileItems(network, type) - 1) / tileItems(network, type);
        return Math.min(tiles, (long) multiprocessors * minBlocks(network.width()));
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
        c.line("// Counting: " + switch (p) {
            case PER_WARP -> "one shared-memory histogram per warp";
            case PER_BLOCK -> "one shared-memory histogram per block";
            case GLOBAL -> "global atomics (the bins do not fit in shared memory)";
        } + ".");
        c.line("template <class Bins>");
        c.line("__device__ __forceinline__ void count_samples(const E* __restrict__ in, long long n, const Bins& bins, unsigned* __restrict__ hist) {");
        if (p == Privatisation.GLOBAL) {
            c.line("unsigned* const counts = hist;");
        } else {
            int copies = p == Privatisation.PER_WARP ? w / 32 : 1;
            c.line("__shared__ unsigned shared_counts[" + copies + " * BINS];");
            c.line("for (int i = threadIdx.x; i < " + copies + " * BINS; i += THREADS) shared_counts[i] = 0;");
            c.line("__syncthreads();");
            c.line("unsigned* const counts = shared_counts" + (copies > 1 ? " + (threadIdx.x >> 5) * BINS" : "") + ";");
        }
        c.lines("""
                long long done = 0;
                if ((((size_t)in) & 15) == 0) {
                const long long full = n / TILE;
                const Vec* v = (const Vec*)in;
                for (long long tile = blockIdx.x; tile < full; tile += gridDim.x) {
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
                for (long long i = done + (long long)blockIdx.x * THREADS + threadIdx.x; i < n; i += (long long)gridDim.x * THREADS) {
                const int b = bins(in[i]);
                if (b >= 0) atomicAdd(counts + b, 1u);
                }
                """);
        if (p != Privatisation.GLOBAL) {
            int copies = p == Privatisation.PER_WARP ? w / 32 : 1;
            c.line("__syncthreads();");
            c.line("for (int b = threadIdx.x; b < BINS; b += THREADS) {");
            c.line("unsigned sum = 0;");
            c.line("#pragma unroll");
            c.line("for (int k = 0; k < " + copies + "; ++k) sum += shared_counts[k * BINS + b];");
            c.line("if (sum) atomicAdd(hist + b, sum);");
            c.line("}");
        }
        c.line("}");
        c.blank();
        String bounds = "__launch_bounds__(THREADS, " + minBlocks(w) + ")";
        c.line("extern \"C\" __global__ void " + bounds + " " + cfg.evenEntry() + "(const E* __restrict__ in, unsigned* __restrict__ hist, "
                + "long long n, long long lo_bits, long long hi_bits, long long scale_bits) {");
        c.line("count_samples(in, n, EvenBins(lo_bits, hi_bits, scale_bits), hist);");
        c.line("}");
        c.line("extern \"C\" __global__ void " + bounds + " " + cfg.rangeEntry() + "(const E* __restrict__ in, const E* __restrict__ edges, "
                + "unsigned* __restrict__ hist, long long n) {");
        c.line("count_samples(in, n, RangeBins{edges}, hist);");
        c.line("}");
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
                    struct EvenBins {
                    long long lo, hi;
                    unsigned long long range, reciprocal;
                    int shift;
                    __device__ EvenBins(long long lo_bits, long long hi_bits, long long scale_bits)
                    : lo(lo_bits), hi(hi_bits), range((unsigned long long)(hi_bits - lo_bits)), reciprocal((unsigned long long)scale_bits) {
                    const unsigned long long width = range / BINS;
                    shift = range % BINS == 0 && (width & (width - 1)) == 0 ? __ffsll((long long)width) - 1 : -1;
                    }
                    __device__ __forceinline__ int operator()(E x) const {
                    if ((long long)x < lo || (long long)x >= hi) return -1;
                    if (shift >= 0) return (int)((unsigned long long)((long long)x - lo) >> shift);
                    const unsigned long long scaled = (unsigned long long)((long long)x - lo) * BINS;
                    unsigned long long q = __umul64hi(scaled, reciprocal);
                    if (scaled - q * range >= range) ++q;
                    return (int)q;
                    }
                    };
                    """);
        } else {
            boolean f = e == ElementType.FLOAT32;
            String decode = f ? "__int_as_float((int)" : "__longlong_as_double(";
            c.line("// Even bins: (int)((x - lo) * scale), each step rounded to nearest (no fused multiply-add), clamped to the last bin.");
            c.line("struct EvenBins {");
            c.line("E lo, hi, scale;");
            c.line("__device__ EvenBins(long long lo_bits, long long hi_bits, long long scale_bits)");
            c.line(": lo(" + decode + "lo_bits)), hi(" + decode + "hi_bits)), scale(" + decode + "scale_bits)) {}");
            c.line("__device__ __forceinline__ int operator()(E x) const {");
            c.line("if (!(x >= lo && x < hi)) return -1;  // also NaN");
            c.line("const int b = (int)" + (f ? "__fmul_rn(__fsub_rn(x, lo), scale)" : "__dmul_rn(__dsub_rn(x, lo), scale)") + ";");
            c.line("return b < BINS ? b : BINS - 1;");
            c.line("}");
            c.line("};");
        }
        c.lines("""
                // Explicit edges (BINS + 1, increasing): bin i holds edges[i] <= x < edges[i + 1]; binary search.
                struct RangeBins {
                const E* edges;
                __device__ __forceinline__ int operator()(E x) const {
                if (!(x >= __ldg(edges) && x < __ldg(edges + BINS))) return -1;
                int low = 0, high = BINS;
                while (high - low > 1) {
                const int mid = (low + high) >> 1;
                if (__ldg(edges + mid) <= x) low = mid; else high = mid;
                }
                return low;
                }
                };
                """);
    }
}
