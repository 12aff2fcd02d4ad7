package org.entangle.gpu.patterns;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.patterns.CompactReference;
import org.entangle.cuda.patterns.CompactSource;
import org.entangle.cuda.patterns.HarnessSource;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.gpu.CubHarness;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.LoadedKernel;

/**
 * {@link CompactSource} on a device, checked against {@link CompactReference} (the count, and every kept
 * element bit for bit in order) and timed against {@code cub::DeviceSelect::If} / {@code Flagged}. Inputs:
 * integers over their whole range, floats in [−1, 1). Each type is checked with the threshold {@code x > t}
 * (option {@code threshold=}, default 0: about half kept), with thresholds that keep nothing (the type's
 * largest value) and everything (its lowest), and with random, all-zero and all-nonzero flags; option
 * {@code predicate=threshold|flags|all} narrows that. Options {@code items=}, {@code store=staged|direct} and
 * {@code schedule=grid|persistent} choose the kernel's tiling, {@code backoff=}, {@code settle=} and
 * {@code load=default|ldg|stream|noalloc} its look-back delays and loads (see {@link CompactSource}); the persistent schedule
 * launches as many blocks as stay resident on the device's SMs.
 */
public final class CompactPattern implements GpuPattern, TiledPattern {

    private final CompactSource source = new CompactSource();

    /** One way of choosing what is kept. */
    private record Variant(String label, boolean flags, double thresholdOrDensity) {
    }

    @Override
    public CompactSource source() {
        return source;
    }

    @Override
    public long tileItems(PatternRequest request) {
        return CompactSource.tileItems(request, source.configs(request).get(0).type());
    }

    private record Kernels(CompactSource.Config config, LoadedKernel threshold, LoadedKernel flags, int multiprocessors) implements AutoCloseable {
        @Override
        public void close() {
            threshold.close();
            flags.close();
        }
    }

    private List<Kernels> load(Gpu gpu, PatternRequest request) {
        List<CompactSource.Config> configs = source.configs(request);
        List<String> ptx = PatternProtocol.ptx(gpu, configs.stream().map(c -> source.emit(request, c)).toList());
        List<Kernels> out = new ArrayList<>();
        for (int i = 0; i < configs.size(); i++) {
            CompactSource.Config c = configs.get(i);
            Kernels k = new Kernels(c, gpu.load(ptx.get(i), c.thresholdEntry()), gpu.load(ptx.get(i), c.flagsEntry()), gpu.info().multiprocessors());
            out.add(k);
            int resident = CompactSource.minBlocks(request, c.type());
            long staging = CompactSource.stagingBytes(request, c.type());
            k.threshold().fitCarveoutTo(resident, staging);
            k.flags().fitCarveoutTo(resident, staging);
        }
        return out;
    }

    private static List<Variant> variants(PatternRequest request, ElementType type, boolean checking) {
        String predicate = request.option("predicate", "all");
        if (!List.of("threshold", "flags", "all").contains(predicate)) {
            throw new IllegalArgumentException("compact: predicate=" + predicate + " is not threshold, flags or all");
        }
        double t = threshold(request);
        List<Variant> v = new ArrayList<>();
        if (!predicate.equals("flags")) {
            v.add(new Variant(type.token() + " x > " + request.option("threshold", "0"), false, t));
            if (checking) {
                v.add(new Variant(type.token() + " x > max (keeps nothing)", false, type.isFloating() ? Double.POSITIVE_INFINITY : maxOf(type)));
                v.add(new Variant(type.token() + " x > lowest (keeps all but the lowest)", false, type.isFloating() ? Double.NEGATIVE_INFINITY : minOf(type)));
            }
        }
        if (!predicate.equals("threshold")) {
            v.add(new Variant(type.token() + " flags 1/2", true, 0.5));
            if (checking) {
                v.add(new Variant(type.token() + " flags none", true, 0));
                v.add(new Variant(type.token() + " flags all", true, 1));
            }
        }
        return v;
    }

