package org.entangle.gpu.patterns;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;

/**
 * Seeded inputs of the segmented-scan pattern: values (int32 over their whole range, float32 in [0, 1)), a
 * bit mask of heads (each bit set with probability 1/mean) and head pointers (segment lengths uniform in
 * [0, 2 · mean), so empty segments occur; offsets[0] = 0, the last = n).
 */
final class SegmentedScanInputs {

    private SegmentedScanInputs() {
    }

    static float[] floats(int n, long seed) {
        float[] out = new float[n];
        SortMergeIo.forEachChunk(n, seed, (rng, from, to) -> {
            for (int i = from; i < to; i++) out[i] = (float) rng.nextDouble();
        });
        return out;
    }

    static int[] flags(int n, int mean, long seed) {
        int[] words = new int[(int) ((n + 31L) / 32)];
        SortMergeIo.forEachChunk(words.length, seed ^ 0x5DEECE66DL, (rng, from, to) -> {
            for (int w = from; w < to; w++) {
                int word = 0;
                for (int b = 0; b < 32; b++) {
                    if (rng.nextInt(mean) == 0) word |= 1 << b;
                }
                words[w] = word;
            }
        });
        return words;
    }

    static IntPredicate headOf(int[] words) {
        return i -> (words[i >>> 5] >>> (i & 31) & 1) != 0;
    }

    static int[] offsets(int n, int mean, long seed) {
        SplittableRandom rng = new SplittableRandom(seed ^ 0x2545F4914F6CDD1DL);
        int[] grow = new int[n / mean + 16];
        int m = 0;
        long at = 0;
        while (at < n) {
            if (m + 2 > grow.length) grow = Arrays.copyOf(grow, grow.length * 2);
            grow[m++] = (int) at;
            at += rng.nextInt(2 * mean);
        }
        if (m + 1 > grow.length) grow = Arrays.copyOf(grow, grow.length + 1);
        grow[m] = n;
        return Arrays.copyOf(grow, m + 1);
    }
}
