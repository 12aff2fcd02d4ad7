package org.entangle.lang;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Integer expressions and conditions evaluated for every lane of a {@code parallel} block at once, as vectors with
 * an entry per lane (position k is lane {@code firstLane + k}): one short loop per operator instead of a tree walk
 * per lane. It evaluates the pure part of the language (literals, scalars, the lane variable, arithmetic,
 * {@code log2}, comparisons, {@code !}, {@code &&}, {@code ||}) with {@link Execution}'s values, but eagerly, every
 * operand for every lane; where that could differ from a lane-by-lane run it stops — {@link GiveUp} for
 * {@code log2} of a number below 1 or a scalar not yet assigned, Java's {@link ArithmeticException} for a division
 * by zero — and leaves the decision to {@link Execution}. Vectors come from a pool and go back to it with {@code release}, so a run allocates almost
 * nothing per block.
 */
final class LaneVectors {

    /** This block cannot be decided here; carries no stack trace. */
    static final class GiveUp extends RuntimeException {
        private GiveUp() {
            super(null, null, false, false);
        }
    }

    static final GiveUp GIVE_UP = new GiveUp();

    private final ArrayDeque<int[]> freeInts = new ArrayDeque<>();
    private final ArrayDeque<boolean[]> freeBools = new ArrayDeque<>();
    private int[] slots;
    private int laneSlot;
    private int firstLane;
    private int count;

    /** Starts a block: the scalars before it, the lane variable's slot and the lanes {@code firstLane..firstLane+count-1}. */
    void reset(int[] slots, int laneSlot, int firstLane, int count) {
        this.slots = slots;
        this.laneSlot = laneSlot;
        this.firstLane = firstLane;
        this.count = count;
    }

    int count() {
        return count;
    }

    /** Whether {@code e} is an integer expression this class evaluates. */
    static boolean isInteger(Expr e) {
        if (e instanceof Expr.Num || e instanceof Expr.Var) return true;
        if (e instanceof Expr.Binary b) return Expr.Binary.arithmetic(b.at().type()) && isInteger(b.left()) && isInteger(b.right());
        if (e instanceof Expr.Unary u) return u.at().type() == TokenType.MINUS && isInteger(u.operand());
        return e instanceof Expr.Call c && c.at().text().equals("log2") && c.args().size() == 1 && isInteger(c.args().get(0));
    }

    /** Whether {@code e} is a condition this class evaluates. */
    static boolean isCondition(Expr e) {
        if (e instanceof Expr.Bool) return true;
        if (e instanceof Expr.Unary u) return u.at().type() == TokenType.BANG && isCondition(u.operand());
        if (!(e instanceof Expr.Binary b)) return false;
        TokenType op = b.at().type();
        if (op == TokenType.AND_AND || op == TokenType.OR_OR) return isCondition(b.left()) && isCondition(b.right());
        return comparison(op) && isInteger(b.left()) && isInteger(b.right());
    }

    private static boolean comparison(TokenType t) {
        return switch (t) {
            case EQUAL_EQUAL, BANG_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL -> true;
            default -> false;
        };
    }

    /** A vector of at least {@link #count()} ints with unspecified contents; give it back with {@link #release(int[])}. */
    int[] ints() {
        int[] v = freeInts.poll();
        return v != null && v.length >= count ? v : new int[count];
    }

    /**
     * Splits the lanes at {@code active[0..size-1]} by {@code holds}: those where it holds into {@code then}, the
     * others into {@code otherwise}, each in the order given; returns how many went to {@code then}.
     */
    static int split(boolean[] holds, int[] active, int size, int[] then, int[] otherwise) {
        int t = 0;
        int o = 0;
        for (int a = 0; a < size; a++) {
            int k = active[a];
            if (holds[k]) then[t++] = k;
            else otherwise[o++] = k;
        }
        return t;
    }

    /** The positions of all lanes, 0..count-1, in a pooled vector. */
    int[] positions() {
        int[] v = ints();
        for (int k = 0; k < count; k++) v[k] = k;
        return v;
    }

    void release(int[] v) {
        freeInts.push(v);
    }

    private boolean[] bools() {
        boolean[] v = freeBools.poll();
        return v != null && v.length >= count ? v : new boolean[count];
    }

    void release(boolean[] v) {
        freeBools.push(v);
    }

    /** The value of a condition ({@link #isCondition}) in every lane. */
    boolean[] condition(Expr e) {
        if (e instanceof Expr.Bool b) {
            boolean[] out = bools();
            Arrays.fill(out, 0, count, b.value());
            return out;
        }
        if (e instanceof Expr.Unary u) {
            boolean[] v = condition(u.operand());
            for (int k = 0; k < count; k++) v[k] = !v[k];
            return v;
        }
        Expr.Binary b = (Expr.Binary) e;
        TokenType op = b.at().type();
        if (op == TokenType.AND_AND || op == TokenType.OR_OR) {
            boolean[] l = condition(b.left());
            boolean[] r = condition(b.right());
            if (op == TokenType.AND_AND) {
                for (int k = 0; k < count; k++) l[k] &= r[k];
            } else {
                for (int k = 0; k < count; k++) l[k] |= r[k];
            }
            release(r);
            return l;
        }
        int[] l = integers(b.left());
        int[] r = integers(b.right());
        boolean[] out = bools();
        Comparison.of(op).apply(l, r, out, count);
        release(l);
        release(r);
        return out;
    }

