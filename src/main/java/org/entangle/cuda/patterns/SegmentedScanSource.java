package org.entangle.cuda.patterns;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.CodeBuilder;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.ScanOperator;
import org.entangle.cuda.ScanOptions;
import org.entangle.network.Network;

/**
 * Segmented-scan applications (Blelloch, "Prefix Sums and Their Applications", 1990, §1.5): the
 * segmented inclusive sum of every element and the per-segment totals, for segments given by either descriptor
 *, both computed by the chosen network's device-wide segmented scan ({@link EmbeddedDeviceScan}
 * of the lifted operator on (value, flag) pairs):
 * <ul>
 *   <li><b>flags</b> (bit mask, bit i of word i/32 set: element i starts a segment; element 0 always starts
 *       one): the segmented scan, then each segment's number from the network's device-wide exclusive scan of
 *       the head count of every 32-bit word, and the last element of each segment writes its total;</li>
 *   <li><b>heads</b> (head pointers: m + 1 non-decreasing offsets, offsets[0] = 0, offsets[m] = n, segment k
 *       is [offsets[k], offsets[k+1]), possibly empty): converted to flags (one atomicOr per non-empty
 *       segment), the segmented scan, then total k = the scan at offsets[k+1] − 1, or 0 for an empty segment.</li>
 * </ul>
 * Integer sums wrap modulo 2^32; float sums are rounded in the scan's order.
 */
public final class SegmentedScanSource implements PatternSource {

    /** The element types. */
    public static final List<ElementType> TYPES = List.of(ElementType.INT32, ElementType.FLOAT32);
    /** Threads per block of the small element-wise kernels. */
    public static final int THREADS = 256;

    /** How segments are described. */
    public enum Descriptor { FLAGS, HEADS }

    /** One configuration: element type and descriptor. */
    public record Config(ElementType type, Descriptor descriptor) {
        /** For reports: {@code int32 heads}. */
        public String label() {
            return type.token() + " " + descriptor.name().toLowerCase(java.util.Locale.ROOT);
        }

        /** The segmented inclusive scan: {@link EmbeddedDeviceScan}'s parameters with heads. */
        public String scanEntry() {
            return "entangle_segscan_" + type.token() + "_scan";
        }

        /** {@code (const T* scanned, const unsigned* heads, const int* word_starts, T* totals, long long n)}, a thread per element. */
        public String totalsFromFlagsEntry() {
            return "entangle_segscan_" + type.token() + "_totals_from_flags";
        }

        /** {@code (const T* scanned, const int* offsets, T* totals, long long segments)}, a thread per segment. */
        public String totalsFromOffsetsEntry() {
            return "entangle_segscan_" + type.token() + "_totals_from_offsets";
        }
    }

    /** {@code (const unsigned* heads, int* counts, long long n)}: each word's head count (bit 0 of word 0 forced), a thread per word. */
    public static final String WORD_COUNTS_ENTRY = "entangle_segscan_word_counts";
    /** The network's exclusive scan of the word counts. */
    public static final String WORD_SCAN_ENTRY = "entangle_segscan_word_scan";
    /** {@code (const int* offsets, long long segments, unsigned* heads, long long n)} on zeroed heads, a thread per segment. */
    public static final String FLAGS_FROM_OFFSETS_ENTRY = "entangle_segscan_flags_from_offsets";

    @Override
    public String name() {
        return "segmented-scan";
    }

    /** Configurations: types (default int32, float32) × {@code descriptor=flags|heads|both} (default both). */
    public List<Config> configs(PatternRequest request) {
        List<ElementType> types = new ArrayList<>();
        for (String t : request.types()) {
            ElementType e = ElementType.fromToken(t);
            if (e == null || !TYPES.contains(e)) throw new IllegalArgumentException("segmented-scan: type " + t + " is not int32 or float32");
            if (!types.contains(e)) types.add(e);
        }
        if (types.isEmpty()) types.addAll(TYPES);
        String d = request.option("descriptor", "both");
        if (!List.of("flags", "heads", "both").contains(d)) {
            throw new IllegalArgumentException("segmented-scan: descriptor=" + d + " is not flags, heads or both");
        }
        List<Config> out = new ArrayList<>();
        for (ElementType t : types) {
            if (!d.equals("heads")) out.add(new Config(t, Descriptor.FLAGS));
            if (!d.equals("flags")) out.add(new Config(t, Descriptor.HEADS));
        }
        return out;
    }

    /** The network's segmented inclusive sum of {@code type}. */
    public static EmbeddedDeviceScan segmentedScan(Network network, ElementType type) {
        return EmbeddedDeviceScan.of(network, new ScanOptions(type, ScanOperator.ADD, false, false, true), "entangle_segscan_" + type.token() + "_scan");
    }

    /** The network's exclusive int32 sum of the word head counts. */
    public static EmbeddedDeviceScan wordScan(Network network) {
        return EmbeddedDeviceScan.of(network, new ScanOptions(ElementType.INT32, ScanOperator.ADD, true, false, false), WORD_SCAN_ENTRY);
    }

    @Override
    public String emit(PatternRequest request) {
        return emit(request, configs(request));
    }

