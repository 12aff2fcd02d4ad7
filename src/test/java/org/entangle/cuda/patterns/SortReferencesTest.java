package org.entangle.cuda.patterns;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The CPU references of the radix sort and the merge against brute force: a stable insertion sort by
 * {@link Float#compare}-like orders, the flip's order on the float specials, stability on equal keys, and the
 * merge of arrays with many duplicates (A before B on ties). Seeds fixed and printed.
 */
class SortReferencesTest {

    private static final long SEED = 9_2026L;

    @Test
    void floatOrderIsTotalOrderWithNegativeNaNsFirstAndPositiveNaNsLast() {
        float[] ascending = {Float.intBitsToFloat(0xffc00000), Float.NEGATIVE_INFINITY, -1f, -Float.MIN_VALUE, -0.0f, 0.0f,
                Float.MIN_VALUE, 1f, Float.POSITIVE_INFINITY, Float.intBitsToFloat(0x7f800001), Float.NaN};
        for (int i = 1; i < ascending.length; i++) {
            int a = Float.floatToRawIntBits(ascending[i - 1]);
            int b = Float.floatToRawIntBits(ascending[i]);
            assertTrue(MergeReference.less(RadixKey.FLOAT32, a, b), ascending[i - 1] + " should sort before " + ascending[i]);
            assertTrue(!MergeReference.less(RadixKey.FLOAT32, b, a));
        }
    }

    @Test
    void flipAndUnflipAreInverseAndOrderPreserving() {
        Random r = new Random(SEED);
        System.out.println("SortReferencesTest seed " + SEED);
        for (RadixKey key : RadixKey.ALL) {
            for (int t = 0; t < 10_000; t++) {
                int x = r.nextInt();
                int y = r.nextInt();
                assertEquals(x, key.unflip(key.flip(x)), key + " unflip");
                if (key != RadixKey.FLOAT32 || (!Float.isNaN(Float.intBitsToFloat(x)) && !Float.isNaN(Float.intBitsToFloat(y)))) {
                    int expected = switch (key) {
                        case UINT32 -> Integer.compareUnsigned(x, y);
                        case INT32 -> Integer.compare(x, y);
                        case FLOAT32 -> Float.intBitsToFloat(x) == Float.intBitsToFloat(y) && x != y
                                ? Integer.compare(y, x)   // -0.0 (sign set) before +0.0
                                : Float.compare(Float.intBitsToFloat(x), Float.intBitsToFloat(y));
                    };
                    assertEquals(Integer.signum(expected), Integer.signum(Integer.compareUnsigned(key.flip(x), key.flip(y))), key + " order");
                }
            }
        }
    }

    @Test
    void radixOrderIsTheStableSortOnFewDistinctKeys() {
        Random r = new Random(SEED + 1);
        for (RadixKey key : RadixKey.ALL) {
            int[] distinct = {0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 1, -1};
            int[] keys = new int[500];
            for (int i = 0; i < keys.length; i++) keys[i] = distinct[r.nextInt(distinct.length)];
            List<Integer> brute = new ArrayList<>();
            for (int i = 0; i < keys.length; i++) brute.add(i);
            brute.sort(Comparator.comparing((Integer i) -> key.flip(keys[i]), Integer::compareUnsigned));  // List.sort is stable
            int[] order = RadixSortReference.order(key, keys);
            assertArrayEquals(brute.stream().mapToInt(Integer::intValue).toArray(), order, key.token());
            for (int j = 1; j < order.length; j++) {
                if (keys[order[j]] == keys[order[j - 1]]) assertTrue(order[j] > order[j - 1], "equal keys keep their input order");
            }
        }
    }

    @Test
    void mergeTakesAllOfABeforeBOnTiesAndHandlesEmptySides() {
        Random r = new Random(SEED + 2);
        for (int t = 0; t < 200; t++) {
            int[] a = sortedSmall(r, r.nextInt(20));
            int[] b = sortedSmall(r, r.nextInt(20));
            int[] sources = MergeReference.sources(RadixKey.INT32, a, b);
            List<int[]> brute = new ArrayList<>();
            for (int i = 0; i < a.length; i++) brute.add(new int[] {a[i], i});
            for (int i = 0; i < b.length; i++) brute.add(new int[] {b[i], a.length + i});
            brute.sort(Comparator.comparingInt((int[] p) -> p[0]));  // stable: A's entries were added first
            assertArrayEquals(brute.stream().mapToInt(p -> p[1]).toArray(), sources, "trial " + t);
        }
        assertArrayEquals(new int[] {0, 1}, MergeReference.sources(RadixKey.INT32, new int[] {3, 4}, new int[0]));
        assertArrayEquals(new int[] {0, 1}, MergeReference.sources(RadixKey.INT32, new int[0], new int[] {3, 4}));
    }

    private static int[] sortedSmall(Random r, int n) {
        int[] x = new int[n];
        for (int i = 0; i < n; i++) x[i] = r.nextInt(5) - 2;
        java.util.Arrays.sort(x);
        assertTrue(MergeReference.isSorted(RadixKey.INT32, x));
        return x;
    }
}
