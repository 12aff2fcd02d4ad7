package org.entangle.lang;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.entangle.network.Op;
import org.entangle.network.ScanSpec;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.check.SymbolicValue;

/**
 * The tree-walking evaluator of one atomic piece of execution: a top-level instruction, or one SIMD lane of a
 * {@code parallel} block. In a lane every read sees the values from before the block, and writes to x and to
 * scalars defined before the block are buffered in {@link #lane} for {@link Machine} to combine across lanes;
 * a scalar first assigned inside the lane is lane-local.
 */
final class Execution {

    /** The buffered effects of one lane; the lists stay shared empty ones until the lane writes (most lanes never do). */
    static final class LaneEffects {
        List<Op> ops = List.of();
        List<XValue> written = List.of();
        List<Integer> assignedSlots = List.of();
        List<Integer> assignedValues = List.of();
        int[] sums;
        Token firstAssign;

        /** Whether the lane wrote nothing: no element, no scalar, no sum. */
        boolean isEmpty() {
            return ops.isEmpty() && assignedSlots.isEmpty() && sums == null;
        }

        void write(Op op, XValue value) {
            if (ops.isEmpty()) {
                ops = new ArrayList<>(1);
                written = new ArrayList<>(1);
            }
            ops.add(op);
            written.add(value);
        }

        void assign(int slot, int value) {
            if (assignedSlots.isEmpty()) {
                assignedSlots = new ArrayList<>(1);
                assignedValues = new ArrayList<>(1);
            }
            assignedSlots.add(slot);
            assignedValues.add(value);
        }
    }

    private final Machine machine;
    private final Replay replay;
    final int[] slots;
    SymbolicValue[] x;
    private boolean xShared;
    private final int[] preSlots;
    private final int maxFanout;
    private final int stepFanout;
    final LaneEffects lane;
    List<Op> topOps = List.of();
    private final ReadLog reads;

    /** A top-level execution: writes go straight to its own copies of the slots and of x. */
    Execution(Machine machine, Replay replay, int[] slots, SymbolicValue[] x, MachineState state) {
        this(machine, replay, slots, x, state, null, null, null);
    }

    /** A lane: {@code preSlots} and {@code x} are the values from before the block; {@code reads} records what it reads. */
    Execution(Machine machine, Replay replay, int[] slots, SymbolicValue[] x, MachineState state, int[] preSlots, LaneEffects lane,
              ReadLog reads) {
        this.machine = machine;
        this.replay = replay;
        this.slots = slots;
        this.x = x;
        this.xShared = true;
        this.maxFanout = state.maxFanout;
        this.stepFanout = state.stepFanout;
        this.preSlots = preSlots;
        this.lane = lane;
        this.reads = reads;
    }

    // ---- statements

    void execute(List<Stmt> statements) {
        for (int k = 0; k < statements.size(); k++) execute(statements.get(k));
    }

    void execute(Stmt statement) {
        if (statement instanceof Stmt.Assign a) {
            assign(a);
        } else if (statement instanceof Stmt.If i) {
            execute(condition(i.condition()) ? i.then() : i.otherwise());
        } else if (statement instanceof Stmt.For f) {
            laneLoop(f);
        } else if (statement instanceof Stmt.Parallel p) {
            throw new LangError(p.at(), "parallel blocks cannot nest");
        } else if (statement instanceof Stmt.Assert a) {
            if (!condition(a.condition())) throw new ExecutionFailure(a.at(), () -> "assertion failed: " + machine.sourceLine(a.at()), false);
        } else if (statement instanceof Stmt.Assume a) {
            if (!condition(a.condition())) throw new ExecutionFailure(a.at(), () -> "assumption is false", true);
        } else if (statement instanceof Stmt.AssertResult r) {
            assertResult(r);
        }
    }

    private void laneLoop(Stmt.For f) {
        int lo = integer(f.lo());
        int hi = integer(f.hi());
        if (lo <= hi) machine.limits().checkTrips(f.at(), (long) hi - lo + 1, "loop");
        for (long v = lo; v <= hi; v++) {
            slots[f.slot()] = (int) v;
            execute(f.body());
        }
        slots[f.slot()] = MachineState.UNDEFINED;
    }

