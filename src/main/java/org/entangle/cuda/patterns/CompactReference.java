package org.entangle.cuda.patterns;

import java.util.function.IntPredicate;

/**
 * The CPU reference of {@link CompactSource}: the indices of the kept elements, in order (stable compaction);
 * the output is the input at those indices and its length the count.
 */
public final class CompactReference {

    private CompactReference() {
    }

    /** The indices {@code i < n} with {@code keep(i)}, increasing. */
    public static int[] keptIndices(int n, IntPredicate keep) {
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (keep.test(i)) count++;
        }
        int[] out = new int[count];
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (keep.test(i)) out[k++] = i;
        }
        return out;
    }
}
