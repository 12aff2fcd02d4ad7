package org.entangle.cuda.patterns;

import org.entangle.cuda.CodeBuilder;
import org.entangle.cuda.ElementType;

/**
 * The bin functions of {@link HistogramSource}'s kernels (CUB's {@code DeviceHistogram::HistogramEven} and
 * {@code HistogramRange} semantics). Even bins: integers exactly, {@code (x - lo) · bins / (hi - lo)} (a shift when
 * hi − lo is bins times a power of two, else a 64-bit reciprocal multiply with one correction); floats
 * {@code (int)((x - lo) · scale)} rounded to nearest at each step (no fused multiply-add), clamped to the last bin.
 * Explicit edges through an exact bucket table: the bucket of a value is
 * {@code j(x) = (int)(((double)x - e[0]) · (BINS / (e[BINS] - e[0])))}, the same rounded operations wherever it is
 * evaluated, so j is monotone in x; entry j of the table holds c, the number of edges whose bucket is below j, and
 * c' − c, where c' counts those whose bucket is at most j. An edge of a lower bucket lies below every sample of bucket
 * j and one of a higher bucket above, so a sample of bucket j lies in bin c − 1 when no edge falls in its bucket (one
 * load), and otherwise in [c − 1, c'], searched over the edges (one probe for evenly spaced edges). Samples outside
 * the range and NaN fall in no bin.
 */
final class HistogramBins {

    private HistogramBins() {
    }

    /** {@code struct EvenBins} and {@code struct RangeBins}: the bin of a sample relative to the chunk counted, −1 outside it. */
    static void emit(CodeBuilder c, ElementType e) {
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
                // Explicit edges (BINS + 1, increasing): bin i holds edges[i] <= x < edges[i + 1]. The bucket of a value, the
                // same rounded operations in the table kernel and here (monotone in x).
                __device__ __forceinline__ int bucket_of(double x, double origin, double scale) {
                return (int)__dmul_rn(__dsub_rn(x, origin), scale);
                }
                // Only samples of the chunk counted (first, count; its bounds in registers) are looked up; the bin is
                // returned relative to the chunk, -1 outside. table[j] = c << 7 | min(c' - c, 127) (see the table kernel).
                struct RangeBins {
                const E* edges;
                const unsigned* table;
                int first = 0, count = BINS;
                E bottom, top;
                double origin, scale;
                __device__ RangeBins(const E* e, const unsigned* t) : edges(e), table(t), bottom(__ldg(e)), top(__ldg(e + BINS)),
                origin((double)__ldg(e)), scale(BINS / ((double)__ldg(e + BINS) - (double)__ldg(e))) {}
                __device__ void restrict_to(int f, int c) { first = f; count = c; bottom = __ldg(edges + f); top = __ldg(edges + f + c); }
                __device__ __forceinline__ int operator()(E x) const {
                if (!(x >= bottom && x < top)) return -1;  // also NaN
                const int j = bucket_of((double)x, origin, scale);
                const unsigned entry = __ldg(table + j);
                const int below = (int)(entry >> 7), span = (int)(entry & 127);
                if (span == 0) return below - 1 - first;
                int low = max(below - 1, 0);
                int high = min(span < 127 ? below + span : (int)(__ldg(table + j + 1) >> 7), BINS);
                while (high - low > 1) {
                const int mid = (low + high) >> 1;
                if (__ldg(edges + mid) <= x) low = mid; else high = mid;
                }
                return low - first;
                }
                };
                """);
    }

    /** The table kernel {@code (const E* edges, unsigned* table)}: BINS + 2 entries, one thread each. */
    static void emitTableKernel(CodeBuilder c, String entry) {
        c.lines("""
                // The number of edges whose bucket is below `bound` (buckets are monotone in the edge index).
                __device__ int edges_below(const E* __restrict__ edges, int bound, double origin, double scale) {
                int low = 0, high = BINS + 1;
                while (low < high) {
                const int mid = (low + high) >> 1;
                if (bucket_of((double)edges[mid], origin, scale) < bound) low = mid + 1; else high = mid;
                }
                return low;
                }
                // The explicit edges' bucket table: entry j holds c << 7 | min(c' - c, 127), c the number of edges of buckets
                // below j and c' of buckets up to j.
                extern "C" __global__ void TABLE_ENTRY(const E* __restrict__ edges, unsigned* __restrict__ table) {
                const int j = blockIdx.x * blockDim.x + threadIdx.x;
                if (j > BINS + 1) return;
                const double origin = (double)edges[0];
                const double scale = BINS / ((double)edges[BINS] - (double)edges[0]);
                const int below = edges_below(edges, j, origin, scale);
                const int up_to = edges_below(edges, j + 1, origin, scale);
                table[j] = (unsigned)below << 7 | (unsigned)min(up_to - below, 127);
                }
                """.replace("TABLE_ENTRY", entry));
    }
}
