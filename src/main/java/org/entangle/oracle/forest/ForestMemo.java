package org.entangle.oracle.forest;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * The memo tables of {@link ForestCounts}, indexed by number of steps and then by interned tree id. Ids are dense
 * ({@link TreeTable}), so a lookup is two array reads instead of a hash probe on a boxed key. An entry is null while
 * unknown and {@link #isImpossible impossible} once known to have no way.
 *
 * <p>Thread-safe: entries are published through {@link AtomicReferenceArray}, so a thread that reads one sees it
 * whole. A write racing with the growth of its row may be lost; the entry is then computed again, to the same value.
 */
final class ForestMemo<T> {

    private final Object impossible;
    private volatile AtomicReferenceArray<Object>[] bySteps = rows(0);
    private final LongAdder entries = new LongAdder();

    ForestMemo(T impossible) {
        this.impossible = impossible;
    }

    /** The stored value; {@code null} while unknown; the impossible marker when known to be impossible. */
    @SuppressWarnings("unchecked")
    T get(int id, int steps) {
        AtomicReferenceArray<Object>[] all = bySteps;
        if (steps >= all.length) return null;
        AtomicReferenceArray<Object> row = all[steps];
        return row == null || id >= row.length() ? null : (T) row.get(id);
    }

    /** Stores {@code value} (null: impossible) and returns it. */
    T put(int id, int steps, T value) {
        AtomicReferenceArray<Object> row = row(id, steps);
        if (row.getAndSet(id, value == null ? impossible : value) == null) entries.increment();
        return value;
    }

    boolean isImpossible(T value) {
        return value == impossible;
    }

    long entries() {
        return entries.sum();
    }

    private AtomicReferenceArray<Object> row(int id, int steps) {
        AtomicReferenceArray<Object>[] all = bySteps;
        if (steps < all.length && all[steps] != null && id < all[steps].length()) return all[steps];
        return grow(id, steps);
    }

    private synchronized AtomicReferenceArray<Object> grow(int id, int steps) {
        AtomicReferenceArray<Object>[] all = bySteps;
        if (steps >= all.length) all = Arrays.copyOf(all, steps + 1);
        AtomicReferenceArray<Object> row = all[steps];
        if (row == null || id >= row.length()) {
            AtomicReferenceArray<Object> grown = new AtomicReferenceArray<>(Math.max(Math.max(64, id + 1), row == null ? 0 : row.length() * 2));
            if (row != null) for (int i = 0; i < row.length(); i++) grown.set(i, row.get(i));
            all[steps] = row = grown;
        }
        bySteps = all;
        return row;
    }

    @SuppressWarnings("unchecked")
    private static AtomicReferenceArray<Object>[] rows(int n) {
        return new AtomicReferenceArray[n];
    }
}
