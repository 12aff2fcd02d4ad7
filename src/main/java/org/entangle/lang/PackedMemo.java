package org.entangle.lang;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A memo from keys of a fixed number of ints to values, kept in arrays of primitives: each entry a record of its key's
 * ints followed by its value's number, the records packed one after another in chunks, the values each stored once
 * (equal values share one slot of a value table, so values must have {@code equals} and {@code hashCode}), and an
 * open-addressing table (linear probing) of entry numbers. A counting search's memo grows by millions of entries; kept
 * as {@link java.util.HashMap} entries with array keys, each was six objects and about 250 bytes, which a concurrent
 * collector traces again in every cycle while the search runs (Shenandoah's marking took a core for seconds
 * and slowed the UI beside it). Here an entry is {@code 4 × width + 4} bytes and one table slot, in arrays the
 * collector need not look into.
 * <p>
 * No array of the memo is over {@link #ARRAY_INTS} ints, 2 MB with its header: the records' chunks, of which only the
 * first grows (by doubling) before it is full, and the table's segments. A full one fills a heap region of 2 MB by
 * itself (Shenandoah's on heaps of 4–8 GB, the default on machines of 16–32 GB), and the collector, which moves only
 * the live objects of regions that hold garbage, never copies it. In arrays of at most 128 KB, which shared their
 * regions with the search's short-lived objects, the first collection 8 s into the talk's N = 16 search copied the
 * whole memo: 0.75–0.97 s of the collector's one thread, beside the UI. Arrays of 8 MB (four regions) were not copied
 * either, but near the memory guard's 85 % the heap had no four free regions in a row for one, and the collector
 * stopped the search for 2.7 s. Used by one thread.
 *
 * @param <V> the values
 */
final class PackedMemo<V> {

    /** The most ints in one array: 2 MB less the array's 16-byte header. */
    static final int ARRAY_INTS = (1 << 19) - 4;
    private static final int MAX_TABLE = 1 << 30;
    private static final int FIRST_CHUNK_ENTRIES = 64;

    private final int width;
    private final int stride;
    private final int perChunk;
    private int[][] chunks = new int[0][];
    private final List<V> values = new ArrayList<>();
    private final Map<V, Integer> valueNumbers = new HashMap<>();
    private int[][] table = {new int[1 << 10]};
    private int tableSize = 1 << 10;
    private int size;

    /** A memo whose keys are {@code width} ints. */
    PackedMemo(int width) {
        this(width, ARRAY_INTS);
    }

    /** A memo whose keys are {@code width} ints, its records in chunks of at most {@code chunkInts} ints (or one). */
    PackedMemo(int width, int chunkInts) {
        if (width <= 0) throw new IllegalArgumentException("a key needs at least one int, not " + width);
        this.width = width;
        stride = width + 1;
        perChunk = Math.max(1, chunkInts / stride);
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
            int chunk = entry / perChunk;
            int from = (entry - chunk * perChunk) * stride;
            if (Arrays.equals(chunks[chunk], from, from + width, key, 0, width)) return values.get(chunks[chunk][from + width]);
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
        int chunk = entry / perChunk;
        int from = (entry - chunk * perChunk) * stride;
        if (chunk == chunks.length || from == chunks[chunk].length) makeRoom(chunk);
        System.arraycopy(key, 0, chunks[chunk], from, width);
        chunks[chunk][from + width] = numberOf(value);
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

    /** Makes room for one more record in {@code chunk}: a new chunk, or the first one doubled (up to a full chunk). */
    private void makeRoom(int chunk) {
        if (chunk == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunk + 1);
            chunks[chunk] = new int[chunk == 0 ? Math.min(perChunk, FIRST_CHUNK_ENTRIES) * stride : perChunk * stride];
        } else {
            chunks[0] = Arrays.copyOf(chunks[0], Math.min(perChunk, 2 * (chunks[0].length / stride)) * stride);
        }
    }

    private int slotAt(int slot) {
        return table[slot / ARRAY_INTS][slot % ARRAY_INTS];
    }

    private void place(int entry, int hash) {
        int mask = tableSize - 1;
        int slot = hash & mask;
        while (slotAt(slot) != 0) slot = (slot + 1) & mask;
        table[slot / ARRAY_INTS][slot % ARRAY_INTS] = entry + 1;
    }

    /** Doubles the table, in segments of at most {@link #ARRAY_INTS}, and places every entry again. */
    private void grow() {
        if (tableSize >= MAX_TABLE) throw new IllegalStateException("a memo of more than 805 million entries");
        tableSize *= 2;
        table = new int[(tableSize - 1) / ARRAY_INTS + 1][];
        for (int i = 0; i < table.length; i++) table[i] = new int[Math.min(ARRAY_INTS, tableSize - i * ARRAY_INTS)];
        int[] key = new int[width];
        for (int entry = 0; entry < size; entry++) {
            int chunk = entry / perChunk;
            System.arraycopy(chunks[chunk], (entry - chunk * perChunk) * stride, key, 0, width);
            place(entry, hash(key));
        }
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
