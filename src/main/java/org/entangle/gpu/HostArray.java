package org.entangle.gpu;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import jcuda.Pointer;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.ScanOperator;

/**
 * A host array of one {@link ElementType} (int[], long[], float[] or double[]) that copies to and from the
 * device. Random inputs are reproducible from a seed: chunks of 2^20 elements each draw from their own
 * {@link SplittableRandom} seeded from the seed and the chunk, so filling runs in parallel and gives the same
 * values on every machine.
 */
final class HostArray {

    private static final int CHUNK = 1 << 20;

    private final ElementType type;
    private final Object array;
    private final int length;

    private HostArray(ElementType type, Object array, int length) {
        this.type = type;
        this.array = array;
        this.length = length;
    }

    static HostArray allocate(ElementType type, int n) {
        Object a = switch (type) {
            case INT32 -> new int[n];
            case INT64 -> new long[n];
            case FLOAT32 -> new float[n];
            case FLOAT64 -> new double[n];
        };
        return new HostArray(type, a, n);
    }

    /**
     * Random elements: integers over their whole range, floats in [0, 1) for sums (so prefix sums do not
     * cancel) and in [−10^6, 10^6) for max and min.
     */
    static HostArray random(ElementType type, ScanOperator op, int n, long seed) {
        HostArray h = allocate(type, n);
        forEachChunk(n, seed, (rng, from, to) -> {
            for (int i = from; i < to; i++) {
                switch (type) {
                    case INT32 -> ((int[]) h.array)[i] = rng.nextInt();
                    case INT64 -> ((long[]) h.array)[i] = rng.nextLong();
                    case FLOAT32 -> ((float[]) h.array)[i] = (float) (op == ScanOperator.ADD ? rng.nextDouble() : rng.nextDouble(-1e6, 1e6));
                    case FLOAT64 -> ((double[]) h.array)[i] = op == ScanOperator.ADD ? rng.nextDouble() : rng.nextDouble(-1e6, 1e6);
                }
            }
        });
        return h;
    }

    /** A bit mask of segment heads for n elements, each bit set with probability 1/16. */
    static int[] randomHeads(int n, long seed) {
        int[] words = new int[(int) ((n + 31L) / 32)];
        forEachChunk(words.length, seed ^ 0x5DEECE66DL, (rng, from, to) -> {
            for (int i = from; i < to; i++) words[i] = rng.nextInt() & rng.nextInt() & rng.nextInt() & rng.nextInt();
        });
        return words;
    }

    private interface ChunkFiller {
        void fill(SplittableRandom rng, int from, int to);
    }

    private static void forEachChunk(int n, long seed, ChunkFiller filler) {
        int chunks = (int) ((n + (long) CHUNK - 1) / CHUNK);
        IntStream.range(0, chunks).parallel().forEach(c -> {
            SplittableRandom rng = new SplittableRandom(seed ^ (c * 0x9E3779B97F4A7C15L));
            filler.fill(rng, c * CHUNK, (int) Math.min(n, (long) (c + 1) * CHUNK));
        });
    }

    int length() {
        return length;
    }

    long bytes() {
        return (long) length * type.bytes();
    }

    Pointer pointer() {
        return switch (type) {
            case INT32 -> Pointer.to((int[]) array);
            case INT64 -> Pointer.to((long[]) array);
            case FLOAT32 -> Pointer.to((float[]) array);
            case FLOAT64 -> Pointer.to((double[]) array);
        };
    }

    long longAt(int i) {
        return type == ElementType.INT32 ? ((int[]) array)[i] : ((long[]) array)[i];
    }

    double doubleAt(int i) {
        return type == ElementType.FLOAT32 ? ((float[]) array)[i] : ((double[]) array)[i];
    }
}
