package org.entangle.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** The CPU reference against hand-computed scans, including wrap-around, segments and mirroring. */
class ReferenceScanTest {

    private static final long[] X = {3, 1, 4, 1, 5, 9, 2, 6};
    private static final int[] HEADS = {1 << 3 | 1 << 6};  // segments start at 3 and 6

    private static long[] scan(ScanOptions o, long chunk) {
        return ReferenceScan.ofLongs(X.length, i -> X[i], i -> (HEADS[i >>> 5] >>> (i & 31) & 1) != 0, o, chunk);
    }

    @Test
    void inclusiveAndExclusiveSums() {
        assertArrayEquals(new long[] {3, 4, 8, 9, 14, 23, 25, 31}, scan(ScanOptions.INT32_SUM, 8));
        assertArrayEquals(new long[] {0, 3, 4, 8, 9, 14, 23, 25}, scan(new ScanOptions(ElementType.INT32, ScanOperator.ADD, true, false, false), 8));
    }

    @Test
    void chunksScanOnTheirOwn() {
        assertArrayEquals(new long[] {3, 4, 8, 9, 5, 14, 16, 22}, scan(ScanOptions.INT32_SUM, 4));
    }

    @Test
    void backwardSegmentedMaxRestartsBeforeEachHead() {
        // backward: segments [0..2], [3..5], [6..7] read from their ends
        assertArrayEquals(new long[] {4, 4, 4, 9, 9, 9, 6, 6},
                scan(new ScanOptions(ElementType.INT64, ScanOperator.MAX, false, true, true), 8));
        assertArrayEquals(new long[] {4, 4, Long.MIN_VALUE, 9, 9, Long.MIN_VALUE, 6, Long.MIN_VALUE},
                scan(new ScanOptions(ElementType.INT64, ScanOperator.MAX, true, true, true), 8));
    }

    @Test
    void forwardSegmentedExclusiveSumGivesHeadsTheIdentity() {
        assertArrayEquals(new long[] {0, 3, 4, 0, 1, 6, 0, 2},
                scan(new ScanOptions(ElementType.INT32, ScanOperator.ADD, true, false, true), 8));
    }

    @Test
    void int32SumsWrapAround() {
        long[] out = ReferenceScan.ofLongs(2, i -> Integer.MAX_VALUE, i -> false, ScanOptions.INT32_SUM, 2);
        assertArrayEquals(new long[] {Integer.MAX_VALUE, -2}, out);
    }
}
