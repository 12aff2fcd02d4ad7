package org.entangle.gpu.patterns;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntPredicate;
import org.entangle.cuda.CudaCompileException;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.NvccCompiler;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.cuda.patterns.PatternSource;
import org.entangle.cuda.patterns.SegmentedScanReference;
import org.entangle.cuda.patterns.SegmentedScanSource;
import org.entangle.cuda.patterns.SegmentedScanSource.Config;
import org.entangle.cuda.patterns.SegmentedScanSource.Descriptor;
import org.entangle.gpu.CubHarness;
import org.entangle.gpu.EventTimer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuException;

/**
 * The segmented-scan applications on the device: segmented inclusive sums and segment
 * totals from flags and from head pointers, segments of mean length {@code mean=} (default 16), checked
 * against {@link SegmentedScanReference} (integers exactly; float32 element by element within
 * 10^-4 (|reference| + 1) of a double reference); the head-pointer totals benchmarked against
 * {@code cub::DeviceSegmentedReduce::Sum} on as many segments of the same mean length.
 */
public final class SegmentedScanPattern implements GpuPattern {

    private final SegmentedScanSource source = new SegmentedScanSource();

    @Override
    public PatternSource source() {
        return source;
    }

    private static int mean(PatternRequest request) {
        try {
            int m = Integer.parseInt(request.option("mean", "16"));
            if (m >= 1 && m <= 1 << 24) return m;
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("segmented-scan: mean=" + request.option("mean", "16") + " is not a segment length in 1..2^24");
    }

    /** The inputs of one run, uploaded by {@link SegmentedScanRun}. */
    record Inputs(int n, int[] ints, float[] floats, int[] flags, int[] offsets) {
        static Inputs of(Config cfg, int n, int mean, long seed) {
            boolean f = cfg.type() == ElementType.FLOAT32;
            int[] flags = cfg.descriptor() == Descriptor.FLAGS ? SegmentedScanInputs.flags(n, mean, seed) : null;
            int[] offsets = flags != null ? SegmentedScanReference.offsetsOfFlags(n, SegmentedScanInputs.headOf(flags))
                    : SegmentedScanInputs.offsets(n, mean, seed);
            return new Inputs(n, f ? null : SortMergeIo.randomInts(n, seed), f ? SegmentedScanInputs.floats(n, seed) : null, flags, offsets);
        }

        int segments() {
            return offsets.length - 1;
        }

        IntPredicate head() {
            return flags != null ? SegmentedScanInputs.headOf(flags) : SegmentedScanReference.flagsOfOffsets(n, offsets);
        }
    }

    @Override
    public List<PatternCheck> check(Gpu gpu, PatternRequest request, List<Long> sizes, long seed) {
        int mean = mean(request);
        NvccCompiler nvcc = SortMergeIo.nvcc();
        List<PatternCheck> out = new ArrayList<>();
        long s = seed;
        for (Config cfg : source.configs(request)) {
            try (SegmentedScanRun.Kernels k = SegmentedScanRun.Kernels.load(gpu, nvcc, request, cfg)) {
                for (long n : sizes) {
                    SortMergeIo.requireMemory(source.name(), n, SegmentedScanRun.bytes(n, k));
                    Inputs in = Inputs.of(cfg, (int) n, mean, s);
                    try (SegmentedScanRun run = new SegmentedScanRun(gpu, k, in)) {
                        run.poison();
                        run.run();
                        gpu.synchronize("segmented-scan " + cfg.label() + " on " + n + " elements");
                        String bad = compare(in, run);
                        String ok = "all " + n + " sums and " + in.segments() + " segment totals match";
                        out.add(new PatternCheck(source.name(), cfg.label() + ", mean " + mean, n, s, bad == null, bad == null ? ok : bad));
                    }
                    s++;
                }
            }
        }
        return out;
    }

    private static String compare(Inputs in, SegmentedScanRun run) {
        IntPredicate head = in.head();
        if (in.ints() != null) {
            String bad = SortMergeIo.firstMismatch("segmented sums", SegmentedScanReference.scanInts(in.ints(), head),
                    SortMergeIo.downloadInts(run.scanned(), in.n()), false);
            return bad != null ? bad : SortMergeIo.firstMismatch("segment totals", SegmentedScanReference.totalsInts(in.ints(), in.offsets()),
                    SortMergeIo.downloadInts(run.totals(), in.segments()), false);
        }
        String bad = firstFloatMismatch("segmented sums", SegmentedScanReference.scanFloats(in.floats(), head),
                SortMergeIo.downloadFloats(run.scanned(), in.n()));
        return bad != null ? bad : firstFloatMismatch("segment totals", SegmentedScanReference.totalsFloats(in.floats(), in.offsets()),
                SortMergeIo.downloadFloats(run.totals(), in.segments()));
    }

    private static String firstFloatMismatch(String what, double[] expected, float[] actual) {
        for (int i = 0; i < expected.length; i++) {
            if (!(Math.abs(actual[i] - expected[i]) <= 1e-4 * (Math.abs(expected[i]) + 1))) {
                return String.format(Locale.ROOT, "%s: first mismatch at index %d: expected %s, got %s", what, i, expected[i], actual[i]);
            }
        }
        return null;
    }

    @Override
    public List<PatternBenchRow> bench(Gpu gpu, PatternRequest request, List<Long> sizes, int warmups, int runs) {
        int mean = mean(request);
        NvccCompiler nvcc = SortMergeIo.nvcc();
        List<PatternBenchRow> rows = new ArrayList<>();
        for (Config cfg : source.configs(request)) {
            CubHarness cub = null;
            try {
                if (cfg.descriptor() == Descriptor.HEADS) cub = CubHarness.fromSource(nvcc, SegmentedScanSource.libraryHarness(cfg, mean), gpu.info().arch());
            } catch (CudaCompileException e) {
                throw new GpuException("compiling the CUB harness: " + e.getMessage(), e);
            }
            try (SegmentedScanRun.Kernels k = SegmentedScanRun.Kernels.load(gpu, nvcc, request, cfg); EventTimer timer = new EventTimer()) {
                for (long n : sizes) {
                    SortMergeIo.requireMemory(source.name(), n, SegmentedScanRun.bytes(n, k));
                    Inputs in = Inputs.of(cfg, (int) n, mean, 1L + n);
                    double ours;
                    double memcpy;
                    long bytes = 8L * n;   // the values read and the sums written (descriptors and totals not counted)
                    try (SegmentedScanRun run = new SegmentedScanRun(gpu, k, in)) {
                        ours = timer.medianMillis(warmups, runs, run::run);
                        memcpy = SortMergeIo.memcpyMillis(timer, run.values(), run.scanned(), 4L * n, warmups, runs);
                        gpu.synchronize("benchmarking segmented-scan " + cfg.label());
                    }
                    double lib = cub == null ? Double.NaN : cub.medianMillis(n, warmups, runs);
                    rows.add(new PatternBenchRow(source.name(), cfg.label() + ", mean " + mean, n, ours, lib,
                            "cub::DeviceSegmentedReduce::Sum", memcpy, bytes));
                }
            }
        }
        return rows;
    }
}
