package org.entangle.entanglement;

import java.util.List;

/**
 * How a trace is packed into {@code long} words: angel {@code a} takes {@code ⌈log2 |domain|⌉} bits at
 * {@link #shift(int)} of word {@link #word(int)}, never straddling two words. A projection onto a set of angels
 * is then a bitwise AND with a mask per word, which is what makes projections fast (binary angels: 64 per word).
 */
public final class PackedLayout {

    private final int[] word;
    private final int[] shift;
    private final long[] mask;
    private final int words;

    /** Packs angels with the given domain sizes in order, first fit into the current word. */
    public PackedLayout(int[] domainSizes) {
        int n = domainSizes.length;
        word = new int[n];
        shift = new int[n];
        mask = new long[n];
        int w = 0;
        int used = 0;
        for (int a = 0; a < n; a++) {
            int bits = 32 - Integer.numberOfLeadingZeros(Math.max(0, domainSizes[a] - 1));
            if (used + bits > 64) {
                w++;
                used = 0;
            }
            word[a] = w;
            shift[a] = used;
            mask[a] = bits == 0 ? 0L : ((1L << bits) - 1) << used;
            used += bits;
        }
        words = Math.max(1, w + (used > 0 ? 1 : 0));
    }

    static PackedLayout of(List<AngelDomain> domains) {
        int[] sizes = new int[domains.size()];
        for (int a = 0; a < sizes.length; a++) sizes[a] = domains.get(a).size();
        return new PackedLayout(sizes);
    }

    /** Words per packed trace. */
    public int words() {
        return words;
    }

    public int word(int angel) {
        return word[angel];
    }

    /** The bits of {@code angel} within its word. */
    public long bits(int angel) {
        return mask[angel];
    }

    /** The code of {@code angel} in a packed trace starting at {@code offset} of {@code data}. */
    public int get(long[] data, int offset, int angel) {
        return (int) ((data[offset + word[angel]] & mask[angel]) >>> shift[angel]);
    }

    /** Writes {@code code} for {@code angel} into a packed trace (whose bits for it must be zero). */
    public void put(long[] data, int offset, int angel, int code) {
        data[offset + word[angel]] |= ((long) code << shift[angel]) & mask[angel];
    }

    /** The per-word mask selecting the angels flagged in {@code member}. */
    public long[] mask(boolean[] member) {
        long[] m = new long[words];
        for (int a = 0; a < member.length; a++) {
            if (member[a]) m[word[a]] |= mask[a];
        }
        return m;
    }
}
