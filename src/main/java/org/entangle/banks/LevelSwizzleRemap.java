package org.entangle.banks;

/**
 * A tree-level swizzle for work-efficient (Brent–Kung / Blelloch) scans whose k-th active thread handles the k-th
 * node of a tree level (GPU Gems 3, ch. 39). Index i is node m of level t where i + 1 = 2^t (2m + 1);
 * it keeps its bank row and gets bank τ^t(m mod B) within it: slot(i) = (i &amp; ~(B−1)) | τ^t(m mod B), where B
 * = 2^b banks and τ(x) = rotl_b(x, 1) ^ B/2 (rotate the b-bit bank number left by one, flip its top bit).
 *
 * <p>Why: a warp reading level t's nodes m..m+B−1 (the up-sweep's left operands, or the down-sweep's targets one
 * node later) meets every residue m mod B once, so any per-level permutation is conflict-free there; a warp
 * reading the right operands 2^(j+1)·q − 1 for B consecutive q meets B/2 nodes of level j+1, B/4 of level j+2, …,
 * whose residues share their top bits with the warp number, and τ sends those blocks to disjoint banks (the top
 * bank bit of level j+1 is the complement of level j+2's next bit, and so on). The same argument with j = −1
 * makes each aligned row of B indices a permutation of the banks, so the map is injective in N slots. Checked,
 * not assumed: {@link ProgramBanks#search} scores it on the program's own accesses and drops it unless injective
 * (Brent–Kung with compact lanes: conflict-free for N = 32..1024; at 2048 the levels t and t + 2b, which τ
 * cannot tell apart, meet in one warp).
 *
 * @param bits b, the number of bank-number bits (1..5)
 */
public record LevelSwizzleRemap(int bits) implements IndexRemap {

    public LevelSwizzleRemap {
        if (bits < 1 || bits > 5) throw new IllegalArgumentException("a level swizzle needs 2 to 32 banks, not 2^" + bits);
    }

    /** The swizzle for {@code model}'s banks, or null when its banks are not a power of two ≤ 32 or a slot is not one word. */
    public static LevelSwizzleRemap of(BankModel model) {
        int banks = model.banks();
        boolean powerOfTwo = banks >= 2 && banks <= 32 && Integer.bitCount(banks) == 1;
        return powerOfTwo && model.elementBytes() == model.bankWidthBytes() ? new LevelSwizzleRemap(Integer.numberOfTrailingZeros(banks)) : null;
    }

    @Override
    public long map(long i) {
        int t = Long.numberOfTrailingZeros(i + 1);
        int x = (int) ((i + 1) >> (t + 1)) & mask();
        int r = t % bits;
        x = ((x << r) | (x >> (bits - r))) & mask();
        return (i & ~(long) mask()) | (x ^ offset(t % (2 * bits)));
    }

    /** τ^t(x) = rotl_b(x, t) ^ offset(t): offset(0) = 0, offset(t + 1) = rotl_b(offset(t), 1) ^ B/2; τ has order 2b. */
    private int offset(int t) {
        int c = 0;
        for (int k = 0; k < t; k++) c = (((c << 1) | (c >> (bits - 1))) & mask()) ^ (1 << (bits - 1));
        return c;
    }

    private int mask() {
        return (1 << bits) - 1;
    }

    /** The offsets of τ^0 … τ^(2b−1), b bits each, packed low first: the constant the C function reads. */
    private long packedOffsets() {
        long packed = 0;
        for (int t = 0; t < 2 * bits; t++) packed |= (long) offset(t) << (bits * t);
        return packed;
    }

    @Override
    public boolean isIdentity() {
        return false;
    }

    @Override
    public int expressionSize() {
        return 12;
    }

    @Override
    public String toC(String var) {
        return "level_slot(" + var + ")";
    }

    /** The CUDA function {@link #toC} calls. */
    @Override
    public String cDefinition(int entries) {
        int b = bits;
        return "// tree-level swizzle: i + 1 = 2^t (2m + 1) -> row of i, bank rotl" + b + "(m, t) ^ offset(t)\n"
                + "__device__ __forceinline__ unsigned level_slot(unsigned i) {\n"
                + "const unsigned t = __ffs(i + 1) - 1, r = t % " + b + ";\n"
                + "const unsigned m = ((i + 1) >> (t + 1)) & " + mask() + ";\n"
                + "const unsigned offset = (unsigned) ((0x" + Long.toHexString(packedOffsets()) + "ULL >> (" + b + " * (t % " + (2 * b) + "))) & " + mask() + ");\n"
                + "return (i & ~" + mask() + "u) | ((((m << r) | (m >> (" + b + " - r))) & " + mask() + ") ^ offset);\n"
                + "}";
    }

    @Override
    public String toString() {
        return "level swizzle (i & ~" + mask() + ") | tau^t(m), i + 1 = 2^t (2m + 1)";
    }
}
