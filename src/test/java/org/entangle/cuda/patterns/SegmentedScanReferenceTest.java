package org.entangle.cuda.patterns;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * The segmented-scan reference against brute force (each element summed from its segment's head), the two
 * descriptors converted into each other, and empty segments' totals being 0. Seed fixed and printed.
 */
class SegmentedScanReferenceTest {

    private static final long SEED = 5_2026L;

    @Test
    void sumsAndTotalsMatchBruteForceForBothDescriptors() {
        Random r = new Random(SEED);
        System.out.println("SegmentedScanReferenceTest seed " + SEED);
        for (int t = 0; t < 100; t++) {
            int n = r.nextInt(70);
            int[] x = new int[n];
            boolean[] flag = new boolean[n];
            for (int i = 0; i < n; i++) {
                x[i] = r.nextInt();
                flag[i] = r.nextInt(5) == 0;
            }
            IntPredicate head = i -> flag[i];
            int[] scan = SegmentedScanReference.scanInts(x, head);
            for (int i = 0; i < n; i++) {
                int start = i;
                while (start > 0 && !flag[start]) start--;
                int sum = 0;
                for (int j = start; j <= i; j++) sum += x[j];
                assertEquals(sum, scan[i], "trial " + t + " element " + i);
            }
            int[] offsets = SegmentedScanReference.offsetsOfFlags(n, head);
            int[] totals = SegmentedScanReference.totalsInts(x, offsets);
            for (int k = 0; k < totals.length; k++) assertEquals(scan[offsets[k + 1] - 1], totals[k], "total " + k);
            IntPredicate back = SegmentedScanReference.flagsOfOffsets(n, offsets);
            for (int i = 1; i < n; i++) assertEquals(flag[i], back.test(i), "flag " + i);
        }
    }

    @Test
    void emptySegmentsTotalZeroAndDoNotRestartTheScanTwice() {
        int[] x = {1, 2, 3, 4};
        int[] offsets = {0, 0, 2, 2, 4, 4};
        assertArrayEquals(new int[] {0, 3, 0, 7, 0}, SegmentedScanReference.totalsInts(x, offsets));
        assertArrayEquals(new int[] {1, 3, 3, 7}, SegmentedScanReference.scanInts(x, SegmentedScanReference.flagsOfOffsets(4, offsets)));
        assertArrayEquals(new double[] {0, 3, 0, 7, 0}, SegmentedScanReference.totalsFloats(new float[] {1, 2, 3, 4}, offsets));
    }
}
