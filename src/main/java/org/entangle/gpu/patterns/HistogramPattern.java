package org.entangle.gpu.patterns;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.patterns.HarnessSource;
import org.entangle.cuda.patterns.HistogramSource;
import org.entangle.cuda.patterns.HistogramSpec;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.gpu.CubHarness;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.LoadedKernel;

/**
 * {@link HistogramSource} on a device, checked against {@link HistogramSpec}'s CPU binning (every bin count
 * exact, and every entry of the cumulative histogram the network computed) and timed against
 * {@code cub::DeviceHistogram::HistogramEven} / {@code HistogramRange}. Check inputs: uniform over
 * [lo − R/8, hi + R/8) (R = hi − lo, so a fifth of the samples fall outside and must not be counted), or skewed,
 * lo + R·u^8 (half the samples in the first 1/256 of the range); explicit edges are random (from the seed).
 * Benchmark inputs stay inside [lo, hi) and explicit edges are evenly spaced, the same in the CUB harness.
 * The counts (and the tile counters or the last-block ticket after them) are zeroed as part of the run (they are
 * accumulated); the cumulative histogram is poisoned first. The counting kernels' shared-memory carveout is fitted to
 * their resident blocks, the rest of the unified L1 left to the loads in flight.
 */
public final class HistogramPattern implements GpuPattern, TiledPattern {

    private final HistogramSource source = new HistogramSource();

    @Override
    public HistogramSource source() {
        return source;
    }

    @Override
    public long tileItems(PatternRequest request) {
        return HistogramSource.tileItems(request.network(), source.configs(request).get(0).type());
    }

    private record Kernels(HistogramSource.Config config, LoadedKernel even, LoadedKernel range, LoadedKernel table, LoadedKernel cdf)
            implements AutoCloseable {
        @Override
        public void close() {
            even.close();
            range.close();
            table.close();
            if (cdf != null) cdf.close();
        }
    }

    private List<Kernels> load(Gpu gpu, PatternRequest request) {
        HistogramSpec.validate(request);
        List<HistogramSource.Config> configs = source.configs(request);
        List<String> ptx = PatternProtocol.ptx(gpu, configs.stream().map(c -> source.emit(request, c)).toList());
        List<Kernels> out = new ArrayList<>();
        for (int i = 0; i < configs.size(); i++) {
            HistogramSource.Config c = configs.get(i);
            String p = ptx.get(i);
            LoadedKernel even = gpu.load(p, c.evenEntry());
            LoadedKernel range = gpu.load(p, c.rangeEntry());
            int resident = HistogramSource.residentBlocks(c, request.network().width());
            even.fitCarveoutTo(resident);
            range.fitCarveoutTo(resident);
            boolean chunked = HistogramSource.privatisation(request.network().width(), c.bins()) == HistogramSource.Privatisation.CHUNKED;
            out.add(new Kernels(c, even, range, gpu.load(p, c.tableEntry()), chunked ? gpu.load(p, c.cdfEntry()) : null));
        }
        return out;
    }

