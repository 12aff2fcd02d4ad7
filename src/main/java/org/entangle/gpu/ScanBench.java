package org.entangle.gpu;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.GeneratedKernel;

/**
 * Benchmarks a generated kernel the way GUIDE §6 measures its anchors: random input on the device, warm-up,
 * CUDA events around each run (the scratch zeroing included, as CUB's timing includes its init kernel), the
 * median of the runs; beside it a device-to-device memcpy of the same bytes (the limit: a scan reads and writes
 * every element once) and, when given, CUB's {@code DeviceScan} from {@link CubHarness}. Bandwidth counts read
 * plus write: 2 · n · element bytes per run.
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
     */
    public record Row(long n, double kernelMs, double memcpyMs, double cubMs, int bytesPerElement) {
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

    /** Measures every size with {@code warmups} untimed and {@code runs} timed repetitions. */
    public static List<Row> run(Gpu gpu, GeneratedKernel kernel, String ptx, List<Long> sizes, CubHarness cub,
                                int warmups, int runs, long seed) {
        List<Row> rows = new ArrayList<>();
        int bytes = kernel.options().type().bytes();
        try (LoadedKernel loaded = gpu.load(ptx, kernel.entry()); EventTimer timer = new EventTimer()) {
            for (long n : sizes) {
                double ours;
                double memcpy;
                try (ScanLaunch launch = new ScanLaunch(gpu, kernel, loaded, n)) {
                    fillRandom(launch, kernel, n, seed);
                    ours = timer.medianMillis(warmups, runs, launch::run);
                    memcpy = timer.medianMillis(warmups, runs, () -> launch.output.copyFrom(launch.input, n * bytes));
                    gpu.synchronize("benchmarking " + kernel.entry() + " on " + n + " elements");
                }
                double cubMs = cub == null ? Double.NaN : cub.medianMillis(n, warmups, runs);
                rows.add(new Row(n, ours, memcpy, cubMs, bytes));
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
