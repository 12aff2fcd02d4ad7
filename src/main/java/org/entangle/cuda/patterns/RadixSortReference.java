package org.entangle.cuda.patterns;

import java.util.Arrays;

/**
 * The CPU reference of {@link RadixSortSource}: the stable sorting permutation of 32-bit keys in {@link RadixKey}'s
 * order (each key's flipped bits as unsigned, ties in input order), by sorting (flipped key, index) pairs packed in
 * longs.
 */
public final class RadixSortReference {

    private RadixSortReference() {
    }

    /** order[j] = the input index of the j-th key of the stable sort. */
    public static int[] order(RadixKey key, int[] keys) {
        long[] packed = new long[keys.length];
        for (int i = 0; i < keys.length; i++) packed[i] = (long) (key.flip(keys[i]) ^ 0x80000000) << 32 | i;  // signed long order = unsigned flip order
        Arrays.parallelSort(packed);
        int[] order = new int[keys.length];
        for (int j = 0; j < order.length; j++) order[j] = (int) packed[j];
        return order;
    }

    /** {@code values} permuted by {@code order}. */
    public static int[] gather(int[] values, int[] order) {
        int[] out = new int[order.length];
        for (int j = 0; j < order.length; j++) out[j] = values[order[j]];
        return out;
    }
}