    private void assign(Stmt.Assign a) {
        Object value = evaluate(a.value());
        if (a.index() != null) {
            assignElement(a, value);
            return;
        }
        if (!(value instanceof Integer v)) throw new LangError(a.value().at(), "a scalar holds an integer, not " + kind(value));
        int slot = a.slot();
        if (reads != null) reads.slots.set(slot);
        if (lane != null && preSlots[slot] != MachineState.UNDEFINED) {
            if (a.adds()) {
                if (lane.sums == null) lane.sums = new int[slots.length];
                lane.sums[slot] += v;
            } else {
                lane.assign(slot, v);
                if (lane.firstAssign == null) lane.firstAssign = a.at();
            }
            return;
        }
        if (a.adds()) {
            if (slots[slot] == MachineState.UNDEFINED) throw new LangError(a.at(), "'" + a.at().text() + "' is used before it is assigned");
            slots[slot] += v;
        } else {
            slots[slot] = v;
        }
    }

    private void assignElement(Stmt.Assign a, Object value) {
        if (!(value instanceof XValue v)) throw new LangError(a.value().at(), "x[...] holds an element value, not " + kind(value));
        if (a.adds()) throw new LangError(a.operator(), "write x[i] = x[j] + x[i] rather than x[i] += ...");
        int d = index(a.at(), a.index());
        Op op = opFor(a, d, v.left(), v.right());
        if (op == null) return;
        if (lane != null) {
            for (Op earlier : lane.ops) {
                if (earlier.dst() == d) throw new ExecutionFailure(a.at(), () -> "x[" + d + "] is written twice in one step");
            }
            lane.write(op, v);
            return;
        }
        if (xShared) {
            x = x.clone();
            xShared = false;
        }
        x[d] = v.value();
        if (topOps.isEmpty()) topOps = new ArrayList<>(1);
        topOps.add(op);
    }

    /**
     * The network op of {@code x[d] = v} for a value that read wires {@code left} and {@code right} (as in
     * {@link XValue}), null when it changes nothing ({@code x[d] = x[d]}), or an error when it is not one op.
     */
    static Op opFor(Stmt.Assign a, int d, int left, int right) {
        if (left >= 0 && right >= 0) {
            int other = left == d ? right : right == d ? left : -1;
            if (other < 0 || other == d) {
                throw new LangError(a.at(), "x[" + d + "] = x[" + left + "] + x[" + right
                        + "] is not one op: an op combines the written element with one other element");
            }
            return Op.combine(d, other);
        }
        if (left >= 0 && right == XValue.NONE) return left == d ? null : Op.copy(d, left);
        if (left == XValue.IDENTITY) return Op.identity(d);
        throw new LangError(a.value().at(), "x[i] can be assigned x[j] + x[i], x[i] + x[j], x[j] or identity() (one network op)");
    }

    private void assertResult(Stmt.AssertResult r) {
        ScanSpec spec = r.spec().withAlgebra(machine.algebra());
        SymbolicValue[] values = elements(r.at());
        int n = values.length;
        if (reads != null) reads.elements.set(0, n);
        for (int w = 0; w < n; w++) {
            if (spec.kind() == org.entangle.network.ResultKind.REDUCE && w != machine.reduceWire(spec, n)) continue;
            SymbolicValue expected = RangeChecker.expected(spec, n, w);
            if (!sameValue(expected, values[w])) {
                int wire = w;
                throw new ExecutionFailure(r.at(), () -> "assert " + spec + ": x[" + wire + "] is " + values[wire].describe()
                        + ", expected " + expected.describe(), false);
            }
        }
    }

    // ---- expressions

    boolean condition(Expr e) {
        Object v = evaluate(e);
        if (v instanceof Boolean b) return b;
        throw new LangError(e.at(), "a condition must be true or false, not " + kind(v));
    }

