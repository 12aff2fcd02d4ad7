package org.entangle.gpu.patterns;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.CudaCompileException;
import org.entangle.cuda.NvccCompiler;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.cuda.patterns.PatternSource;
import org.entangle.cuda.patterns.RadixKey;
import org.entangle.cuda.patterns.RadixRanking;
import org.entangle.cuda.patterns.RadixSortReference;
import org.entangle.cuda.patterns.RadixSortSource;
import org.entangle.cuda.patterns.RadixSortSource.Config;
import org.entangle.cuda.patterns.RadixSortSource.Geometry;
import org.entangle.gpu.CubHarness;
import org.entangle.gpu.EventTimer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuException;
import org.entangle.gpu.LoadedKernel;

/**
 * The radix sort on the device: checked against {@link RadixSortReference} for every key type, with
 * and without values, every distribution of {@code dist=} (default all for checks, random for benchmarks) and
 * size, values being the input indices so that stability is checked exactly (keys and pairs of one type share
 * each input and its reference); benchmarked against {@code cub::DeviceRadixSort} and memcpy of the keys (and
 * values) in the same run.
 */
public final class RadixSortPattern implements GpuPattern, TiledPattern {

    private final RadixSortSource source = new RadixSortSource();

    @Override
    public PatternSource source() {
        return source;
    }

    @Override
    public long tileItems(PatternRequest request) {
        // The keys' tile; pairs have the same one except under rank=atomic-or, where they keep more keys a thread.
        return Geometry.of(request, false).tileKeys();
    }

    /** The compiled kernels of one configuration. */
    private record Kernels(RadixSortRun.Kernels loaded) implements AutoCloseable {
        static Kernels load(Gpu gpu, NvccCompiler nvcc, PatternRequest request, Config cfg) {
            String ptx = SortMergeIo.ptx(nvcc, new RadixSortSource().emit(request, List.of(cfg)), gpu);
            Geometry geometry = Geometry.of(request, cfg.pairs());
            LoadedKernel onesweep = gpu.load(ptx, cfg.onesweepEntry());
            int rankingBytes = RadixRanking.of(request).dynamicSharedBytes(geometry.threads());
            // Shared memory for the resident blocks only: the rest of the unified L1 stays cache (measured on an H200:
            // int32 keys 0.17 ms slower at 2^28 with the largest carveout).
            onesweep.fitCarveoutTo(geometry.minBlocks(), rankingBytes);
            return new Kernels(new RadixSortRun.Kernels(gpu.load(ptx, cfg.histogramEntry()), gpu.load(ptx, cfg.binScanEntry()), onesweep,
                    geometry, rankingBytes, 8 * gpu.info().multiprocessors()));
        }

        RadixSortRun open(Gpu gpu, long n, boolean pairs) {
            SortMergeIo.requireMemory("radix-sort", n, RadixSortRun.bytes(n, pairs, loaded.geometry()));
            return new RadixSortRun(gpu, n, pairs, loaded);
        }

        @Override
        public void close() {
            loaded.histogram().close();
            loaded.binScan().close();
            loaded.onesweep().close();
        }
    }

    @Override
    public List<PatternCheck> check(Gpu gpu, PatternRequest request, List<Long> sizes, long seed) {
        sizes.forEach(RadixSortSource::requireSortable);
        NvccCompiler nvcc = SortMergeIo.nvcc();
        List<String> dists = RadixSortInputs.distributions(request.option("dist", "all"));
        List<Config> configs = source.configs(request);
        List<PatternCheck> out = new ArrayList<>();
        long s = seed;
        for (RadixKey key : configs.stream().map(Config::key).distinct().toList()) {
            List<Config> ofKey = configs.stream().filter(c -> c.key() == key).toList();
            List<Kernels> loaded = new ArrayList<>();
            try {
                for (Config cfg : ofKey) loaded.add(Kernels.load(gpu, nvcc, request, cfg));
                for (String dist : dists) {
                    for (long n : sizes) {
                        int[] keys = RadixSortInputs.keys(key, dist, (int) n, s);
                        int[] order = RadixSortReference.order(key, keys);
                        for (int i = 0; i < ofKey.size(); i++) out.add(checkOne(gpu, loaded.get(i), ofKey.get(i), dist, keys, order, s));
                        s++;
                    }
                }
            } finally {
                loaded.forEach(Kernels::close);
            }
        }
        return out;
    }

    private PatternCheck checkOne(Gpu gpu, Kernels k, Config cfg, String dist, int[] keys, int[] order, long seed) {
        String config = cfg.label() + ", " + dist;
        int n = keys.length;
        try (RadixSortRun run = k.open(gpu, n, cfg.pairs())) {
            SortMergeIo.upload(run.keysIn, keys);
            if (cfg.pairs()) {
                int[] values = new int[n];
                for (int i = 0; i < n; i++) values[i] = i;
                SortMergeIo.upload(run.valuesIn, values);
            }
            run.poison();
            run.run();
            gpu.synchronize("radix-sort " + config + " on " + n + " keys");
            String bad = SortMergeIo.firstMismatch("keys", RadixSortReference.gather(keys, order), SortMergeIo.downloadInts(run.resultKeys(), n), true);
            if (bad == null && cfg.pairs()) {
                bad = SortMergeIo.firstMismatch("values (input indices: stability)", order, SortMergeIo.downloadInts(run.resultValues(), n), false);
            }
            String ok = "all " + n + " keys" + (cfg.pairs() ? " and values" : "") + " match, " + run.passesRun() + " of 4 passes run";
            return new PatternCheck(source.name(), config, n, seed, bad == null, bad == null ? ok : bad);
        }
    }

    @Override
    public List<PatternBenchRow> bench(Gpu gpu, PatternRequest request, List<Long> sizes, int warmups, int runs) {
        sizes.forEach(RadixSortSource::requireSortable);
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
                                run.spareKeys().copyFrom(run.keysIn, 4 * n);
                                if (cfg.pairs()) run.spareValues().copyFrom(run.valuesIn, 4 * n);
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
