package org.entangle.entanglement;

import java.util.Arrays;

/**
 * The distinct projections of packed traces onto a mask, with how many traces have each: an open-addressing
 * hash table (linear probing, load at most 1/2) whose keys are the masked words themselves, so membership is
 * exact and an insertion costs expected O(words). Keys are numbered 0..size−1 in order of first insertion.
 */
final class ProjectionTable {

    private final int words;
    private final long[] mask;
    private int[] slots;
    private long[] keys;
    private int[] hashes;
    private int[] counts;
    private int size;

    ProjectionTable(int words, long[] mask, int expected) {
        this.words = words;
        this.mask = mask.clone();
        int capacity = Integer.highestOneBit(Math.max(16, expected) * 2 - 1) << 1;
        slots = new int[capacity];
        int initial = Math.max(16, Math.min(expected, 1 << 20));
        keys = new long[initial * words];
        hashes = new int[initial];
        counts = new int[initial];
    }

    /** Counts the projection of every trace of {@code rows} onto {@code mask}. */
    static ProjectionTable of(PackedRows rows, long[] mask, int expected) {
        ProjectionTable table = new ProjectionTable(rows.words(), mask, expected);
        long[] data = rows.data();
        int w = rows.words();
        for (int r = 0, n = rows.size(); r < n; r++) table.add(data, r * w);
        return table;
    }

    /** Adds the projection of the trace at {@code offset}; returns its key number. */
    int add(long[] data, int offset) {
        int h = hash(data, offset);
        int m = slots.length - 1;
        int i = h & m;
        while (true) {
            int s = slots[i];
            if (s == 0) break;
            int k = s - 1;
            if (hashes[k] == h && equalsKey(k, data, offset)) {
                counts[k]++;
                return k;
            }
            i = (i + 1) & m;
        }
        int k = size++;
        if (k == counts.length) grow();
        for (int j = 0; j < words; j++) keys[k * words + j] = data[offset + j] & mask[j];
        hashes[k] = h;
        counts[k] = 1;
        slots[i] = k + 1;
        if (size * 2 > slots.length) rehash();
        return k;
    }

    /** The key number of the projection of the trace at {@code offset}, or −1 when absent. */
    int find(long[] data, int offset) {
        int h = hash(data, offset);
        int m = slots.length - 1;
        for (int i = h & m; ; i = (i + 1) & m) {
            int s = slots[i];
            if (s == 0) return -1;
            if (hashes[s - 1] == h && equalsKey(s - 1, data, offset)) return s - 1;
        }
    }

    int size() {
        return size;
    }

    int count(int key) {
        return counts[key];
    }

    /** The distinct projections as packed rows (bits outside the mask are zero). */
    PackedRows rows() {
        return new PackedRows(words, Arrays.copyOf(keys, size * words), size);
    }

    /** The key words, {@code words} per key; valid up to {@code size() * words}. */
    long[] keyData() {
        return keys;
    }

    private boolean equalsKey(int k, long[] data, int offset) {
        int base = k * words;
        for (int j = 0; j < words; j++) {
            if (keys[base + j] != (data[offset + j] & mask[j])) return false;
        }
        return true;
    }

    private int hash(long[] data, int offset) {
        long h = 0x9E3779B97F4A7C15L;
        for (int j = 0; j < words; j++) {
            h = (h ^ (data[offset + j] & mask[j])) * 0xBF58476D1CE4E5B9L;
            h ^= h >>> 31;
        }
        h *= 0x94D049BB133111EBL;
        return (int) (h ^ (h >>> 32));
    }

    private void grow() {
        int capacity = counts.length * 2;
        keys = Arrays.copyOf(keys, capacity * words);
        hashes = Arrays.copyOf(hashes, capacity);
        counts = Arrays.copyOf(counts, capacity);
    }

    private void rehash() {
        int[] bigger = new int[slots.length * 2];
        int m = bigger.length - 1;
        for (int k = 0; k < size; k++) {
            int i = hashes[k] & m;
            while (bigger[i] != 0) i = (i + 1) & m;
            bigger[i] = k + 1;
        }
        slots = bigger;
    }
}
