package org.entangle.banks;

/**
 * An index remapping given by a formula: padding
 * i + (i >> a) [+ (i >> b)] (GPU Gems 3, ch. 39, CONFLICT_FREE_OFFSET) or an XOR swizzle
 * i ^ ((i >> a) & m) [^ ((i >> b) & m)]. Shift 0 means the term is absent.
 *
 * @param xor    swizzle (true) or padding (false)
 * @param shiftA the first shift, ≥ 1
 * @param shiftB the second shift, or 0
 * @param mask   the swizzle mask (banks − 1), ignored for padding
 */
public record FormulaRemap(boolean xor, int shiftA, int shiftB, int mask) implements IndexRemap {

    @Override
    public long map(long i) {
        if (shiftA == 0) return i;
        if (xor) {
            long r = i ^ ((i >> shiftA) & mask);
            return shiftB == 0 ? r : r ^ ((i >> shiftB) & mask);
        }
        long r = i + (i >> shiftA);
        return shiftB == 0 ? r : r + (i >> shiftB);
    }

    @Override
    public boolean isIdentity() {
        return shiftA == 0;
    }

    @Override
    public int expressionSize() {
        return shiftA == 0 ? 0 : (shiftB == 0 ? 2 : 4) + (xor ? 1 : 0) * (shiftB == 0 ? 1 : 2);
    }

    /** As C: {@code i ^ ((i >> 5) & 31)}. */
    @Override
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
