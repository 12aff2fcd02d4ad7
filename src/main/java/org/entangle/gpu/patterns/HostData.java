package org.entangle.gpu.patterns;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import jcuda.Pointer;
import org.entangle.cuda.ElementType;
import org.entangle.gpu.DeviceBuffer;

/**
 * Host arrays of the patterns' element types (int[], long[], float[], double[], byte[] for flags): reproducible
 * random contents from a seed (chunks of 2^20 elements each draw from their own {@link SplittableRandom}, so
 * filling runs in parallel and gives the same values everywhere), copies to and from device buffers, and
 * element access as long or double for the CPU references.
 */
public final class HostData {

    private static final int CHUNK = 1 << 20;

    private HostData() {
    }

    /** A per-chunk filler. */
    public interface ChunkFiller {
        /** Fills indices {@code from..to-1} with {@code rng}. */
        void fill(SplittableRandom rng, int from, int to);
    }

    /** Runs {@code filler} over {@code n} indices in chunks, in parallel, each chunk's generator from {@code seed}. */
    public static void forEachChunk(int n, long seed, ChunkFiller filler) {
        int chunks = (int) ((n + (long) CHUNK - 1) / CHUNK);
        IntStream.range(0, chunks).parallel().forEach(c -> {
            SplittableRandom rng = new SplittableRandom(seed ^ (c * 0x9E3779B97F4A7C15L));
            filler.fill(rng, c * CHUNK, (int) Math.min(n, (long) (c + 1) * CHUNK));
        });
    }

    /** A zeroed array of {@code type}. */
    public static Object allocate(ElementType type, int n) {
        return switch (type) {
            case INT32 -> new int[n];
            case INT64 -> new long[n];
            case FLOAT32 -> new float[n];
            case FLOAT64 -> new double[n];
        };
    }

    /** Random elements: integers over their whole range, floats uniform in [lo, hi). */
    public static Object random(ElementType type, int n, long seed, double lo, double hi) {
        Object a = allocate(type, n);
        forEachChunk(n, seed, (rng, from, to) -> {
            for (int i = from; i < to; i++) {
                switch (type) {
                    case INT32 -> ((int[]) a)[i] = rng.nextInt();
                    case INT64 -> ((long[]) a)[i] = rng.nextLong();
                    case FLOAT32 -> ((float[]) a)[i] = (float) rng.nextDouble(lo, hi);
                    case FLOAT64 -> ((double[]) a)[i] = rng.nextDouble(lo, hi);
                }
            }
        });
        return a;
    }

    /** Random bytes, each nonzero with probability {@code density} (0 and 1 give all zero and all nonzero). */
    public static byte[] flags(int n, long seed, double density) {
        byte[] f = new byte[n];
        forEachChunk(n, seed, (rng, from, to) -> {
            for (int i = from; i < to; i++) f[i] = (byte) (rng.nextDouble() < density ? 1 + rng.nextInt(255) : 0);
        });
        return f;
    }

    /** Bytes per element of an array made here. */
    public static int elementBytes(Object array) {
        return array instanceof int[] || array instanceof float[] ? 4 : array instanceof byte[] ? 1 : 8;
    }

    /** Number of elements of an array made here. */
    public static int length(Object array) {
        return java.lang.reflect.Array.getLength(array);
    }

    /** Copies the whole array to the start of {@code buffer}. */
    public static void upload(DeviceBuffer buffer, Object array) {
        long bytes = (long) length(array) * elementBytes(array);
        if (bytes > 0) cuMemcpyHtoD(buffer.pointer(), pointer(array), bytes);
    }

    /** Copies the start of {@code buffer} into the whole array. */
    public static void download(DeviceBuffer buffer, Object array) {
        long bytes = (long) length(array) * elementBytes(array);
        if (bytes > 0) cuMemcpyDtoH(pointer(array), buffer.pointer(), bytes);
    }

    private static Pointer pointer(Object array) {
        if (array instanceof int[] a) return Pointer.to(a);
        if (array instanceof long[] a) return Pointer.to(a);
        if (array instanceof float[] a) return Pointer.to(a);
        if (array instanceof double[] a) return Pointer.to(a);
        if (array instanceof byte[] a) return Pointer.to(a);
        throw new IllegalArgumentException("not a host array: " + array.getClass());
    }

    /** Element {@code i} as a double (exact for int32, float32 and float64). */
    public static double doubleAt(Object array, int i) {
        if (array instanceof int[] a) return a[i];
        if (array instanceof long[] a) return a[i];
        if (array instanceof float[] a) return a[i];
        return ((double[]) array)[i];
    }

    /** Element {@code i} of an integer array. */
    public static long longAt(Object array, int i) {
        return array instanceof int[] a ? a[i] : ((long[]) array)[i];
    }

    /** Whether element {@code i} of two arrays of one type has the same bits. */
    public static boolean sameBits(Object x, Object y, int i) {
        if (x instanceof int[] a) return a[i] == ((int[]) y)[i];
        if (x instanceof long[] a) return a[i] == ((long[]) y)[i];
        if (x instanceof float[] a) return Float.floatToRawIntBits(a[i]) == Float.floatToRawIntBits(((float[]) y)[i]);
        return Double.doubleToRawLongBits(((double[]) x)[i]) == Double.doubleToRawLongBits(((double[]) y)[i]);
    }

    /** A new array of the same type holding {@code array[indices[0]], array[indices[1]], ...}. */
    public static Object gather(Object array, int[] indices) {
        int n = indices.length;
        if (array instanceof int[] a) return IntStream.range(0, n).parallel().map(i -> a[indices[i]]).toArray();
        if (array instanceof long[] a) return IntStream.range(0, n).parallel().mapToLong(i -> a[indices[i]]).toArray();
        if (array instanceof double[] a) return IntStream.range(0, n).parallel().mapToDouble(i -> a[indices[i]]).toArray();
        float[] a = (float[]) array;
        float[] out = new float[n];
        IntStream.range(0, n).parallel().forEach(i -> out[i] = a[indices[i]]);
        return out;
    }

    /** Element {@code i} as text. */
    public static String textAt(Object array, int i) {
        return java.lang.reflect.Array.get(array, i).toString();
    }
}
