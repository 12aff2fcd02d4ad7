package org.entangle.gpu;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.GeneratedKernel;

/**
 * Benchmarks a generated kernel by the protocol of the pattern benchmarks: random input on the device, warm-up,
 * CUDA events around each run (everything a run issues, as CUB's timing includes its init kernel: for the
 * device-wide form one kernel launch, its tile status being epoch-tagged rather than zeroed per run), the
 * median of the runs; beside it a device-to-device memcpy of the same bytes (the limit: a scan reads and writes
 * every element once) and, when given, CUB's {@code DeviceScan} from {@link CubHarness}. With several rounds, our
 * kernel, memcpy and CUB take turns (round by round, so drift of the device touches all three alike) and each
 * figure is the median of the rounds' medians, their spread reported beside it. Bandwidth counts read plus
 * write: 2 · n · element bytes per run.
 */
public final class ScanBench {

    /**
     * One size's figures (times in ms; CUB's NaN when not measured).
     *
     * @param n         elements
     * @param kernelMs  our kernel
     * @param memcpyMs  device memcpy of n elements
     * @param cubMs     CUB's DeviceScan (NaN if not asked for)
     * @param bytesPerElement element size
     * @param kernelRounds our kernel's median in each round
     * @param cubRounds CUB's median in each round (empty if not asked for)
     */
    public record Row(long n, double kernelMs, double memcpyMs, double cubMs, int bytesPerElement,
                      List<Double> kernelRounds, List<Double> cubRounds) {

        public Row {
            kernelRounds = List.copyOf(kernelRounds);
            cubRounds = List.copyOf(cubRounds);
        }

        /** One round's figures. */
        public Row(long n, double kernelMs, double memcpyMs, double cubMs, int bytesPerElement) {
            this(n, kernelMs, memcpyMs, cubMs, bytesPerElement, List.of(kernelMs), Double.isNaN(cubMs) ? List.of() : List.of(cubMs));
        }

        /** Our time over CUB's in each round (empty without CUB). */
        public List<Double> roundRatios() {
            List<Double> ratios = new ArrayList<>();
            for (int i = 0; i < cubRounds.size(); i++) ratios.add(kernelRounds.get(i) / cubRounds.get(i));
            return ratios;
        }

        /** Read + write bandwidth of our kernel, in GB/s (10^9 bytes). */
        public double gigabytesPerSecond() {
            return 2.0 * n * bytesPerElement / (kernelMs * 1e6);
        }

        /** Elements per second, in 10^9. */
        public double gigaElementsPerSecond() {
            return n / (kernelMs * 1e6);
        }

        /** Our time over CUB's (below 1: faster than CUB). */
        public double ratioToCub() {
            return kernelMs / cubMs;
        }

        /** Our time over memcpy's (1 is the limit). */
        public double ratioToMemcpy() {
            return kernelMs / memcpyMs;
        }
    }

    private ScanBench() {
    }

    /** Measures every size with {@code warmups} untimed and {@code runs} timed repetitions, one round. */
    public static List<Row> run(Gpu gpu, GeneratedKernel kernel, String ptx, List<Long> sizes, CubHarness cub,
                                int warmups, int runs, long seed) {
        return run(gpu, kernel, ptx, sizes, cub, warmups, runs, seed, 1);
    }

    /** Measures every size in {@code rounds} rounds of ours, memcpy and CUB in turn (medians of the rounds). */
    public static List<Row> run(Gpu gpu, GeneratedKernel kernel, String ptx, List<Long> sizes, CubHarness cub,
                                int warmups, int runs, long seed, int rounds) {
        List<Row> rows = new ArrayList<>();
        int bytes = kernel.options().type().bytes();
        try (LoadedKernel loaded = gpu.load(ptx, kernel.entry()); EventTimer timer = new EventTimer()) {
            for (long n : sizes) {
                List<Double> ours = new ArrayList<>();
                List<Double> memcpy = new ArrayList<>();
                List<Double> cubMs = new ArrayList<>();
                try (ScanLaunch launch = new ScanLaunch(gpu, kernel, loaded, n)) {
                    fillRandom(launch, kernel, n, seed);
                    for (int round = 0; round < rounds; round++) {
                        ours.add(timer.medianMillis(warmups, runs, launch::run));
                        memcpy.add(timer.medianMillis(warmups, runs, () -> launch.output.copyFrom(launch.input, n * bytes)));
                        gpu.synchronize("benchmarking " + kernel.entry() + " on " + n + " elements");
                        if (cub != null) cubMs.add(cub.medianMillis(n, warmups, runs));
                    }
                }
                rows.add(new Row(n, EventTimer.median(ours), EventTimer.median(memcpy), cub == null ? Double.NaN : EventTimer.median(cubMs), bytes, ours, cubMs));
            }
        }
        return rows;
    }


    /** Uploads random input (in chunks of at most 2^27 elements, so no host array is larger than needed). */
    private static void fillRandom(ScanLaunch launch, GeneratedKernel kernel, long n, long seed) {
        long chunk = 1L << 27;
        int bytes = kernel.options().type().bytes();
        for (long from = 0; from < n; from += chunk) {
            int len = (int) Math.min(chunk, n - from);
            HostArray part = HostArray.random(kernel.options().type(), kernel.options().operator(), len, seed + from);
            jcuda.driver.JCudaDriver.cuMemcpyHtoD(launch.input.pointer().withByteOffset(from * bytes), part.pointer(), part.bytes());
        }
        if (launch.heads != null) {
            int[] heads = HostArray.randomHeads((int) Math.min(n, Integer.MAX_VALUE - 64L), seed);
            launch.heads.upload(jcuda.Pointer.to(heads), Math.min(launch.heads.bytes(), heads.length * 4L));
        }
    }
}