    int integer(Expr e) {
        if (e instanceof Expr.Binary b && b.integral()) return arithmetic(b);
        if (e instanceof Expr.Var v) return variableValue(v);
        if (e instanceof Expr.Num n) return n.value();
        Object v = evaluate(e);
        if (v instanceof Integer i) return i;
        throw new LangError(e.at(), "expected an integer, not " + kind(v));
    }

    Object evaluate(Expr e) {
        if (e instanceof Expr.Binary b) return binary(b);
        if (e instanceof Expr.Var v) return variable(v);
        if (e instanceof Expr.Num n) return n.value();
        if (e instanceof Expr.Element el) return element(el);
        if (e instanceof Expr.AngelBool a) return replay.choose(a, noteLoops(a.site()), slots, 0, 1) == 1;
        if (e instanceof Expr.AngelInt a) return replay.choose(a, noteLoops(a.site()), slots, integer(a.lo()), integer(a.hi()));
        if (e instanceof Expr.Unary u) return unary(u);
        if (e instanceof Expr.Bool b) return b.value();
        if (e instanceof Expr.Hole h) {
            throw new LangError(h.at(), "a sketch hole '??' cannot run: fill it with 'entangle synthesize'");
        }
        return call((Expr.Call) e);
    }

    private AngelSite noteLoops(AngelSite site) {
        if (reads != null) {
            for (int s : site.loopSlots()) reads.slots.set(s);
        }
        return site;
    }

    private Object variable(Expr.Var v) {
        return variableValue(v);
    }

    private int variableValue(Expr.Var v) {
        if (reads != null) reads.slots.set(v.slot());
        int value = slots[v.slot()];
        if (value == MachineState.UNDEFINED) throw new LangError(v.at(), "'" + v.at().text() + "' is used before it is assigned");
        return value;
    }

    private Object element(Expr.Element el) {
        int i = index(el.at(), el.index());
        if (reads != null) reads.elements.set(i);
        return new XValue(x[i], i, XValue.NONE);
    }

    private int index(Token array, Expr indexExpr) {
        SymbolicValue[] values = elements(array);
        int i = integer(indexExpr);
        if (i < 0 || i >= values.length) {
            int n = values.length;
            throw new ExecutionFailure(indexExpr.at(), () -> "index " + i + " is out of bounds 0.." + (n - 1));
        }
        return i;
    }

    private SymbolicValue[] elements(Token at) {
        if (x == null) throw new LangError(at, "x is used before N is assigned (x holds N symbolic inputs)");
        return x;
    }

    private Object unary(Expr.Unary u) {
        Object v = evaluate(u.operand());
        if (u.at().type() == TokenType.MINUS && v instanceof Integer i) return -i;
        if (u.at().type() == TokenType.BANG && v instanceof Boolean b) return !b;
        throw new LangError(u.at(), "'" + u.at().text() + "' does not apply to " + kind(v));
    }

    private Object binary(Expr.Binary b) {
        if (b.integral()) return arithmetic(b);
        TokenType op = b.at().type();
        if (op == TokenType.AND_AND) return condition(b.left()) && condition(b.right());
        if (op == TokenType.OR_OR) return condition(b.left()) || condition(b.right());
        if (Expr.Binary.integral(b.left()) && Expr.Binary.integral(b.right())) return apply(b, integer(b.left()), integer(b.right()));
        Object l = evaluate(b.left());
        Object r = evaluate(b.right());
        if (op == TokenType.EQUAL_EQUAL || op == TokenType.BANG_EQUAL) {
            if (l.getClass() != r.getClass()) throw new LangError(b.at(), "cannot compare " + kind(l) + " with " + kind(r));
            boolean same = l instanceof XValue xl ? sameValue(xl.value(), ((XValue) r).value()) : l.equals(r);
            return same == (op == TokenType.EQUAL_EQUAL);
        }
        if (op == TokenType.PLUS && l instanceof XValue xl && r instanceof XValue xr) return machine.plus(b.at(), xl, xr);
        if (!(l instanceof Integer a) || !(r instanceof Integer c)) {
            throw new LangError(b.at(), "'" + b.at().text() + "' does not apply to " + kind(l) + " and " + kind(r));
        }
        return apply(b, a, c);
    }

