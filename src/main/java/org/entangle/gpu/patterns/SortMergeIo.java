package org.entangle.gpu.patterns;

import static jcuda.driver.JCudaDriver.cuMemGetInfo;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;

import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import jcuda.Pointer;
import org.entangle.cuda.CudaCompileException;
import org.entangle.cuda.NvccCompiler;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.EventTimer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuException;

/**
 * What the radix-sort, merge and segmented-scan patterns share on the device: nvcc and PTX, the memory
 * pre-check (a clear message before any allocation), int and float copies between host and device, seeded
 * random words (chunks of 2^20 from their own {@link SplittableRandom}, filled in parallel, the same on every
 * machine), the first mismatch of two arrays and memcpy timing.
 */
final class SortMergeIo {

    private static final int CHUNK = 1 << 20;

    private SortMergeIo() {
    }

    static NvccCompiler nvcc() {
        return NvccCompiler.find().orElseThrow(() -> new GpuException("nvcc not found: cannot compile the pattern's CUDA", null));
    }

    static String ptx(NvccCompiler nvcc, String source, Gpu gpu) {
        try {
            return nvcc.ptx(source, gpu.info().arch());
        } catch (CudaCompileException e) {
            throw new GpuException("compiling the pattern: " + e.getMessage(), e);
        }
    }

    /** Throws, before any allocation, when {@code bytes} exceed the device's free memory (or n a Java array). */
    static void requireMemory(String pattern, long n, long bytes) {
        if (n > Integer.MAX_VALUE - 8) throw new IllegalArgumentException(pattern + ": " + n + " elements exceed a Java array (2^31 - 9)");
        long[] free = new long[1];
        long[] total = new long[1];
        cuMemGetInfo(free, total);
        if (bytes > free[0]) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%s: %d elements need %.2f GiB of device memory, "
                    + "but only %.2f of %.2f GiB are free", pattern, n, bytes / (double) (1L << 30), free[0] / (double) (1L << 30),
                    total[0] / (double) (1L << 30)));
        }
    }

    static void upload(DeviceBuffer to, int[] from) {
        if (from.length > 0) cuMemcpyHtoD(to.pointer(), Pointer.to(from), from.length * 4L);
    }

    static void upload(DeviceBuffer to, float[] from) {
        if (from.length > 0) cuMemcpyHtoD(to.pointer(), Pointer.to(from), from.length * 4L);
    }

    static int[] downloadInts(DeviceBuffer from, int n) {
        int[] out = new int[n];
        if (n > 0) cuMemcpyDtoH(Pointer.to(out), from.pointer(), n * 4L);
        return out;
    }

    static float[] downloadFloats(DeviceBuffer from, int n) {
        float[] out = new float[n];
        if (n > 0) cuMemcpyDtoH(Pointer.to(out), from.pointer(), n * 4L);
        return out;
    }

    /** What a chunk of random words is filled with. */
    interface Filler {
        void fill(SplittableRandom rng, int from, int to);
    }

    /** Calls {@code filler} on chunks of [0, n), each with its own generator from the seed. */
    static void forEachChunk(int n, long seed, Filler filler) {
        int chunks = (int) ((n + (long) CHUNK - 1) / CHUNK);
        IntStream.range(0, chunks).parallel().forEach(c ->
                filler.fill(new SplittableRandom(seed ^ (c * 0x9E3779B97F4A7C15L)), c * CHUNK, (int) Math.min(n, (long) (c + 1) * CHUNK)));
    }

    /** n random 32-bit words. */
    static int[] randomInts(int n, long seed) {
        int[] out = new int[n];
        forEachChunk(n, seed, (rng, from, to) -> {
            for (int i = from; i < to; i++) out[i] = rng.nextInt();
        });
        return out;
    }

    /** The first index where the arrays differ, with both values (hex when {@code hex}), or null. */
    static String firstMismatch(String what, int[] expected, int[] actual, boolean hex) {
        for (int i = 0; i < expected.length; i++) {
            if (expected[i] != actual[i]) {
                return what + ": first mismatch at index " + i + ": expected " + show(expected[i], hex) + ", got " + show(actual[i], hex);
            }
        }
        return null;
    }

    private static String show(int v, boolean hex) {
        return hex ? String.format(Locale.ROOT, "0x%08x", v) : Integer.toString(v);
    }

    /** Median ms of device-to-device copies of {@code bytes} from {@code from} to {@code to} (both at least that large). */
    static double memcpyMillis(EventTimer timer, DeviceBuffer from, DeviceBuffer to, long bytes, int warmups, int runs) {
        return timer.medianMillis(warmups, runs, () -> to.copyFrom(from, bytes));
    }
}
