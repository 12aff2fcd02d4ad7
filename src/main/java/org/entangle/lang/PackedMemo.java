package org.entangle.lang;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A memo from keys of a fixed number of ints to values, kept in arrays of primitives: the keys packed one after
 * another in chunks, the values each stored once (equal values share one slot of a value table, so values must have
 * {@code equals} and {@code hashCode}) and referred to by their number, and an open-addressing table (linear probing)
 * of entry numbers. A counting search's memo grows by millions of entries; kept as {@link java.util.HashMap} entries
 * with array keys, each was six objects and about 250 bytes, which a concurrent collector traces again in every cycle
 * while the search runs (issue #6: Shenandoah's marking took a core for seconds and slowed the UI beside it). Here an
 * entry is {@code 4 × width + 4} bytes and one table slot, in arrays the collector need not look into, none larger
 * than {@link #SEGMENT_INTS} ints. Used by one thread.
 *
 * @param <V> the values
 */
final class PackedMemo<V> {

    /**
     * The most ints an array of the memo holds: 128 KB, half Shenandoah's smallest region and a quarter of the
     * smallest array G1 allocates apart. An array over a region is allocated whole in free regions of its own: a table
     * doubled to 128 MB, or keys in 1.5 MB chunks, found none in a nearly full heap, and the collector fell back to
     * pauses of up to 0.4 s, 56 of them in 15 s (a 1 GB heap).
     */
    static final int SEGMENT_INTS = 1 << 15;
    private static final int SEGMENT_BITS = 15;
    private static final int MAX_TABLE = 1 << 30;

    private final int width;
    private final int chunkBits;
    private final int chunkMask;
    private int[][] keyChunks = new int[0][];
    private int[][] valueChunks = new int[0][];
    private final List<V> values = new ArrayList<>();
    private final Map<V, Integer> valueNumbers = new HashMap<>();
    private int[][] table = {new int[1 << 10]};
    private int tableSize = 1 << 10;
    private int size;

    /** A memo whose keys are {@code width} ints. */
    PackedMemo(int width) {
        if (width <= 0) throw new IllegalArgumentException("a key needs at least one int, not " + width);
        this.width = width;
        chunkBits = Integer.numberOfTrailingZeros(Integer.highestOneBit(Math.max(1, SEGMENT_INTS / width)));
        chunkMask = (1 << chunkBits) - 1;
    }

    /** The number of entries. */
    int size() {
        return size;
    }

    /** The value stored under the first {@code width} ints of {@code key}, or null. */
    V get(int[] key) {
        int mask = tableSize - 1;
        for (int slot = hash(key) & mask; ; slot = (slot + 1) & mask) {
            int entry = slotAt(slot) - 1;
            if (entry < 0) return null;
            if (sameKey(entry, key)) return values.get(valueChunks[entry >>> chunkBits][entry & chunkMask]);
        }
    }

    /**
     * Stores {@code value} under the first {@code width} ints of {@code key}, which must not be stored yet (the
     * memo's user looks it up first); the ints are copied.
     */
    void put(int[] key, V value) {
        if (value == null) throw new NullPointerException("a memo keeps no null values");
        if (size >= tableSize - (tableSize >>> 2)) grow();
        int entry = size;
        if ((entry & chunkMask) == 0) addChunk();
        System.arraycopy(key, 0, keyChunks[entry >>> chunkBits], (entry & chunkMask) * width, width);
        valueChunks[entry >>> chunkBits][entry & chunkMask] = numberOf(value);
        place(entry, hash(key));
        size++;
    }

    private int numberOf(V value) {
        Integer known = valueNumbers.get(value);
        if (known != null) return known;
        int number = values.size();
        values.add(value);
        valueNumbers.put(value, number);
        return number;
    }

    /** Adds a chunk of keys and one of values; the arrays of chunks double when full. */
    private void addChunk() {
        int chunk = size >>> chunkBits;
        if (chunk == keyChunks.length) {
            keyChunks = Arrays.copyOf(keyChunks, Math.max(8, 2 * chunk));
            valueChunks = Arrays.copyOf(valueChunks, Math.max(8, 2 * chunk));
        }
        keyChunks[chunk] = new int[(chunkMask + 1) * width];
        valueChunks[chunk] = new int[chunkMask + 1];
    }

    private int slotAt(int slot) {
        return table[slot >>> SEGMENT_BITS][slot & (SEGMENT_INTS - 1)];
    }

    private void place(int entry, int hash) {
        int mask = tableSize - 1;
        int slot = hash & mask;
        while (slotAt(slot) != 0) slot = (slot + 1) & mask;
        table[slot >>> SEGMENT_BITS][slot & (SEGMENT_INTS - 1)] = entry + 1;
    }

    /** Doubles the table, in segments of at most {@link #SEGMENT_INTS}, and places every entry again. */
    private void grow() {
        if (tableSize >= MAX_TABLE) throw new IllegalStateException("a memo of more than 805 million entries");
        tableSize *= 2;
        int segment = Math.min(tableSize, SEGMENT_INTS);
        table = new int[tableSize / segment][];
        for (int i = 0; i < table.length; i++) table[i] = new int[segment];
        int[] key = new int[width];
        for (int entry = 0; entry < size; entry++) {
            System.arraycopy(keyChunks[entry >>> chunkBits], (entry & chunkMask) * width, key, 0, width);
            place(entry, hash(key));
        }
    }

    private boolean sameKey(int entry, int[] key) {
        int[] chunk = keyChunks[entry >>> chunkBits];
        int from = (entry & chunkMask) * width;
        return Arrays.equals(chunk, from, from + width, key, 0, width);
    }

    /** Murmur3's mixing of the ints, so that linear probing sees well-spread low bits. */
    private int hash(int[] key) {
        int h = width;
        for (int i = 0; i < width; i++) {
            int k = key[i] * 0xCC9E2D51;
            k = Integer.rotateLeft(k, 15) * 0x1B873593;
            h = Integer.rotateLeft(h ^ k, 13) * 5 + 0xE6546B64;
        }
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        return h ^ (h >>> 16);
    }
}