    /** An integral operation: both operands are ints, so neither is boxed (the same values and errors as {@link #binary}). */
    private int arithmetic(Expr.Binary b) {
        return operate(b, integer(b.left()), integer(b.right()));
    }

    /** A comparison or an arithmetic operator on two ints. */
    private static Object apply(Expr.Binary b, int a, int c) {
        return switch (b.at().type()) {
            case EQUAL_EQUAL -> a == c;
            case BANG_EQUAL -> a != c;
            case LESS -> a < c;
            case LESS_EQUAL -> a <= c;
            case GREATER -> a > c;
            case GREATER_EQUAL -> a >= c;
            default -> operate(b, a, c);
        };
    }

    private static int operate(Expr.Binary b, int a, int c) {
        return switch (b.at().type()) {
            case PLUS -> a + c;
            case MINUS -> a - c;
            case STAR -> a * c;
            case SLASH -> divide(b, a, c, true);
            case PERCENT -> divide(b, a, c, false);
            case SHIFT_LEFT -> a << c;
            case SHIFT_RIGHT -> a >> c;
            default -> throw new LangError(b.at(), "unexpected operator '" + b.at().text() + "'");
        };
    }

    private static int divide(Expr.Binary b, int a, int c, boolean quotient) {
        if (c == 0) throw new LangError(b.at(), "division by zero");
        return quotient ? a / c : a % c;
    }

    private Object call(Expr.Call c) {
        return switch (c.at().text()) {
            case "log2" -> {
                int v = integer(c.args().get(0));
                if (v < 1) throw new LangError(c.at(), "log2 of " + v + " is undefined");
                yield 31 - Integer.numberOfLeadingZeros(v);
            }
            case "log" -> logarithm(c, integer(c.args().get(0)), integer(c.args().get(1)));
            case "range" -> {
                int lo = integer(c.args().get(0));
                int hi = integer(c.args().get(1));
                if (hi >= machine.limits().maxWidth()) {
                    throw new LangError(c.at(), "range(" + lo + ", " + hi + ") reaches past the largest width " + machine.limits().maxWidth()
                            + " (raise it with --max-width)");
                }
                yield new XValue(machine.range(lo, hi), XValue.CONSTANT, XValue.NONE);
            }
            case "identity" -> new XValue(SymbolicValue.EMPTY, XValue.IDENTITY, XValue.NONE);
            case "fanout" -> {
                if (reads != null) reads.fanout = true;
                yield maxFanout;
            }
            case "stepfanout" -> {
                if (reads != null) reads.fanout = true;
                yield stepFanout;
            }
            default -> throw new LangError(c.at(), "unknown function '" + c.at().text() + "'");
        };
    }

    /**
     * {@code log(b, e)}: the floor of the base-b logarithm of e, the largest L with b^L ≤ e (b ≥ 2, e ≥ 1), so
     * {@code log(2, e)} is {@code log2(e)}; a {@link LangError} at the call otherwise.
     */
    static int logarithm(Expr.Call c, int base, int value) {
        if (base < 2) throw new LangError(c.at(), "log needs a base of at least 2, got " + base);
        if (value < 1) throw new LangError(c.at(), "log of " + value + " is undefined");
        return Builtins.floorLog(base, value);
    }

    /** Equality of symbolic values, ranges and index sets compared by content. */
    static boolean sameValue(SymbolicValue a, SymbolicValue b) {
        if (a.equals(b)) return true;
        if (a instanceof SymbolicValue.Range && b instanceof SymbolicValue.Range) return false;
        return bits(a).equals(bits(b));
    }

    private static BitSet bits(SymbolicValue v) {
        if (v instanceof SymbolicValue.Indices i) return i.set();
        BitSet b = new BitSet();
        if (v instanceof SymbolicValue.Range r) b.set(r.lo(), r.hi() + 1);
        return b;
    }

    private static String kind(Object v) {
        return v instanceof Integer ? "an integer" : v instanceof Boolean ? "a boolean" : "an x element";
    }
}
