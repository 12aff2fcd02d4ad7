package org.entangle.generalize.banks;

import java.util.BitSet;

/**
 * A remapping of array indices to shared-memory slots, as used to avoid bank conflicts (GUIDE §5): padding
 * i + (i >> a) [+ (i >> b)] (GPU Gems 3, ch. 39, CONFLICT_FREE_OFFSET) or an XOR swizzle
 * i ^ ((i >> a) & m) [^ ((i >> b) & m)]. Shift 0 means the term is absent.
 *
 * @param xor    swizzle (true) or padding (false)
 * @param shiftA the first shift, ≥ 1
 * @param shiftB the second shift, or 0
 * @param mask   the swizzle mask (banks − 1), ignored for padding
 */
public record IndexRemap(boolean xor, int shiftA, int shiftB, int mask) {

    /** No remapping. */
    public static final IndexRemap IDENTITY = new IndexRemap(false, 0, 0, 0);

    /** The slot of index {@code i}. */
    public long map(long i) {
        if (shiftA == 0) return i;
        if (xor) {
            long r = i ^ ((i >> shiftA) & mask);
            return shiftB == 0 ? r : r ^ ((i >> shiftB) & mask);
        }
        long r = i + (i >> shiftA);
        return shiftB == 0 ? r : r + (i >> shiftB);
    }

    /** The number of slots the array needs for indices 0..n−1 (padding grows it). */
    public long footprint(int n) {
        long max = 0;
        for (int i = 0; i < n; i++) max = Math.max(max, map(i));
        return n == 0 ? 0 : max + 1;
    }

    /** Whether distinct indices 0..n−1 get distinct slots (so the remapped program computes the same thing). */
    public boolean injectiveUpTo(int n) {
        BitSet seen = new BitSet();
        for (int i = 0; i < n; i++) {
            long slot = map(i);
            if (slot > Integer.MAX_VALUE || seen.get((int) slot)) return false;
            seen.set((int) slot);
        }
        return true;
    }

    /** The number of operators in the expression, for preferring simpler remaps. */
    public int expressionSize() {
        return shiftA == 0 ? 0 : (shiftB == 0 ? 2 : 4) + (xor ? 1 : 0) * (shiftB == 0 ? 1 : 2);
    }

    /** As C: {@code i ^ ((i >> 5) & 31)}. */
    public String toC(String var) {
        if (shiftA == 0) return var;
        if (xor) {
            String r = var + " ^ ((" + var + " >> " + shiftA + ") & " + mask + ")";
            return shiftB == 0 ? r : r + " ^ ((" + var + " >> " + shiftB + ") & " + mask + ")";
        }
        String r = var + " + (" + var + " >> " + shiftA + ")";
        return shiftB == 0 ? r : r + " + (" + var + " >> " + shiftB + ")";
    }

    @Override
    public String toString() {
        return toC("i");
    }
}
