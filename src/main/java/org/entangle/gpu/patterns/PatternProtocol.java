package org.entangle.gpu.patterns;

import static jcuda.driver.JCudaDriver.cuMemGetInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import org.entangle.cuda.CudaCompileException;
import org.entangle.cuda.NvccCompiler;
import org.entangle.gpu.CubHarness;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.EventTimer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuException;

/**
 * The checking and timing protocol every GPU pattern follows: sizes from 0 to 2^28
 * including the awkward ones around a tile, inputs from a printed seed, outputs poisoned (every byte
 * {@link #POISON}) before the launch, every element compared and the first mismatch reported, a clear message
 * before any allocation when the arrays do not fit in the device's free memory, and timings as the median of
 * at least 20 CUDA-event runs after warm-up, beside a device memcpy of the same bytes and the library harness.
 */
public final class PatternProtocol {

    /** The check sizes; {@code tile} is the pattern's elements per block. */
    public static final String DEFAULT_SIZES = "0,1,2,31,32,33,tile-1,tile,tile+1,10^6+7,2^24,2^28";
    /** The byte every output is filled with before a launch. */
    public static final int POISON = 0xA5;
    /** The fewest timed runs a median is taken of. */
    public static final int MIN_RUNS = 20;

    private PatternProtocol() {
    }

    /** {@link #DEFAULT_SIZES} for a pattern whose blocks take {@code tile} elements. */
    public static List<Long> defaultSizes(long tile) {
        List<Long> sizes = new ArrayList<>(List.of(0L, 1L, 2L, 31L, 32L, 33L, tile - 1, tile, tile + 1, 1_000_007L, 1L << 24, 1L << 28));
        sizes.replaceAll(s -> Math.max(0, s));
        return sizes;
    }

    /** The nvcc found on this machine (see {@link NvccCompiler#find()}). */
    public static NvccCompiler nvcc() {
        return NvccCompiler.find().orElseThrow(() -> new GpuException(
                "nvcc not found (looked on the PATH, in $CUDA_HOME/bin and /usr/local/cuda/bin)", null));
    }

    /** PTX of {@code source} for the open device (compiled once, then cached). */
    public static String ptx(Gpu gpu, String source) {
        try {
            return nvcc().ptx(source, gpu.info().arch());
        } catch (CudaCompileException e) {
            throw new GpuException(e.getMessage(), e);
        }
    }

    /** The library harness compiled from {@code source} for the open device (see {@link CubHarness#fromSource}). */
    public static CubHarness harness(Gpu gpu, String source) {
        try {
            return CubHarness.fromSource(nvcc(), source, gpu.info().arch());
        } catch (CudaCompileException e) {
            throw new GpuException("library harness: " + e.getMessage(), e);
        }
    }

    /** Compiles several library harnesses at once (nvcc runs in parallel; each result is cached). */
    public static List<CubHarness> harnesses(Gpu gpu, List<String> sources) {
        return sources.parallelStream().map(s -> harness(gpu, s)).toList();
    }

    /** Compiles several sources to PTX at once. */
    public static List<String> ptx(Gpu gpu, List<String> sources) {
        return sources.parallelStream().map(s -> ptx(gpu, s)).toList();
    }

    /**
     * Throws {@link DeviceMemoryShortage}, before anything is allocated, when {@code bytes} exceed the device's
     * free memory.
     */
    public static void requireFits(long bytes, String what) {
        long[] free = new long[1];
        long[] total = new long[1];
        cuMemGetInfo(free, total);
        if (bytes > free[0]) {
            throw new DeviceMemoryShortage(String.format(Locale.ROOT,
                    "%s needs %.2f GiB of device memory, but only %.2f GiB of %.2f GiB are free", what,
                    bytes / (double) (1L << 30), free[0] / (double) (1L << 30), total[0] / (double) (1L << 30)));
        }
    }

    /** A host array length for {@code n} elements; host references hold at most 2^31 − 9. */
    public static int hostLength(long n) {
        if (n > Integer.MAX_VALUE - 8) throw new DeviceMemoryShortage("size " + n + " exceeds a host array (the CPU reference)");
        return (int) n;
    }

    /** Fills {@code buffer} with {@link #POISON}. */
    public static void poison(DeviceBuffer buffer) {
        buffer.fill(POISON);
    }

    /**
     * Compares elements {@code 0..n-1}; null when all are equal, else where the first mismatch is, with the
     * expected and the actual value.
     */
    public static String firstMismatch(int n, IntPredicate equal, IntFunction<String> expected, IntFunction<String> actual) {
        for (int i = 0; i < n; i++) {
            if (!equal.test(i)) return "first mismatch at index " + i + ": expected " + expected.apply(i) + ", got " + actual.apply(i);
        }
        return null;
    }

    /** The median milliseconds of {@code runs} CUDA-event timed runs of {@code work} after {@code warmups} untimed ones. */
    public static double medianMillis(int warmups, int runs, Runnable work) {
        if (runs < MIN_RUNS) throw new IllegalArgumentException("at least " + MIN_RUNS + " timed runs, got " + runs);
        try (EventTimer timer = new EventTimer()) {
            return timer.medianMillis(warmups, runs, work);
        }
    }

    /** The median of a device-to-device memcpy of {@code bytes} (own buffers; 0 when there is nothing to copy). */
    public static double memcpyMillis(Gpu gpu, long bytes, int warmups, int runs) {
        if (bytes == 0) return 0;
        requireFits(2 * bytes, "the memcpy reference");
        try (DeviceBuffer a = gpu.allocate(bytes, "memcpy source"); DeviceBuffer b = gpu.allocate(bytes, "memcpy target")) {
            a.fill(1);
            double ms = medianMillis(warmups, runs, () -> b.copyFrom(a, bytes));
            gpu.synchronize("timing memcpy");
            return ms;
        }
    }
}
