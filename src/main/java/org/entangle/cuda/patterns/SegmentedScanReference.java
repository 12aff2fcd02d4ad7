package org.entangle.cuda.patterns;

import java.util.function.IntPredicate;

/**
 * The CPU reference of {@link SegmentedScanSource} (Blelloch 1990): the segmented inclusive sum (restarting at every
 * element whose head flag is set; element 0 always starts a segment) and the per-segment totals, for flags and
 * for head pointers. Integers wrap modulo 2^32; floats are summed in double.
 */
public final class SegmentedScanReference {

    private SegmentedScanReference() {
    }

    /** The segmented inclusive sum of int32 values. */
    public static int[] scanInts(int[] x, IntPredicate head) {
        int[] out = new int[x.length];
        for (int i = 0; i < x.length; i++) out[i] = i == 0 || head.test(i) ? x[i] : out[i - 1] + x[i];
        return out;
    }

    /** The segmented inclusive sum of float32 values, in double. */
    public static double[] scanFloats(float[] x, IntPredicate head) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) out[i] = i == 0 || head.test(i) ? x[i] : out[i - 1] + x[i];
        return out;
    }

    /** The head pointers of the flags: the start of every segment, then n (m + 1 entries; none for n = 0). */
    public static int[] offsetsOfFlags(int n, IntPredicate head) {
        int segments = 0;
        for (int i = 0; i < n; i++) {
            if (i == 0 || head.test(i)) segments++;
        }
        int[] offsets = new int[segments + 1];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (i == 0 || head.test(i)) offsets[k++] = i;
        }
        offsets[segments] = n;
        return offsets;
    }

    /** The head flags of head pointers: element offsets[k] starts a segment for every non-empty segment k. */
    public static IntPredicate flagsOfOffsets(int n, int[] offsets) {
        boolean[] flag = new boolean[n];
        for (int k = 0; k + 1 < offsets.length; k++) {
            if (offsets[k] < offsets[k + 1]) flag[offsets[k]] = true;
        }
        return i -> flag[i];
    }

    /** Segment totals of int32 values: the sum of [offsets[k], offsets[k+1]), 0 when empty. */
    public static int[] totalsInts(int[] x, int[] offsets) {
        int[] out = new int[Math.max(0, offsets.length - 1)];
        for (int k = 0; k < out.length; k++) {
            for (int i = offsets[k]; i < offsets[k + 1]; i++) out[k] += x[i];
        }
        return out;
    }

    /** Segment totals of float32 values, in double. */
    public static double[] totalsFloats(float[] x, int[] offsets) {
        double[] out = new double[Math.max(0, offsets.length - 1)];
        for (int k = 0; k < out.length; k++) {
            for (int i = offsets[k]; i < offsets[k + 1]; i++) out[k] += x[i];
        }
        return out;
    }
}
