package org.entangle.gpu.patterns;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.ScanOperator;
import org.entangle.cuda.patterns.HarnessSource;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.cuda.patterns.ReduceReference;
import org.entangle.cuda.patterns.ReduceSource;
import org.entangle.gpu.CubHarness;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.LoadedKernel;
import org.entangle.gpu.ScanCheck;

/**
 * {@link ReduceSource} on a device, one launch per reduction (the kernel's shared-memory carveout fitted to its
 * resident blocks, so the rest of L1 stays cache for the loads in flight; the last-block ticket zeroed once per
 * buffer, each launch leaves it zero): checked against {@link ReduceReference} (integers exactly; floats by the
 * relative error |out − ref| / |ref| against a float64 reference, within {@link ScanCheck#tolerance}: 10^-4 for
 * float32, 10^-12 for float64), timed against {@code cub::DeviceReduce} (Sum, or Reduce with
 * {@code cuda::maximum}/{@code cuda::minimum}). Inputs: integers over their whole range, floats in [0, 1);
 * one input per type and size serves every operator.
 */
public final class ReducePattern implements GpuPattern, TiledPattern {

    private final ReduceSource source = new ReduceSource();

    @Override
    public ReduceSource source() {
        return source;
    }

    @Override
    public long tileItems(PatternRequest request) {
        return ReduceSource.tileItems(request.network(), source.configs(request).get(0));
    }

    /** The kernel of one configuration, loaded. */
    private record Kernels(ReduceSource.Config config, LoadedKernel kernel) implements AutoCloseable {
        @Override
        public void close() {
            kernel.close();
        }
    }

    private List<Kernels> load(Gpu gpu, PatternRequest request) {
        List<ReduceSource.Config> configs = source.configs(request);
        List<String> ptx = PatternProtocol.ptx(gpu, configs.stream().map(c -> source.emit(request, c)).toList());
        List<Kernels> out = new ArrayList<>();
        for (int i = 0; i < configs.size(); i++) {
            ReduceSource.Config c = configs.get(i);
            LoadedKernel kernel = gpu.load(ptx.get(i), c.entry());
            kernel.fitCarveoutTo(c.blocks());
            out.add(new Kernels(c, kernel));
        }
        return out;
    }

    private static Map<ElementType, List<Kernels>> byType(List<Kernels> kernels) {
        Map<ElementType, List<Kernels>> m = new LinkedHashMap<>();
        for (Kernels k : kernels) m.computeIfAbsent(k.config().type(), t -> new ArrayList<>()).add(k);
        return m;
    }

    private static void run(Gpu gpu, PatternRequest request, Kernels k, Scratch scratch, DeviceBuffer in, DeviceBuffer out, long n) {
        long blocks = ReduceSource.blocks(request.network(), k.config(), n, gpu.info().multiprocessors());
        k.kernel().launch(blocks, request.network().width(), in, scratch.partials(), scratch.ticket(), out, n);
    }

    /** The blocks' partials (for the largest grid of the type's kernels) and the last-block ticket, zeroed here (every launch leaves it zero). */
    private record Scratch(DeviceBuffer partials, DeviceBuffer ticket) implements AutoCloseable {
        static Scratch allocate(Gpu gpu, PatternRequest request, List<Kernels> kernels, long n) {
            DeviceBuffer partials = gpu.allocate(partialBytes(gpu, request, kernels, n), "the block partials");
            try {
                DeviceBuffer ticket = gpu.allocate(Integer.BYTES, "the last-block ticket");
                ticket.fill(0);
                return new Scratch(partials, ticket);
            } catch (RuntimeException e) {
                partials.close();
                throw e;
            }
        }

        @Override
        public void close() {
            partials.close();
            ticket.close();
        }
    }

    private static long partialBytes(Gpu gpu, PatternRequest request, List<Kernels> kernels, long n) {
        long most = 0;
        for (Kernels k : kernels) {
            most = Math.max(most, ReduceSource.blocks(request.network(), k.config(), n, gpu.info().multiprocessors()) * k.config().type().bytes());
        }
        return most;
    }

    @Override
    public List<PatternCheck> check(Gpu gpu, PatternRequest request, List<Long> sizes, long seed) {
        List<PatternCheck> checks = new ArrayList<>();
        List<Kernels> kernels = load(gpu, request);
        try {
            long s = seed;
            for (long n : sizes) {
                for (Map.Entry<ElementType, List<Kernels>> e : byType(kernels).entrySet()) {
                    ElementType type = e.getKey();
                    long inputSeed = s++;
                    PatternProtocol.requireFits(n * type.bytes() + partialBytes(gpu, request, e.getValue(), n) + 12, "reduce of " + n + " " + type.token());
                    int len = PatternProtocol.hostLength(n);
                    Object input = HostData.random(type, len, inputSeed, 0, 1);
                    try (DeviceBuffer in = gpu.allocate(n * type.bytes(), "the input");
                         Scratch scratch = Scratch.allocate(gpu, request, e.getValue(), n);
                         DeviceBuffer out = gpu.allocate(type.bytes(), "the result")) {
                        HostData.upload(in, input);
                        for (Kernels k : e.getValue()) {
                            PatternProtocol.poison(scratch.partials());
                            PatternProtocol.poison(out);
                            run(gpu, request, k, scratch, in, out, n);
                            gpu.synchronize("reduce " + k.config().label() + " of " + n);
                            Object result = HostData.allocate(type, 1);
                            HostData.download(out, result);
                            checks.add(compare(k.config(), n, inputSeed, input, len, result));
                        }
                    }
                }
            }
        } finally {
            kernels.forEach(Kernels::close);
        }
        return checks;
    }

