package org.entangle.oracle.space;

import org.entangle.network.Algebra;
import org.entangle.network.ResultKind;

/**
 * The symbolic values of the range semantics as 64-bit index masks, for the space engine's inner loops: a value is
 * the set of input indices it combines ({@link #DEAD} once a combination is invalid). For associative operators only a
 * lower range followed by the adjacent higher range combines; for commutative ones disjoint sets; idempotent ones
 * combine anything. Engine coordinates are always forward (backward specs are mirrored when networks are built).
 */
public final class ValueRules {

    /** The dead value: it never becomes alive again. No live value has bit 63 set. */
    public static final long DEAD = -1L;

    private ValueRules() {
    }

    /** The mask of the range {@code [lo, hi]}. */
    public static long rangeMask(int lo, int hi) {
        if (lo > hi) return 0L;
        long upto = hi == 63 ? -1L : (1L << (hi + 1)) - 1;
        return upto & ~((1L << lo) - 1);
    }

    /** {@code left + right}, where {@code left} comes from the lower wire. */
    public static long combine(Algebra algebra, long left, long right) {
        if (left == DEAD || right == DEAD) return DEAD;
        return switch (algebra) {
            case ASSOCIATIVE -> left != 0 && right != 0
                    && 63 - Long.numberOfLeadingZeros(left) + 1 == Long.numberOfTrailingZeros(right)
                    ? left | right : DEAD;
            case COMMUTATIVE -> (left & right) == 0 ? left | right : DEAD;
            case IDEMPOTENT -> left | right;
        };
    }

    /** The value wire {@code wire} must end with, forward, or {@code DEAD} when the wire is not constrained. */
    public static long target(ResultKind kind, int n, int wire) {
        return switch (kind) {
            case INCLUSIVE -> rangeMask(0, wire);
            case EXCLUSIVE -> rangeMask(0, wire - 1);
            case REDUCE -> wire == n - 1 ? rangeMask(0, n - 1) : DEAD;
        };
    }
}
