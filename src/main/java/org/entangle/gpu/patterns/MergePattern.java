package org.entangle.gpu.patterns;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.entangle.cuda.CudaCompileException;
import org.entangle.cuda.NvccCompiler;
import org.entangle.cuda.patterns.MergeReference;
import org.entangle.cuda.patterns.MergeSource;
import org.entangle.cuda.patterns.MergeSource.Config;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.cuda.patterns.PatternSource;
import org.entangle.cuda.patterns.RadixKey;
import org.entangle.gpu.CubHarness;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.EventTimer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuException;
import org.entangle.gpu.LoadedKernel;

/**
 * The merge on the device: for a total size n, A and B split by {@code split=} (half, a-empty,
 * b-empty, third: A has n/3, or all; default all for checks, half for benchmarks), keys by {@code dist=}
 * (random: sorted random keys, for float32 with the specials of {@link RadixSortInputs} among them; few-distinct: 8 keys, many ties
 * between and within A and B), values = the element's place in A then B, so stability is checked exactly.
 * Benchmarked against {@code cub::DeviceMerge} and memcpy.
 */
public final class MergePattern implements GpuPattern, TiledPattern {

    private static final List<String> SPLITS = List.of("half", "a-empty", "b-empty", "third");
    private static final List<String> DISTS = List.of("random", "few-distinct");
    /** Threads a Hopper SM keeps resident. */
    private static final int RESIDENT_THREADS = 2048;

    private final MergeSource source = new MergeSource();

    @Override
    public PatternSource source() {
        return source;
    }

    /**
     * Outputs per merge tile of the first configuration (keys' unless {@code values=uint32}): the check sizes tile-1,
     * tile, tile+1 straddle a tile boundary.
     */
    @Override
    public long tileItems(PatternRequest request) {
        return source.configs(request).get(0).tile();
    }

    private static List<String> option(PatternRequest request, String key, String fallback, List<String> allowed) {
        String v = request.option(key, fallback);
        if (v.equals("all")) return allowed;
        for (String s : v.split(",")) {
            if (!allowed.contains(s)) throw new IllegalArgumentException("merge: " + key + "=" + s + " is not one of " + String.join(", ", allowed) + " or all");
        }
        return List.of(v.split(","));
    }

    private static long sizeOfA(String split, long n) {
        return switch (split) {
            case "a-empty" -> 0;
            case "b-empty" -> n;
            case "third" -> n / 3;
            default -> n / 2;
        };
    }

    /** Sorted keys (in the key order) of one array. */
    static int[] sortedKeys(RadixKey key, String dist, int n, long seed) {
        int[] k = RadixSortInputs.keys(key, "random", n, seed);
        for (int i = 0; i < n; i++) {
            int bits = dist.equals("few-distinct") ? (k[i] & 7) * 0x01000000 - 0x04000000 : k[i];
            k[i] = key.flip(bits) ^ 0x80000000;   // signed order of these = key order
        }
        Arrays.parallelSort(k);
        for (int i = 0; i < n; i++) k[i] = key.unflip(k[i] ^ 0x80000000);
        return k;
    }

    /** The buffers and kernels of one merge of na + nb keys. */
    private record Run(Config cfg, DeviceBuffer a, DeviceBuffer b, DeviceBuffer va, DeviceBuffer vb, DeviceBuffer out, DeviceBuffer vout,
                       DeviceBuffer splits, long na, long nb) implements AutoCloseable {
        static Run open(Gpu gpu, long na, long nb, Config cfg) {
            long n = na + nb;
            boolean pairs = cfg.pairs();
            SortMergeIo.requireMemory("merge", n, (pairs ? 4 : 2) * 4 * n + 8 * (cfg.tiles(n) + 2));
            List<DeviceBuffer> made = new ArrayList<>();
            try {
                DeviceBuffer a = add(made, gpu.allocate(4 * na, "A"));
                DeviceBuffer b = add(made, gpu.allocate(4 * nb, "B"));
                DeviceBuffer va = pairs ? add(made, gpu.allocate(4 * na, "A's values")) : null;
                DeviceBuffer vb = pairs ? add(made, gpu.allocate(4 * nb, "B's values")) : null;
                DeviceBuffer out = add(made, gpu.allocate(4 * n, "the merged keys"));
                DeviceBuffer vout = pairs ? add(made, gpu.allocate(4 * n, "the merged values")) : null;
                DeviceBuffer splits = add(made, gpu.allocate(8 * (cfg.tiles(n) + 1), "the tile splits"));
                return new Run(cfg, a, b, va, vb, out, vout, splits, na, nb);
            } catch (RuntimeException e) {
                made.forEach(DeviceBuffer::close);
                throw e;
            }
        }

        private static DeviceBuffer add(List<DeviceBuffer> made, DeviceBuffer b) {
            made.add(b);
            return b;
        }

        void merge(LoadedKernel partition, LoadedKernel merge) {
            long tiles = cfg.tiles(na + nb);
            if (tiles == 0) return;
            partition.launch(cfg.partitionBlocks(na + nb), MergeSource.PARTITION_THREADS, a, na, b, nb, splits);
            if (va == null) merge.launch(tiles, MergeSource.THREADS, a, b, out, splits, na, nb);
            else merge.launch(tiles, MergeSource.THREADS, a, b, va, vb, out, vout, splits, na, nb);
        }

        @Override
        public void close() {
            for (DeviceBuffer d : new DeviceBuffer[] {a, b, va, vb, out, vout, splits}) {
                if (d != null) d.close();
            }
        }
    }