    private PatternCheck compare(ReduceSource.Config cfg, long n, long seed, Object input, int len, Object result) {
        ElementType type = cfg.type();
        ScanOperator op = cfg.op();
        if (!type.isFloating()) {
            long expected = ReduceReference.ofLongs(type, op, len, i -> HostData.longAt(input, i));
            long actual = HostData.longAt(result, 0);
            return new PatternCheck(source.name(), cfg.label(), n, seed, expected == actual,
                    expected == actual ? "exact: " + actual : "expected " + expected + ", got " + actual);
        }
        double expected = ReduceReference.ofDoubles(op, len, i -> HostData.doubleAt(input, i));
        double actual = HostData.doubleAt(result, 0);
        double error = expected == actual ? 0 : Math.abs(actual - expected) / Math.max(Math.abs(expected), Double.MIN_NORMAL);
        double tolerance = op == ScanOperator.ADD ? ScanCheck.tolerance(type) : 0;
        boolean ok = error <= tolerance;
        return new PatternCheck(source.name(), cfg.label(), n, seed, ok, String.format(Locale.ROOT,
                "expected %s, got %s, relative error %.3e (tolerance %.0e)", expected, actual, error, tolerance));
    }

    @Override
    public List<PatternBenchRow> bench(Gpu gpu, PatternRequest request, List<Long> sizes, int warmups, int runs) {
        List<PatternBenchRow> rows = new ArrayList<>();
        List<Kernels> kernels = load(gpu, request);
        List<CubHarness> harnesses = PatternProtocol.harnesses(gpu, kernels.stream().map(k -> harnessSource(k.config())).toList());
        try {
            for (long n : sizes) {
                for (Map.Entry<ElementType, List<Kernels>> e : byType(kernels).entrySet()) {
                    ElementType type = e.getKey();
                    PatternProtocol.requireFits(n * type.bytes() + partialBytes(gpu, request, e.getValue(), n) + 12, "reduce of " + n + " " + type.token());
                    try (DeviceBuffer in = gpu.allocate(n * type.bytes(), "the input");
                         Scratch scratch = Scratch.allocate(gpu, request, e.getValue(), n);
                         DeviceBuffer out = gpu.allocate(type.bytes(), "the result")) {
                        HostData.upload(in, HostData.random(type, PatternProtocol.hostLength(n), 1, 0, 1));
                        for (Kernels k : e.getValue()) {
                            double ours = PatternProtocol.medianMillis(warmups, runs, () -> run(gpu, request, k, scratch, in, out, n));
                            gpu.synchronize("timing reduce " + k.config().label());
                            long bytes = n * type.bytes() + type.bytes();
                            double memcpy = PatternProtocol.memcpyMillis(gpu, bytes / 2, warmups, runs);
                            double library = harnesses.get(kernels.indexOf(k)).medianMillis(n, warmups, runs);
                            rows.add(new PatternBenchRow(source.name(), k.config().label(), n, ours, library, libraryName(k.config()), memcpy, bytes));
                        }
                    }
                }
            }
        } finally {
            kernels.forEach(Kernels::close);
        }
        return rows;
    }

    private static String libraryName(ReduceSource.Config c) {
        return c.op() == ScanOperator.ADD ? "cub::DeviceReduce::Sum" : "cub::DeviceReduce::Reduce(cuda::" + (c.op() == ScanOperator.MAX ? "maximum" : "minimum") + ")";
    }

    /** The CUB harness of a configuration (same input distribution as our benchmark). */
    public static String harnessSource(ReduceSource.Config c) {
        String fill = c.type().isFloating() ? "(T)(h * 2.3283064365386963e-10)" : "(T)(" + (c.type().bytes() == 8 ? "((unsigned long long)h << 32) | mix(i + 0x9e3779b9ull)" : "h") + ")";
        String call = switch (c.op()) {
            case ADD -> "cub::DeviceReduce::Sum(temp, temp_bytes, in, out, n)";
            case MAX -> "cub::DeviceReduce::Reduce(temp, temp_bytes, in, out, n, cuda::maximum<>{}, std::numeric_limits<T>::lowest())";
            case MIN -> "cub::DeviceReduce::Reduce(temp, temp_bytes, in, out, n, cuda::minimum<>{}, std::numeric_limits<T>::max())";
        };
        return HarnessSource.program("reduce " + c.type().token() + " " + c.op().token() + " with " + libraryName(c), c.type().cType(), fill,
                "#include <limits>", "T* out;\nCHECK(cudaMalloc(&out, sizeof(T)));", call);
    }
}