    /** The translation unit for some configurations. */
    public String emit(PatternRequest request, List<Config> configs) {
        Network network = request.network();
        CodeBuilder c = new CodeBuilder();
        c.line("// Generated by Entangle: segmented-scan built on network " + request.networkName() + " (width " + network.width()
                + ", " + network.spec() + ")");
        c.line("// segmented inclusive sums and per-segment totals from flags or head pointers; the network's device-wide");
        c.line("// segmented scan does the sums and its exclusive scan numbers the segments of a bit mask.");
        c.line("// compile: nvcc -ptx -arch=sm_90 THIS_FILE.cu");
        c.line("#include <cuda_runtime.h>");
        c.lines(wordScan(network).source());
        c.lines("""
                // Heads in 32-element words; bit 0 of word 0 counts as set (element 0 always starts a segment).
                __device__ __forceinline__ unsigned head_word(const unsigned* heads, long long w, long long n) {
                const long long left = n - w * 32;
                const unsigned valid = left >= 32 ? 0xffffffffu : (1u << left) - 1u;
                return (__ldg(heads + w) | (w == 0 ? 1u : 0u)) & valid;
                }
                """);
        c.line("extern \"C\" __global__ void " + WORD_COUNTS_ENTRY + "(const unsigned* __restrict__ heads, int* __restrict__ counts, long long n) {");
        c.lines("""
                const long long w = blockIdx.x * (long long)blockDim.x + threadIdx.x;
                if (w < (n + 31) / 32) counts[w] = __popc(head_word(heads, w, n));
                }
                """);
        c.line("extern \"C\" __global__ void " + FLAGS_FROM_OFFSETS_ENTRY
                + "(const int* __restrict__ offsets, long long segments, unsigned* __restrict__ heads, long long n) {");
        c.lines("""
                const long long k = blockIdx.x * (long long)blockDim.x + threadIdx.x;
                if (k >= segments) return;
                const int begin = offsets[k];
                if (begin < offsets[k + 1] && begin < n) atomicOr(heads + (begin >> 5), 1u << (begin & 31));
                }
                """);
        for (ElementType t : configs.stream().map(Config::type).distinct().toList()) emitType(c, network, t);
        return c.toString();
    }

    private static void emitType(CodeBuilder c, Network network, ElementType type) {
        Config cfg = new Config(type, Descriptor.FLAGS);
        c.lines(segmentedScan(network, type).source());
        String t = type.cType();
        c.line("// Segment totals of " + type.token() + ": the last element of each segment writes its inclusive sum.");
        c.line("extern \"C\" __global__ void " + cfg.totalsFromFlagsEntry() + "(const " + t + "* __restrict__ scanned, "
                + "const unsigned* __restrict__ heads, const int* __restrict__ word_starts, " + t + "* __restrict__ totals, long long n) {");
        c.lines("""
                const long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
                if (i >= n) return;
                const bool last = i == n - 1 || ((__ldg(heads + ((i + 1) >> 5)) >> ((i + 1) & 31)) & 1u);
                if (!last) return;
                const unsigned below = head_word(heads, i >> 5, n) & ((2u << (i & 31)) - 1u);
                totals[word_starts[i >> 5] + __popc(below) - 1] = scanned[i];
                }
                """);
        c.line("extern \"C\" __global__ void " + cfg.totalsFromOffsetsEntry() + "(const " + t + "* __restrict__ scanned, "
                + "const int* __restrict__ offsets, " + t + "* __restrict__ totals, long long segments) {");
        c.lines("""
                const long long k = blockIdx.x * (long long)blockDim.x + threadIdx.x;
                if (k >= segments) return;
                const int begin = offsets[k], end = offsets[k + 1];
                totals[k] = end > begin ? scanned[end - 1] : 0;
                }
                """);
    }

    /** The program timing {@code cub::DeviceSegmentedReduce::Sum} over n elements in segments of mean length {@code mean}, for {@code CubHarness}. */
    public static String libraryHarness(Config cfg, int mean) {
        String t = cfg.type().cType();
        String kernels = String.join("\n",
                "// offsets[k] = k * MEAN + a pseudo-random 0 .. MEAN-1 (non-decreasing), offsets[0] = 0, offsets[m] = n.",
                "__global__ void fill_offsets(int* offsets, long long m, long long n) {",
                "    for (long long k = blockIdx.x * (long long)blockDim.x + threadIdx.x; k <= m; k += (long long)gridDim.x * blockDim.x) {",
                "        long long o = k * " + mean + "LL + (long long)(((unsigned long long)(k + 7) * 0x9E3779B97F4A7C15ull >> 40) % " + mean + "ull);",
                "        offsets[k] = k == 0 ? 0 : (int)(o < n && k < m ? o : n);",
                "    }",
                "}");
        String setup = String.join("\n",
                "const long long m = (n + " + (mean - 1) + ") / " + mean + ";",
                t + "* in; " + t + "* out; int* offsets;",
                "CHECK(cudaMalloc(&in, n * 4 + 4)); CHECK(cudaMalloc(&out, m * 4 + 4)); CHECK(cudaMalloc(&offsets, m * 4 + 8));",
                "fill_hash<<<1024, 256>>>((unsigned*)in, n, 5u); fill_offsets<<<1024, 256>>>(offsets, m, n);",
                cfg.type() == ElementType.FLOAT32 ? "CHECK(cudaMemset(in, 0, n * 4));" : "",
                "CHECK(" + CALL + ");");
        return SortingHarnessTemplate.program("cub::DeviceSegmentedReduce::Sum " + cfg.type().token() + " mean " + mean, kernels, setup, CALL);
    }

    private static final String CALL = "cub::DeviceSegmentedReduce::Sum(temp, temp_bytes, in, out, m, offsets, offsets + 1)";
}