    private static double threshold(PatternRequest request) {
        String text = request.option("threshold", "0");
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("compact: threshold=" + text + " is not a number");
        }
    }

    private static double maxOf(ElementType t) {
        return t == ElementType.INT32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
    }

    private static double minOf(ElementType t) {
        return t == ElementType.INT32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
    }

    /** The threshold as the kernel reads it (the type's bits in a long long). */
    static long thresholdBits(ElementType type, double t) {
        return switch (type) {
            case INT32 -> (long) (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, t));
            case INT64 -> t >= 0x1p63 ? Long.MAX_VALUE : (long) t;
            case FLOAT32 -> Float.floatToRawIntBits((float) t);
            case FLOAT64 -> Double.doubleToRawLongBits(t);
        };
    }

    /** The device arrays of one size. */
    private static final class Buffers implements AutoCloseable {
        final DeviceBuffer in;
        final DeviceBuffer out;
        final DeviceBuffer flags;
        final DeviceBuffer count;
        final DeviceBuffer scratch;

        Buffers(Gpu gpu, PatternRequest request, ElementType type, long n) {
            long scratchBytes = CompactSource.scratchBytes(request, type, n);
            PatternProtocol.requireFits(2 * n * type.bytes() + n + 8 + scratchBytes, "compact of " + n + " " + type.token());
            if (n >= Integer.MAX_VALUE) throw new DeviceMemoryShortage("compact counts in 32 bits: fewer than 2^31 elements, got " + n);
            in = gpu.allocate(n * type.bytes(), "the input");
            out = gpu.allocate(n * type.bytes(), "the output");
            flags = gpu.allocate(n, "the flags");
            count = gpu.allocate(8, "the count");
            scratch = gpu.allocate(scratchBytes, "the tile status");
        }

        @Override
        public void close() {
            for (DeviceBuffer b : new DeviceBuffer[] {in, out, flags, count, scratch}) b.close();
        }
    }

    private static void run(PatternRequest request, Kernels k, Buffers b, long n, Variant v) {
        ElementType type = k.config().type();
        long blocks = CompactSource.launchBlocks(request, type, n, k.multiprocessors());
        long staging = CompactSource.stagingBytes(request, type);
        int threads = request.network().width();
        b.scratch.fill(0);
        if (v.flags()) {
            k.flags().launch(blocks, threads, staging, new Object[] {b.in, b.flags, b.out, b.count, n, b.scratch});
        } else {
            k.threshold().launch(blocks, threads, staging, new Object[] {b.in, b.out, b.count, n, thresholdBits(type, v.thresholdOrDensity()), b.scratch});
        }
    }

    @Override
    public List<PatternCheck> check(Gpu gpu, PatternRequest request, List<Long> sizes, long seed) {
        List<PatternCheck> checks = new ArrayList<>();
        List<Kernels> kernels = load(gpu, request);
        try {
            long s = seed;
            for (long n : sizes) {
                for (Kernels k : kernels) {
                    ElementType type = k.config().type();
                    long inputSeed = s++;
                    int len = PatternProtocol.hostLength(n);
                    try (Buffers b = new Buffers(gpu, request, type, n)) {
                        Object input = HostData.random(type, len, inputSeed, -1, 1);
                        HostData.upload(b.in, input);
                        for (Variant v : variants(request, type, true)) {
                            byte[] flags = v.flags() ? HostData.flags(len, inputSeed ^ 0x5F1A65L, v.thresholdOrDensity()) : null;
                            if (flags != null) HostData.upload(b.flags, flags);
                            PatternProtocol.poison(b.out);
                            PatternProtocol.poison(b.count);
                            run(request, k, b, n, v);
                            gpu.synchronize("compact " + v.label() + " of " + n);
                            checks.add(compare(v, n, inputSeed, input, flags, b, type));
                        }
                    }
                }
            }
        } finally {
            kernels.forEach(Kernels::close);
        }
        return checks;
    }

    private PatternCheck compare(Variant v, long n, long seed, Object input, byte[] flags, Buffers b, ElementType type) {
        int len = (int) n;
        double t = v.thresholdOrDensity();
        float tf = (float) t;
        IntPredicate keep = v.flags() ? i -> flags[i] != 0
                : type == ElementType.FLOAT32 ? i -> ((float[]) input)[i] > tf
                : type.isFloating() ? i -> HostData.doubleAt(input, i) > t
                : i -> HostData.longAt(input, i) > thresholdBits(type, t);
        int[] kept = CompactReference.keptIndices(len, keep);
        long[] count = new long[1];
        HostData.download(b.count, count);
        if (count[0] != kept.length) {
            return new PatternCheck(source.name(), v.label(), n, seed, false, "count: expected " + kept.length + ", got " + count[0]);
        }
        Object actual = HostData.allocate(type, kept.length);
        HostData.download(b.out, actual);
        Object expected = HostData.gather(input, kept);
        String mismatch = PatternProtocol.firstMismatch(kept.length, i -> HostData.sameBits(expected, actual, i),
                i -> HostData.textAt(expected, i) + " (input index " + kept[i] + ")", i -> HostData.textAt(actual, i));
        return new PatternCheck(source.name(), v.label(), n, seed, mismatch == null,
                mismatch == null ? "count " + kept.length + " and every kept element exact, in order" : mismatch);
    }

    @Override
    public List<PatternBenchRow> bench(Gpu gpu, PatternRequest request, List<Long> sizes, int warmups, int runs) {
        List<PatternBenchRow> rows = new ArrayList<>();
        List<Kernels> kernels = load(gpu, request);
        List<String> sources = new ArrayList<>();
        List<Variant> all = new ArrayList<>();
        for (Kernels k : kernels) {
            for (Variant v : variants(request, k.config().type(), false)) {
                sources.add(harnessSource(k.config().type(), v));
                all.add(v);
            }
        }
        List<CubHarness> harnesses = PatternProtocol.harnesses(gpu, sources);
        try {
            for (long n : sizes) {
                for (Kernels k : kernels) {
                    ElementType type = k.config().type();
                    try (Buffers b = new Buffers(gpu, request, type, n)) {
                        int len = PatternProtocol.hostLength(n);
                        HostData.upload(b.in, HostData.random(type, len, 1, -1, 1));
                        for (Variant v : variants(request, type, false)) {
                            if (v.flags()) HostData.upload(b.flags, HostData.flags(len, 2, v.thresholdOrDensity()));
                            double ours = PatternProtocol.medianMillis(warmups, runs, () -> run(request, k, b, n, v));
                            gpu.synchronize("timing compact " + v.label());
                            long[] count = new long[1];
                            HostData.download(b.count, count);
                            long bytes = (n + count[0]) * type.bytes() + (v.flags() ? n : 0);
                            double memcpy = PatternProtocol.memcpyMillis(gpu, bytes / 2, warmups, runs);
                            int index = indexOf(all, v);
                            double library = harnesses.get(index).medianMillis(n, warmups, runs);
                            rows.add(new PatternBenchRow(source.name(), v.label(), n, ours, library,
                                    v.flags() ? "cub::DeviceSelect::Flagged" : "cub::DeviceSelect::If", memcpy, bytes));
                        }
                    }
                }
            }
        } finally {
            kernels.forEach(Kernels::close);
        }
        return rows;
    }

    private static int indexOf(List<Variant> all, Variant v) {
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).equals(v)) return i;
        }
        throw new IllegalStateException("no harness for " + v.label());
    }

    /** CUB's DeviceSelect on the same distribution: whole-range integers or floats in [−1, 1); flags nonzero with the density. */
    private static String harnessSource(ElementType type, Variant v) {
        String fill = type.isFloating() ? "(T)(h * 4.656612873077393e-10 - 1.0)"
                : type.bytes() == 8 ? "(T)(((unsigned long long)h << 32) | mix(i + 0x9e3779b9ull))" : "(T)h";
        String declarations = """
                struct Above { T t; __device__ bool operator()(const T& x) const { return x > t; } };
                __global__ void fill_flags(unsigned char* f, long long n, unsigned below) {
                    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
                        f[i] = mix((unsigned long long)i ^ 0x5bd1e995ull) < below ? 1 : 0;
                }
                """;
        long below = Math.round(Math.min(1, v.thresholdOrDensity()) * 4294967295.0);
        String setup = "T* out; int* selected; unsigned char* flags;\n"
                + "CHECK(cudaMalloc(&out, (n > 0 ? n : 1) * sizeof(T))); CHECK(cudaMalloc(&selected, sizeof(int))); CHECK(cudaMalloc(&flags, n > 0 ? n : 1));\n"
                + "fill_flags<<<1024, 256>>>(flags, n, " + below + "u);";
        String call = v.flags() ? "cub::DeviceSelect::Flagged(temp, temp_bytes, in, flags, out, selected, n)"
                : "cub::DeviceSelect::If(temp, temp_bytes, in, out, selected, n, Above{(T)(" + v.thresholdOrDensity() + ")})";
        return HarnessSource.program("compact " + v.label(), type.cType(), fill, declarations, setup, call);
    }
}
