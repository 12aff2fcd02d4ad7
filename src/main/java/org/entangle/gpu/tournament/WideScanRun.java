package org.entangle.gpu.tournament;

import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import jcuda.Pointer;
import org.entangle.cuda.CudaCompileException;
import org.entangle.cuda.CudaGenerator;
import org.entangle.cuda.GeneratedKernel;
import org.entangle.cuda.NvccCompiler;
import org.entangle.cuda.ScanOptions;
import org.entangle.gpu.CubHarness;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.EventTimer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.LoadedKernel;
import org.entangle.gpu.ScanCheck;
import org.entangle.tournament.Candidate;
import org.entangle.tournament.Entry;
import org.entangle.tournament.Setting;

/**
 * The device-wide setting of a GPU tournament: each candidate as the tile network of the single-pass scan
 * ({@link CudaGenerator#deviceWide}, the command line's default tuning), checked with {@link ScanCheck} at sizes
 * around the tile and a large prime before it is timed, then timed in interleaved rounds at each size against
 * CUB's {@code DeviceScan::InclusiveSum} and a device memcpy of the same bytes (the bound a scan cannot beat). When
 * the candidates' times lie within {@link #MEMORY_BOUND_SPREAD} of each other the setting's note says that memory
 * hides their differences.
 */
public final class WideScanRun {

    /** Candidates whose fastest and slowest times differ by less than this fraction are called indistinguishable. */
    static final double MEMORY_BOUND_SPREAD = 0.03;

    private WideScanRun() {
    }

    /** One setting per size; candidates that fail to generate, compile or check are failed entries in each. */
    public static List<Setting> run(Gpu gpu, NvccCompiler nvcc, int width, List<Candidate> candidates, List<Long> sizes,
                                    int rounds, int runs, long seed, Consumer<String> progress) {
        ScanOptions o = ScanOptions.INT32_SUM;
        Map<String, String> failures = new LinkedHashMap<>();
        Map<Candidate, LoadedKernel> loaded = new LinkedHashMap<>();
        Map<Candidate, GeneratedKernel> kernels = new LinkedHashMap<>();
        try {
            for (Candidate c : candidates) {
                try {
                    GeneratedKernel k = CudaGenerator.deviceWide(c.network(), o, CudaGenerator.defaultTuning(width, o));
                    String ptx = nvcc.ptx(k.source(), gpu.info().arch());
                    String wrong = firstFailure(ScanCheck.run(gpu, k, ptx, List.of(1L, k.tileItems() + 1L, 999_983L), seed));
                    if (wrong != null) {
                        failures.put(c.id(), "wrong result: " + wrong);
                        continue;
                    }
                    kernels.put(c, k);
                    loaded.put(c, gpu.load(ptx, k.entry()));
                } catch (IllegalArgumentException | CudaCompileException e) {
                    failures.put(c.id(), e.getMessage());
                }
            }
            progress.accept("device-wide " + width + ": " + kernels.size() + " of " + candidates.size() + " candidates checked");
            CubHarness cub = CubHarness.compile(nvcc, o, gpu.info().arch());
            List<Setting> settings = new ArrayList<>();
            for (long n : sizes) settings.add(timeAt(gpu, width, n, candidates, kernels, loaded, cub, failures, rounds, runs, seed, progress));
            return settings;
        } catch (CudaCompileException e) {
            progress.accept("device-wide " + width + ": the CUB harness did not compile: " + e.getMessage());
            return List.of();
        } finally {
            loaded.values().forEach(LoadedKernel::close);
        }
    }