    /** Samples of a distribution; {@code margin} of R on each side falls outside the range. */
    static Object samples(ElementType type, int n, long seed, double lo, double hi, String dist, double margin) {
        double r = hi - lo;
        Object a = HostData.allocate(type, n);
        HostData.forEachChunk(n, seed, (rng, from, to) -> {
            for (int i = from; i < to; i++) {
                double u = rng.nextDouble();
                double x = dist.equals("skewed") ? lo + r * Math.pow(u, 8) : lo - margin * r + u * r * (1 + 2 * margin);
                switch (type) {
                    case INT32 -> ((int[]) a)[i] = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, Math.floor(x)));
                    case FLOAT32 -> ((float[]) a)[i] = (float) x;
                    default -> ((double[]) a)[i] = x;
                }
            }
        });
        return a;
    }

    private static Object typed(ElementType type, double[] values) {
        Object a = HostData.allocate(type, values.length);
        for (int i = 0; i < values.length; i++) {
            switch (type) {
                case INT32 -> ((int[]) a)[i] = (int) values[i];
                case FLOAT32 -> ((float[]) a)[i] = (float) values[i];
                default -> ((double[]) a)[i] = values[i];
            }
        }
        return a;
    }

    /** The device arrays of one configuration and size. */
    private static final class Buffers implements AutoCloseable {
        final DeviceBuffer in;
        final DeviceBuffer edges;
        final DeviceBuffer table;
        final DeviceBuffer hist;
        final DeviceBuffer cdf;

        Buffers(Gpu gpu, ElementType type, int width, int bins, long n) {
            long tableEntries = bins + (long) HistogramSource.TABLE_ENTRIES;
            long countWords = HistogramSource.countWords(width, bins);
            PatternProtocol.requireFits(n * type.bytes() + (bins + 1L) * type.bytes() + 4L * (tableEntries + countWords + bins),
                    "histogram of " + n + " " + type.token());
            in = gpu.allocate(n * type.bytes(), "the samples");
            edges = gpu.allocate((bins + 1L) * type.bytes(), "the bin edges");
            table = gpu.allocate(4L * tableEntries, "the bin edges' bucket table");
            hist = gpu.allocate(4L * countWords, "the histogram and its tile counters");
            cdf = gpu.allocate(4L * bins, "the cumulative histogram");
        }

        @Override
        public void close() {
            for (DeviceBuffer b : new DeviceBuffer[] {in, edges, table, hist, cdf}) b.close();
        }
    }

    private static void run(Gpu gpu, PatternRequest request, Kernels k, Buffers b, long n, boolean even, HistogramSpec.EvenBins bins) {
        long blocks = HistogramSource.blocks(request.network(), k.config(), n, gpu.info().multiprocessors());
        int threads = request.network().width();
        b.hist.fill(0);
        // The resident forms' counting kernels also write the cumulative histogram (their last block); the chunked
        // form's is a kernel of its own.
        List<Object> counted = new ArrayList<>(even ? List.of(b.in, b.hist) : List.of(b.in, b.edges, b.table, b.hist));
        if (k.cdf() == null) counted.add(b.cdf);
        counted.add(n);
        if (even) {
            counted.addAll(List.of(bins.loBits(), bins.hiBits(), bins.scaleBits()));
            k.even().launch(blocks, threads, counted.toArray());
        } else {
            k.table().launch((k.config().bins() + HistogramSource.TABLE_ENTRIES + 255L) / 256, 256, b.edges, b.table);
            k.range().launch(blocks, threads, counted.toArray());
        }
        if (k.cdf() != null) k.cdf().launch(1, threads, b.hist, b.cdf);
    }

    @Override
    public List<PatternCheck> check(Gpu gpu, PatternRequest request, List<Long> sizes, long seed) {
        List<PatternCheck> checks = new ArrayList<>();
        List<Kernels> kernels = load(gpu, request);
        try {
            long s = seed;
            for (long n : sizes) {
                int len = PatternProtocol.hostLength(n);
                for (Kernels k : kernels) {
                    ElementType type = k.config().type();
                    int binCount = k.config().bins();
                    double lo = HistogramSpec.lo(request, type);
                    double hi = HistogramSpec.hi(request, type);
                    HistogramSpec.EvenBins even = new HistogramSpec.EvenBins(type, lo, hi, binCount);
                    try (Buffers b = new Buffers(gpu, type, request.network().width(), binCount, n)) {
                        for (String dist : HistogramSpec.distributions(request)) {
                            long inputSeed = s++;
                            Object input = samples(type, len, inputSeed, lo, hi, dist, 0.125);
                            HostData.upload(b.in, input);
                            for (String mode : HistogramSpec.modes(request)) {
                                Object typedEdges = typed(type, HistogramSpec.edges(request, type, binCount, inputSeed));
                                double[] edges = new double[binCount + 1];
                                for (int i = 0; i <= binCount; i++) edges[i] = HostData.doubleAt(typedEdges, i);  // as the device sees them
                                HostData.upload(b.edges, typedEdges);
                                PatternProtocol.poison(b.cdf);
                                run(gpu, request, k, b, n, mode.equals("even"), even);
                                gpu.synchronize("histogram " + type.token() + " " + mode + " of " + n);
                                long[] expected = HistogramSpec.counts(len, binCount, i -> HostData.doubleAt(input, i),
                                        mode.equals("even") ? even::bin : x -> HistogramSpec.rangeBin(edges, x));
                                String label = String.format(Locale.ROOT, "%s %s %d bins %s (%s)%s", type.token(), mode, binCount, dist,
                                        HistogramSource.privatisation(request.network().width(), binCount).name().toLowerCase(Locale.ROOT),
                                        k.config().variant());
                                checks.add(compare(label, n, inputSeed, expected, b));
                            }
                        }
                    }
                }
            }
        } finally {
            kernels.forEach(Kernels::close);
        }
        return checks;
    }

    private PatternCheck compare(String label, long n, long seed, long[] expected, Buffers b) {
        int bins = expected.length;
        int[] hist = new int[bins];
        int[] cdf = new int[bins];
        HostData.download(b.hist, hist);
        HostData.download(b.cdf, cdf);
        String mismatch = PatternProtocol.firstMismatch(bins, i -> (int) expected[i] == hist[i],
                i -> "count " + expected[i], i -> "count " + Integer.toUnsignedString(hist[i]));
        if (mismatch == null) {
            long[] running = new long[bins];
            long sum = 0;
            for (int i = 0; i < bins; i++) running[i] = sum += expected[i];
            mismatch = PatternProtocol.firstMismatch(bins, i -> (int) running[i] == cdf[i],
                    i -> "cumulative " + running[i], i -> "cumulative " + Integer.toUnsignedString(cdf[i]));
        }
        long counted = 0;
        for (long c : expected) counted += c;
        return new PatternCheck(source.name(), label, n, seed, mismatch == null,
                mismatch == null ? "all " + bins + " counts and cumulative counts exact (" + counted + " samples in range)" : mismatch);
    }

    @Override
    public List<PatternBenchRow> bench(Gpu gpu, PatternRequest request, List<Long> sizes, int warmups, int runs) {
        List<PatternBenchRow> rows = new ArrayList<>();
        List<Kernels> kernels = load(gpu, request);
        List<String> labels = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        for (Kernels k : kernels) {
            for (String dist : HistogramSpec.distributions(request)) {
                for (String mode : HistogramSpec.modes(request)) {
                    labels.add(k.config().namespaceLabel(mode, dist));
                    sources.add(harnessSource(request, k.config(), mode, dist));
                }
            }
        }
        List<CubHarness> harnesses = PatternProtocol.harnesses(gpu, sources);
        try {
            for (long n : sizes) {
                int len = PatternProtocol.hostLength(n);
                for (Kernels k : kernels) {
                    ElementType type = k.config().type();
                    int binCount = k.config().bins();
                    double lo = HistogramSpec.lo(request, type);
                    double hi = HistogramSpec.hi(request, type);
                    HistogramSpec.EvenBins even = new HistogramSpec.EvenBins(type, lo, hi, binCount);
                    try (Buffers b = new Buffers(gpu, type, request.network().width(), binCount, n)) {
                        HostData.upload(b.edges, typed(type, evenEdges(type, lo, hi, binCount)));
                        for (String dist : HistogramSpec.distributions(request)) {
                            HostData.upload(b.in, samples(type, len, 1, lo, hi, dist, 0));
                            for (String mode : HistogramSpec.modes(request)) {
                                double ours = PatternProtocol.medianMillis(warmups, runs, () -> run(gpu, request, k, b, n, mode.equals("even"), even));
                                gpu.synchronize("timing histogram " + mode);
                                long bytes = n * type.bytes() + 4L * binCount;
                                double memcpy = PatternProtocol.memcpyMillis(gpu, bytes / 2, warmups, runs);
                                double library = harnesses.get(labels.indexOf(k.config().namespaceLabel(mode, dist))).medianMillis(n, warmups, runs);
                                rows.add(new PatternBenchRow(source.name(), String.format(Locale.ROOT, "%s %s %d bins %s%s", type.token(), mode, binCount, dist, k.config().variant()),
                                        n, ours, library, mode.equals("even") ? "cub::DeviceHistogram::HistogramEven" : "cub::DeviceHistogram::HistogramRange",
                                        memcpy, bytes));
                            }
                        }
                    }
                }
            }
        } finally {
            kernels.forEach(Kernels::close);
        }
        return rows;
    }

    private static double[] evenEdges(ElementType type, double lo, double hi, int bins) {
        double[] e = new double[bins + 1];
        for (int i = 0; i <= bins; i++) {
            double x = lo + (hi - lo) * i / bins;
            e[i] = type == ElementType.INT32 ? Math.floor(x) : x;
        }
        return e;
    }

    /** CUB's histogram of the benchmark's distribution (inside the range; explicit edges evenly spaced). */
    private static String harnessSource(PatternRequest request, HistogramSource.Config c, String mode, String dist) {
        ElementType type = c.type();
        double lo = HistogramSpec.lo(request, type);
        double hi = HistogramSpec.hi(request, type);
        String u = "((double)h * 2.3283064365386963e-10)";
        String range = "(" + lo + " + " + (hi - lo) + " * ";
        String x = dist.equals("skewed") ? range + "pow(" + u + ", 8.0))" : range + u + ")";
        String fill = type == ElementType.INT32 ? "(T)floor(" + x + ")" : "(T)(" + x + ")";
        String declarations = String.format(Locale.ROOT, """
                constexpr double LO = %s, R = %s;
                constexpr int BINS = %d;
                __global__ void fill_levels(T* levels) {
                    for (int i = threadIdx.x; i <= BINS; i += blockDim.x) levels[i] = (T)%s(LO + R * (double)i / BINS);
                }
                """, Double.toString(lo), Double.toString(hi - lo), c.bins(), type == ElementType.INT32 ? "floor" : "");
        String setup = "int* hist; T* levels;\nCHECK(cudaMalloc(&hist, BINS * sizeof(int))); CHECK(cudaMalloc(&levels, (BINS + 1) * sizeof(T)));\n"
                + "fill_levels<<<1, 256>>>(levels);";
        String call = mode.equals("even")
                ? "cub::DeviceHistogram::HistogramEven(temp, temp_bytes, in, hist, BINS + 1, (T)LO, (T)(LO + R), n)"
                : "cub::DeviceHistogram::HistogramRange(temp, temp_bytes, in, hist, BINS + 1, levels, n)";
        return HarnessSource.program("histogram " + type.token() + " " + mode + " " + c.bins() + " bins " + dist, type.cType(), fill, declarations, setup, call);
    }
}