    /** The value of an integer expression ({@link #isInteger}) in every lane. */
    int[] integers(Expr e) {
        if (e instanceof Expr.Num n) {
            int[] out = ints();
            Arrays.fill(out, 0, count, n.value());
            return out;
        }
        if (e instanceof Expr.Var v) return variable(v);
        if (e instanceof Expr.Unary u) {
            int[] v = integers(u.operand());
            for (int k = 0; k < count; k++) v[k] = -v[k];
            return v;
        }
        if (e instanceof Expr.Call c) {
            int[] v = integers(c.args().get(0));
            for (int k = 0; k < count; k++) {
                if (v[k] < 1) throw GIVE_UP;
                v[k] = 31 - Integer.numberOfLeadingZeros(v[k]);
            }
            return v;
        }
        Expr.Binary b = (Expr.Binary) e;
        int[] l = integers(b.left());
        int[] r = integers(b.right());
        Arithmetic.of(b.at().type()).apply(l, r, count);
        release(r);
        return l;
    }

    private int[] variable(Expr.Var v) {
        int[] out = ints();
        if (v.slot() == laneSlot) {
            for (int k = 0; k < count; k++) out[k] = firstLane + k;
            return out;
        }
        int value = slots[v.slot()];
        if (value == MachineState.UNDEFINED) throw GIVE_UP;
        Arrays.fill(out, 0, count, value);
        return out;
    }

    /**
     * The comparisons, one loop each: an operator's loop is compiled once, on its own, rather than inlined into
     * every evaluation that might reach it.
     */
    private enum Comparison {
        EQUAL { void apply(int[] l, int[] r, boolean[] out, int n) { for (int k = 0; k < n; k++) out[k] = l[k] == r[k]; } },
        NOT_EQUAL { void apply(int[] l, int[] r, boolean[] out, int n) { for (int k = 0; k < n; k++) out[k] = l[k] != r[k]; } },
        LESS { void apply(int[] l, int[] r, boolean[] out, int n) { for (int k = 0; k < n; k++) out[k] = l[k] < r[k]; } },
        LESS_EQUAL { void apply(int[] l, int[] r, boolean[] out, int n) { for (int k = 0; k < n; k++) out[k] = l[k] <= r[k]; } },
        GREATER { void apply(int[] l, int[] r, boolean[] out, int n) { for (int k = 0; k < n; k++) out[k] = l[k] > r[k]; } },
        GREATER_EQUAL { void apply(int[] l, int[] r, boolean[] out, int n) { for (int k = 0; k < n; k++) out[k] = l[k] >= r[k]; } };

        abstract void apply(int[] l, int[] r, boolean[] out, int n);

        static Comparison of(TokenType t) {
            return switch (t) {
                case EQUAL_EQUAL -> EQUAL;
                case BANG_EQUAL -> NOT_EQUAL;
                case LESS -> LESS;
                case LESS_EQUAL -> LESS_EQUAL;
                case GREATER -> GREATER;
                default -> GREATER_EQUAL;
            };
        }
    }

    /** The arithmetic operators, {@code l = l op r}, one loop each; a division by zero gives up (Java's ArithmeticException). */
    private enum Arithmetic {
        PLUS { void apply(int[] l, int[] r, int n) { for (int k = 0; k < n; k++) l[k] += r[k]; } },
        MINUS { void apply(int[] l, int[] r, int n) { for (int k = 0; k < n; k++) l[k] -= r[k]; } },
        TIMES { void apply(int[] l, int[] r, int n) { for (int k = 0; k < n; k++) l[k] *= r[k]; } },
        DIVIDE { void apply(int[] l, int[] r, int n) { for (int k = 0; k < n; k++) l[k] /= r[k]; } },
        REMAINDER { void apply(int[] l, int[] r, int n) { for (int k = 0; k < n; k++) l[k] %= r[k]; } },
        SHIFT_LEFT { void apply(int[] l, int[] r, int n) { for (int k = 0; k < n; k++) l[k] <<= r[k]; } },
        SHIFT_RIGHT { void apply(int[] l, int[] r, int n) { for (int k = 0; k < n; k++) l[k] >>= r[k]; } };

        abstract void apply(int[] l, int[] r, int n);

        static Arithmetic of(TokenType t) {
            return switch (t) {
                case PLUS -> PLUS;
                case MINUS -> MINUS;
                case STAR -> TIMES;
                case SLASH -> DIVIDE;
                case PERCENT -> REMAINDER;
                case SHIFT_LEFT -> SHIFT_LEFT;
                default -> SHIFT_RIGHT;
            };
        }
    }
}
