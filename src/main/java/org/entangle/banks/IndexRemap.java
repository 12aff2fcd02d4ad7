package org.entangle.banks;

import java.util.BitSet;

/**
 * A remapping of array indices to shared-memory slots, as used to avoid bank conflicts (the talk's
 * "bank conflict avoidance" by injective reordering functions): element i of the array lives at slot
 * {@link #map(long) map(i)}. A {@link FormulaRemap} is an expression CUDA computes (padding, XOR swizzle); a
 * {@link TableRemap} is a lookup table found by {@link BankColouring} when no formula of the grammar removes
 * every conflict.
 */
public sealed interface IndexRemap permits FormulaRemap, LevelSwizzleRemap, TableRemap {

    /** No remapping. */
    IndexRemap IDENTITY = new FormulaRemap(false, 0, 0, 0);

    /** The slot of index {@code i}. */
    long map(long i);

    /** Whether every index is its own slot. */
    boolean isIdentity();

    /** The number of operators (formula) or table entries, for preferring simpler remaps. */
    int expressionSize();

    /** The slot of the C expression {@code var} as C: a formula, or a lookup in {@link TableRemap#TABLE_NAME}. */
    String toC(String var);

    /**
     * The C definitions {@link #toC} needs for indices 0..entries−1 (a device function or a lookup table), or
     * null when the expression stands alone.
     */
    default String cDefinition(int entries) {
        return null;
    }

    /** The number of slots the array needs for indices 0..n−1 (padding grows it). */
    default long footprint(int n) {
        long max = 0;
        for (int i = 0; i < n; i++) max = Math.max(max, map(i));
        return n == 0 ? 0 : max + 1;
    }

    /** Whether distinct indices 0..n−1 get distinct slots (so the remapped program computes the same thing). */
    default boolean injectiveUpTo(int n) {
        BitSet seen = new BitSet();
        for (int i = 0; i < n; i++) {
            long slot = map(i);
            if (slot < 0 || slot > Integer.MAX_VALUE || seen.get((int) slot)) return false;
            seen.set((int) slot);
        }
        return true;
    }
}
