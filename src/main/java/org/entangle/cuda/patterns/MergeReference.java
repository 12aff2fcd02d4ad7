package org.entangle.cuda.patterns;

/**
 * The CPU reference of {@link MergeSource}: the sequential stable merge of two arrays sorted in {@link RadixKey}'s
 * order, taking A's element whenever B's is not smaller (so on ties all of A comes before B).
 */
public final class MergeReference {

    private MergeReference() {
    }

    /** source[j] = where output j comes from: i for a[i], a.length + i for b[i]. */
    public static int[] sources(RadixKey key, int[] a, int[] b) {
        int[] out = new int[a.length + b.length];
        int i = 0;
        int j = 0;
        for (int k = 0; k < out.length; k++) {
            boolean takeA = j >= b.length || (i < a.length && !less(key, b[j], a[i]));
            out[k] = takeA ? i++ : a.length + j++;
        }
        return out;
    }

    /** Whether key bits x order before y. */
    public static boolean less(RadixKey key, int x, int y) {
        return Integer.compareUnsigned(key.flip(x), key.flip(y)) < 0;
    }

    /** Whether {@code keys} is sorted (non-decreasing) in the key order. */
    public static boolean isSorted(RadixKey key, int[] keys) {
        for (int i = 1; i < keys.length; i++) {
            if (less(key, keys[i], keys[i - 1])) return false;
        }
        return true;
    }
}
