package org.entangle.oracle;

import java.util.Arrays;
import org.entangle.lang.LaneProfiles;

/**
 * A histogram of the continuations from a state by their <em>slack</em>: the largest value the accumulator
 * may already have for the continuation to pass every later bound check (+∞ when none applies). The number of
 * safe continuations when the accumulator holds v is the number with slack ≥ v. Counts are longs; a sum that
 * overflows throws {@link ArithmeticException} and the counter falls back to exact big integers.
 */
final class Slack {

    /** Widest histogram kept before falling back (bounds far apart would make it sparse). */
    static final int MAX_SPAN = 1 << 16;

    static final Slack ONE = new Slack(0, new long[0], 1);
    static final Slack NONE = new Slack(0, new long[0], 0);

    /** Slack counts as {@link LaneProfiles} combines them. */
    static final LaneProfiles.Counts<Slack> COUNTS = new LaneProfiles.Counts<>() {
        @Override
        public Slack empty() {
            return NONE;
        }

        @Override
        public Slack plus(Slack a, Slack b) {
            Builder builder = new Builder();
            builder.addRaised(a, 0);
            builder.addRaised(b, 0);
            return builder.build();
        }

        @Override
        public Slack raised(Slack v, int raise) {
            if (raise < 0) throw new ArithmeticException("the accumulator decreased");
            Builder builder = new Builder();
            builder.addRaised(v, raise);
            return builder.build();
        }
    };

    private final int lo;
    private final long[] counts;
    private final long infinite;

    private Slack(int lo, long[] counts, long infinite) {
        this.lo = lo;
        this.counts = counts;
        this.infinite = infinite;
    }

    /** The number of continuations with slack ≥ {@code v}. */
    long atLeast(int v) {
        long sum = infinite;
        long from = Math.max(0L, (long) v - lo);
        for (long i = from; i < counts.length; i++) sum = Math.addExact(sum, counts[(int) i]);
        return sum;
    }

    /** Same histogram: same counts from the same lowest slack, same unlimited count ({@link LaneProfiles}' memo shares them). */
    @Override
    public boolean equals(Object o) {
        return o instanceof Slack s && lo == s.lo && infinite == s.infinite && Arrays.equals(counts, s.counts);
    }

    @Override
    public int hashCode() {
        return (31 * lo + Long.hashCode(infinite)) * 31 + Arrays.hashCode(counts);
    }

    /** Accumulates histograms shifted and clamped. */
    static final class Builder {
        private int lo;
        private long[] counts = new long[0];
        private long infinite;

        /** Adds {@code s} for a step that raises the accumulator by {@code raise}: every slack drops by it. */
        void addRaised(Slack s, int raise) {
            infinite = Math.addExact(infinite, s.infinite);
            for (int i = 0; i < s.counts.length; i++) {
                if (s.counts[i] != 0) add((long) s.lo + i - raise, s.counts[i]);
            }
        }

        /** Adds {@code s} seen through a bound check: every slack above {@code bound} (and +∞) becomes {@code bound}. */
        void addClamped(Slack s, int bound) {
            long top = s.infinite;
            for (int i = 0; i < s.counts.length; i++) {
                if (s.counts[i] == 0) continue;
                long key = (long) s.lo + i;
                if (key >= bound) top = Math.addExact(top, s.counts[i]);
                else add(key, s.counts[i]);
            }
            if (top != 0) add(bound, top);
        }

        /** Adds {@code count} continuations with unlimited slack (after a reset). */
        void addInfinite(long count) {
            infinite = Math.addExact(infinite, count);
        }

        private void add(long key, long count) {
            if (key < Integer.MIN_VALUE / 2 || key > Integer.MAX_VALUE / 2) throw new ArithmeticException("slack out of range");
            int k = (int) key;
            if (counts.length == 0) {
                lo = k;
                counts = new long[1];
            } else if (k < lo) {
                grow(lo - k, 0);
                lo = k;
            } else if (k >= lo + counts.length) {
                grow(0, k - lo - counts.length + 1);
            }
            counts[k - lo] = Math.addExact(counts[k - lo], count);
        }

        private void grow(int before, int after) {
            if ((long) counts.length + before + after > MAX_SPAN) throw new ArithmeticException("slack histogram too wide");
            long[] bigger = new long[counts.length + before + after];
            System.arraycopy(counts, 0, bigger, before, counts.length);
            counts = bigger;
        }

        Slack build() {
            int first = 0;
            int last = counts.length;
            while (first < last && counts[first] == 0) first++;
            while (last > first && counts[last - 1] == 0) last--;
            if (first == last) return new Slack(0, new long[0], infinite);
            return new Slack(lo + first, Arrays.copyOfRange(counts, first, last), infinite);
        }
    }
}
