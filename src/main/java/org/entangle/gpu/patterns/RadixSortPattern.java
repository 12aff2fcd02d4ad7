package org.entangle.gpu.patterns;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.CudaCompileException;
import org.entangle.cuda.NvccCompiler;
import org.entangle.cuda.patterns.EmbeddedDeviceScan;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.cuda.patterns.PatternSource;
import org.entangle.cuda.patterns.RadixSortReference;
import org.entangle.cuda.patterns.RadixSortSource;
import org.entangle.cuda.patterns.RadixSortSource.Config;
import org.entangle.gpu.CubHarness;
import org.entangle.gpu.EventTimer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuException;
import org.entangle.gpu.LoadedKernel;

/**
 * The radix sort on the device (issue 9): checked against {@link RadixSortReference} for every key type, with
 * and without values, every distribution of {@code dist=} (default all for checks, random for benchmarks) and
 * size, values being the input indices so that stability is checked exactly; benchmarked against
 * {@code cub::DeviceRadixSort} and memcpy of the keys (and values) in the same run.
 */
public final class RadixSortPattern implements GpuPattern {

    private final RadixSortSource source = new RadixSortSource();

    @Override
    public PatternSource source() {
        return source;
    }

    /** The compiled kernels of one configuration. */
    private record Kernels(LoadedKernel upsweep, LoadedKernel scatter, LoadedKernel scan, EmbeddedDeviceScan shape, int threads)
            implements AutoCloseable {
        static Kernels load(Gpu gpu, NvccCompiler nvcc, PatternRequest request, Config cfg) {
            String ptx = SortMergeIo.ptx(nvcc, new RadixSortSource().emit(request, List.of(cfg)), gpu);
            EmbeddedDeviceScan shape = RadixSortSource.digitScan(request.network());
            return new Kernels(gpu.load(ptx, cfg.upsweepEntry()), gpu.load(ptx, cfg.scatterEntry()),
                    gpu.load(ptx, shape.entry()), shape, RadixSortSource.blockThreads(request.network()));
        }

        RadixSortRun open(Gpu gpu, long n, boolean pairs) {
            SortMergeIo.requireMemory("radix-sort", n, RadixSortRun.bytes(n, pairs, shape));
            return new RadixSortRun(gpu, n, pairs, threads, upsweep, scatter, scan, shape);
        }

        @Override
        public void close() {
            upsweep.close();
            scatter.close();
            scan.close();
        }
    }

    @Override
    public List<PatternCheck> check(Gpu gpu, PatternRequest request, List<Long> sizes, long seed) {
        NvccCompiler nvcc = SortMergeIo.nvcc();
        List<String> dists = RadixSortInputs.distributions(request.option("dist", "all"));
        List<PatternCheck> out = new ArrayList<>();
        long s = seed;
        for (Config cfg : source.configs(request)) {
            try (Kernels k = Kernels.load(gpu, nvcc, request, cfg)) {
                for (String dist : dists) {
                    for (long n : sizes) out.add(checkOne(gpu, k, cfg, dist, n, s++));
                }
            }
        }
        return out;
    }

    private PatternCheck checkOne(Gpu gpu, Kernels k, Config cfg, String dist, long size, long seed) {
        String config = cfg.label() + ", " + dist;
        try (RadixSortRun run = k.open(gpu, size, cfg.pairs())) {
            int n = (int) size;
            int[] keys = RadixSortInputs.keys(cfg.key(), dist, n, seed);
            SortMergeIo.upload(run.keysIn, keys);
            int[] values = null;
            if (cfg.pairs()) {
                values = new int[n];
                for (int i = 0; i < n; i++) values[i] = i;
                SortMergeIo.upload(run.valuesIn, values);
            }
            run.poison();
            run.run();
            gpu.synchronize("radix-sort " + config + " on " + n + " keys");
            int[] order = RadixSortReference.order(cfg.key(), keys);
            String bad = SortMergeIo.firstMismatch("keys", RadixSortReference.gather(keys, order), SortMergeIo.downloadInts(run.resultKeys(), n), true);
            if (bad == null && values != null) {
                bad = SortMergeIo.firstMismatch("values (input indices: stability)", order, SortMergeIo.downloadInts(run.resultValues(), n), false);
            }
            String ok = "all " + n + " keys" + (values != null ? " and values" : "") + " match, " + run.passesRun() + " of 4 passes run";
            return new PatternCheck(source.name(), config, n, seed, bad == null, bad == null ? ok : bad);
        }
    }

    @Override
    public List<PatternBenchRow> bench(Gpu gpu, PatternRequest request, List<Long> sizes, int warmups, int runs) {
        NvccCompiler nvcc = SortMergeIo.nvcc();
        List<String> dists = RadixSortInputs.distributions(request.option("dist", "random"));
        List<PatternBenchRow> rows = new ArrayList<>();
        for (Config cfg : source.configs(request)) {
            CubHarness cub = harness(nvcc, cfg, gpu);
            try (Kernels k = Kernels.load(gpu, nvcc, request, cfg); EventTimer timer = new EventTimer()) {
                for (String dist : dists) {
                    for (long n : sizes) {
                        double ours;
                        double memcpy;
                        try (RadixSortRun run = k.open(gpu, n, cfg.pairs())) {
                            SortMergeIo.upload(run.keysIn, RadixSortInputs.keys(cfg.key(), dist, (int) n, 1L + n));
                            if (cfg.pairs()) SortMergeIo.upload(run.valuesIn, SortMergeIo.randomInts((int) n, 2L + n));
                            ours = timer.medianMillis(warmups, runs, run::run);
                            memcpy = timer.medianMillis(warmups, runs, () -> {
                                run.spare().copyFrom(run.keysIn, 4 * n);
                                if (cfg.pairs()) run.resultValues().copyFrom(run.valuesIn, 4 * n);
                            });
                            gpu.synchronize("benchmarking radix-sort " + cfg.label());
                        }
                        double lib = dist.equals("random") ? cub.medianMillis(n, warmups, runs) : Double.NaN;
                        long bytes = 2L * 4 * n * (cfg.pairs() ? 2 : 1);
                        rows.add(new PatternBenchRow(source.name(), cfg.label() + ", " + dist, n, ours, lib,
                                "cub::DeviceRadixSort::" + (cfg.pairs() ? "SortPairs" : "SortKeys"), memcpy, bytes));
                    }
                }
            }
        }
        return rows;
    }

    private static CubHarness harness(NvccCompiler nvcc, Config cfg, Gpu gpu) {
        try {
            return CubHarness.fromSource(nvcc, RadixSortSource.libraryHarness(cfg), gpu.info().arch());
        } catch (CudaCompileException e) {
            throw new GpuException("compiling the CUB harness: " + e.getMessage(), e);
        }
    }
}