    private static Setting timeAt(Gpu gpu, int width, long n, List<Candidate> candidates, Map<Candidate, GeneratedKernel> kernels,
                                  Map<Candidate, LoadedKernel> loaded, CubHarness cub, Map<String, String> failures, int rounds, int runs,
                                  long seed, Consumer<String> progress) {
        long scratchBytes = kernels.values().stream().mapToLong(k -> k.scratchBytes(n)).max().orElse(8);
        Map<String, List<Double>> times = new LinkedHashMap<>();
        List<Double> memcpy = new ArrayList<>();
        try (DeviceBuffer in = gpu.allocate(4 * n, "the input");
             DeviceBuffer out = gpu.allocate(4 * n, "the output");
             DeviceBuffer scratch = gpu.allocate(scratchBytes, "the tile status");
             EventTimer timer = new EventTimer()) {
            fill(in, n, seed);
            List<Candidate> order = new ArrayList<>(kernels.keySet());
            Random shuffle = new Random(seed ^ n);
            for (int round = 0; round < rounds; round++) {
                Collections.shuffle(order, shuffle);
                for (Candidate c : order) {
                    GeneratedKernel k = kernels.get(c);
                    LoadedKernel l = loaded.get(c);
                    times.computeIfAbsent(c.id(), x -> new ArrayList<>()).add(timer.medianMillis(1, runs, () -> {
                        scratch.fill(0);
                        l.launch(k.blocks(n), k.blockThreads(), 0L, new Object[] {in, out, n, scratch});
                    }));
                }
                memcpy.add(timer.medianMillis(1, runs, () -> out.copyFrom(in, 4 * n)));
                gpu.synchronize("timing the device-wide scans at " + n);
                times.computeIfAbsent("cub::DeviceScan", x -> new ArrayList<>()).add(cub.medianMillis(n, 1, runs));
                progress.accept("device-wide " + width + " at " + n + ": round " + (round + 1) + " of " + rounds + " timed");
            }
        }
        List<Entry> entries = new ArrayList<>();
        for (Candidate c : candidates) {
            List<Double> t = times.get(c.id());
            entries.add(t == null ? Entry.failed(c, failures.getOrDefault(c.id(), "not timed"))
                    : Entry.measured(c, -1, EventTimer.median(t), t));
        }
        List<Double> library = times.get("cub::DeviceScan");
        entries.add(Entry.library("cub::DeviceScan", "cub::DeviceScan::InclusiveSum (decoupled look-back)", -1, EventTimer.median(library), library));
        entries.add(Entry.library(Entry.MEMCPY, "device-to-device copy of the same bytes (the bound)", -1, EventTimer.median(memcpy), memcpy));
        return new Setting("device-wide", width, n, "ms", note(entries), entries);
    }

    /** Says when memory hides the differences: the candidates within {@link #MEMORY_BOUND_SPREAD} of each other. */
    static String note(List<Entry> entries) {
        double lo = Double.MAX_VALUE;
        double hi = 0;
        double copy = Double.NaN;
        for (Entry e : entries) {
            if (e.bound()) copy = e.time();
            if (e.library() || !e.passed()) continue;
            lo = Math.min(lo, e.time());
            hi = Math.max(hi, e.time());
        }
        if (hi == 0) return null;
        String bound = Double.isNaN(copy) ? "" : String.format(Locale.ROOT, "; the fastest candidate takes %.2f× the memcpy time", lo / copy);
        return (hi - lo) / lo < MEMORY_BOUND_SPREAD
                ? String.format(Locale.ROOT, "memory hides the networks' differences: every candidate within %.1f %% of the fastest%s",
                        100 * (hi - lo) / lo, bound)
                : String.format(Locale.ROOT, "candidates spread over %.1f %%%s", 100 * (hi - lo) / lo, bound);
    }

    private static String firstFailure(List<ScanCheck.Outcome> outcomes) {
        for (ScanCheck.Outcome o : outcomes) {
            if (!o.passed()) return "n=" + o.n() + " seed=" + o.seed() + ": " + o.detail();
        }
        return null;
    }

    /** Small pseudo-random int32 values, uploaded in chunks of 2^24. */
    private static void fill(DeviceBuffer in, long n, long seed) {
        int chunk = 1 << 24;
        Random random = new Random(seed);
        for (long from = 0; from < n; from += chunk) {
            int len = (int) Math.min(chunk, n - from);
            int[] part = random.ints(len, -1000, 1000).toArray();
            cuMemcpyHtoD(in.pointer().withByteOffset(4 * from), Pointer.to(part), 4L * len);
        }
    }
}