    @Override
    public List<PatternCheck> check(Gpu gpu, PatternRequest request, List<Long> sizes, long seed) {
        List<String> splits = option(request, "split", "all", SPLITS);
        List<String> dists = option(request, "dist", "all", DISTS);
        NvccCompiler nvcc = SortMergeIo.nvcc();
        List<PatternCheck> out = new ArrayList<>();
        long s = seed;
        for (Config cfg : source.configs(request)) {
            String ptx = SortMergeIo.ptx(nvcc, source.emit(request, List.of(cfg)), gpu);
            try (LoadedKernel partition = gpu.load(ptx, cfg.partitionEntry()); LoadedKernel merge = gpu.load(ptx, cfg.mergeEntry())) {
                fitCarveouts(partition, merge, cfg);
                for (String dist : dists) {
                    for (String split : splits) {
                        for (long n : sizes) out.add(checkOne(gpu, cfg, dist, split, n, s++, partition, merge));
                    }
                }
            }
        }
        return out;
    }

    /** Carveouts that hold the kernels' resident blocks and leave the rest of L1 to their loads in flight. */
    private static void fitCarveouts(LoadedKernel partition, LoadedKernel merge, Config cfg) {
        partition.fitCarveoutTo(RESIDENT_THREADS / MergeSource.PARTITION_THREADS);
        merge.fitCarveoutTo(cfg.minBlocks());
    }

    private PatternCheck checkOne(Gpu gpu, Config cfg, String dist, String split, long n, long seed, LoadedKernel partition, LoadedKernel merge) {
        long na = sizeOfA(split, n);
        try (Run run = Run.open(gpu, na, n - na, cfg)) {
            int[] a = sortedKeys(cfg.key(), dist, (int) na, seed);
            int[] b = sortedKeys(cfg.key(), dist, (int) (n - na), seed ^ 0x5bd1e995L);
            SortMergeIo.upload(run.a(), a);
            SortMergeIo.upload(run.b(), b);
            if (cfg.pairs()) {
                int[] va = new int[a.length];
                int[] vb = new int[b.length];
                for (int i = 0; i < va.length; i++) va[i] = i;
                for (int i = 0; i < vb.length; i++) vb[i] = a.length + i;
                SortMergeIo.upload(run.va(), va);
                SortMergeIo.upload(run.vb(), vb);
                run.vout().fill(0xA5);
            }
            run.out().fill(0xA5);
            run.merge(partition, merge);
            gpu.synchronize("merge " + cfg.label() + " on " + n + " keys");
            int[] sources = MergeReference.sources(cfg.key(), a, b);
            int[] expected = new int[sources.length];
            for (int j = 0; j < sources.length; j++) expected[j] = sources[j] < a.length ? a[sources[j]] : b[sources[j] - a.length];
            String bad = SortMergeIo.firstMismatch("keys", expected, SortMergeIo.downloadInts(run.out(), (int) n), true);
            if (bad == null && cfg.pairs()) {
                bad = SortMergeIo.firstMismatch("values (A's places then B's: stability)", sources, SortMergeIo.downloadInts(run.vout(), (int) n), false);
            }
            String config = cfg.label() + ", " + dist + ", " + split + " (|A| = " + na + ")";
            return new PatternCheck(source.name(), config, n, seed, bad == null, bad == null ? "all " + n + " outputs match" : bad);
        }
    }

    @Override
    public List<PatternBenchRow> bench(Gpu gpu, PatternRequest request, List<Long> sizes, int warmups, int runs) {
        NvccCompiler nvcc = SortMergeIo.nvcc();
        List<PatternBenchRow> rows = new ArrayList<>();
        for (Config cfg : source.configs(request)) {
            String ptx = SortMergeIo.ptx(nvcc, source.emit(request, List.of(cfg)), gpu);
            CubHarness cub;
            try {
                cub = CubHarness.fromSource(nvcc, MergeSource.libraryHarness(cfg), gpu.info().arch());
            } catch (CudaCompileException e) {
                throw new GpuException("compiling the CUB harness: " + e.getMessage(), e);
            }
            try (LoadedKernel partition = gpu.load(ptx, cfg.partitionEntry()); LoadedKernel merge = gpu.load(ptx, cfg.mergeEntry());
                 EventTimer timer = new EventTimer()) {
                fitCarveouts(partition, merge, cfg);
                for (long n : sizes) {
                    double ours;
                    double memcpy;
                    try (Run run = Run.open(gpu, n / 2, n - n / 2, cfg)) {
                        SortMergeIo.upload(run.a(), sortedKeys(cfg.key(), "random", (int) (n / 2), 1L + n));
                        SortMergeIo.upload(run.b(), sortedKeys(cfg.key(), "random", (int) (n - n / 2), 2L + n));
                        ours = timer.medianMillis(warmups, runs, () -> run.merge(partition, merge));
                        memcpy = timer.medianMillis(warmups, runs, () -> {
                            run.out().copyFrom(run.a(), 4 * run.na());
                            run.out().copyFrom(run.b(), 4 * run.nb());
                            if (cfg.pairs()) {
                                run.vout().copyFrom(run.va(), 4 * run.na());
                                run.vout().copyFrom(run.vb(), 4 * run.nb());
                            }
                        });
                        gpu.synchronize("benchmarking merge " + cfg.label());
                    }
                    long bytes = 2L * 4 * n * (cfg.pairs() ? 2 : 1);
                    rows.add(new PatternBenchRow(source.name(), cfg.label() + ", half"
                            + (cfg.items() == new Config(cfg.key(), cfg.pairs()).items() ? "" : ", items=" + cfg.items()), n, ours, cub.medianMillis(n, warmups, runs),
                            "cub::DeviceMerge::" + (cfg.pairs() ? "MergePairs" : "MergeKeys"), memcpy, bytes));
                }
            }
        }
        return rows;
    }
}
