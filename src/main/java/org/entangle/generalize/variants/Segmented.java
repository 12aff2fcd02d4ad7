package org.entangle.generalize.variants;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.eval.Monoid;

/**
 * Segmented scans (Blelloch 1990): any scan network computes a segmented scan when its operator is
 * lifted to (flag, value) pairs, (f1, v1) ⊕ (f2, v2) = (f1 | f2, f2 ? v2 : v1 ⊕ v2), which is associative
 * whenever ⊕ is. Segment descriptors come as bit masks (1 where a segment starts) or head pointers (the start
 * index of every segment); {@link #flagsFromHeads} converts the latter into the former.
 */
public final class Segmented {

    /** A value with its segment-start flag. */
    public record Flagged<T>(boolean flag, T value) {
    }

    private Segmented() {
    }

    /** The lifted operator of a monoid; its identity is (false, identity). */
    public static <T> Monoid<Flagged<T>> lift(Monoid<T> monoid) {
        return new Monoid<>("segmented-" + monoid.name(), new Flagged<>(false, monoid.identity()),
                (a, b) -> new Flagged<>(a.flag() || b.flag(), b.flag() ? b.value() : monoid.combine(a.value(), b.value())));
    }

    /** Pairs values with bit-mask flags. */
    public static <T> List<Flagged<T>> withFlags(List<T> values, boolean[] flags) {
        if (flags.length != values.size()) {
            throw new IllegalArgumentException(flags.length + " flags for " + values.size() + " values");
        }
        List<Flagged<T>> out = new ArrayList<>(values.size());
        for (int i = 0; i < flags.length; i++) out.add(new Flagged<>(flags[i], values.get(i)));
        return out;
    }

    /** The bit mask of head pointers {0, 3, 6} over n elements: {1,0,0,1,0,0,1,…}. */
    public static boolean[] flagsFromHeads(int[] heads, int n) {
        boolean[] flags = new boolean[n];
        int previous = -1;
        for (int h : heads) {
            if (h < 0 || h >= n) throw new IllegalArgumentException("head pointer " + h + " is outside 0.." + (n - 1));
            if (h <= previous) throw new IllegalArgumentException("head pointers must increase: " + previous + " then " + h);
            flags[h] = true;
            previous = h;
        }
        return flags;
    }

    /** The sequential segmented inclusive scan: the reference the networks are checked against. */
    public static <T> List<T> sequential(List<T> values, boolean[] flags, Monoid<T> monoid) {
        List<T> out = new ArrayList<>(values.size());
        T acc = monoid.identity();
        for (int i = 0; i < values.size(); i++) {
            acc = flags[i] || i == 0 ? values.get(i) : monoid.combine(acc, values.get(i));
            out.add(acc);
        }
        return out;
    }
}
