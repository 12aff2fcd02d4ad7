package org.entangle.lang;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds an <em>accumulator</em>: a scalar such as the talk's {@code ops} that the program only resets to a
 * literal at the top level, increases with {@code +=}, and reads only in top-level assertions of the form
 * {@code assert acc <= e} or {@code assert acc < e} (with no accumulator and no angel in {@code e}). Control
 * never depends on such a scalar, so a count can be memoised on the state without it, keeping as the value how
 * many continuations tolerate each amount of already-used budget (see {@code org.entangle.oracle.AccumulatorCounter}).
 */
final class Accumulators {

    private final Set<Integer> disqualified = new HashSet<>();
    private final Set<Integer> changed = new HashSet<>();
    private boolean angelInBound;

    private Accumulators() {
    }

    /** The slot of the first accumulator of {@code program} that is not a parameter (nor N, which sizes x), or −1. */
    static int find(Program program, Set<Integer> parameterSlots) {
        Accumulators a = new Accumulators();
        a.statements(program.statements(), false);
        if (a.angelInBound) return -1;
        a.disqualified.add(program.slotOf("N"));
        for (int slot = 0; slot < program.slotNames().size(); slot++) {
            if (a.changed.contains(slot) && !a.disqualified.contains(slot) && !parameterSlots.contains(slot)) return slot;
        }
        return -1;
    }

    /** The bound of {@code assert acc <= e} / {@code assert acc < e} on {@code slot}, as its expression, or null. */
    static Expr.Binary boundCheck(Stmt s, int slot) {
        if (s instanceof Stmt.Assert a && a.condition() instanceof Expr.Binary b && b.left() instanceof Expr.Var v
                && v.slot() == slot && (b.at().type() == TokenType.LESS_EQUAL || b.at().type() == TokenType.LESS)) {
            return b;
        }
        return null;
    }

    private void statements(List<Stmt> list, boolean inLane) {
        for (Stmt s : list) statement(s, inLane);
    }

    private void statement(Stmt s, boolean inLane) {
        if (s instanceof Stmt.Assign a) {
            if (a.index() != null) {
                expression(a.index(), false);
            } else {
                changed.add(a.slot());
                if (!a.adds() && (inLane || !(a.value() instanceof Expr.Num))) disqualified.add(a.slot());
            }
            expression(a.value(), false);
        } else if (s instanceof Stmt.If i) {
            expression(i.condition(), false);
            statements(i.then(), inLane);
            statements(i.otherwise(), inLane);
        } else if (s instanceof Stmt.For f) {
            disqualified.add(f.slot());
            expression(f.lo(), false);
            expression(f.hi(), false);
            statements(f.body(), inLane);
        } else if (s instanceof Stmt.Parallel p) {
            disqualified.add(p.slot());
            expression(p.lo(), false);
            expression(p.hi(), false);
            statements(p.body(), true);
        } else if (s instanceof Stmt.Assert a) {
            if (!inLane && a.condition() instanceof Expr.Binary b && b.left() instanceof Expr.Var
                    && boundCheck(s, ((Expr.Var) b.left()).slot()) != null) {
                expression(b.right(), true);
            } else {
                expression(a.condition(), false);
            }
        } else if (s instanceof Stmt.Assume a) {
            expression(a.condition(), false);
        }
    }

    /** Every scalar read here may not be an accumulator; an angel in a bound rules accumulators out. */
    private void expression(Expr e, boolean bound) {
        if (e instanceof Expr.Var v) {
            disqualified.add(v.slot());
        } else if (e instanceof Expr.Element el) {
            expression(el.index(), bound);
        } else if (e instanceof Expr.Unary u) {
            expression(u.operand(), bound);
        } else if (e instanceof Expr.Binary b) {
            expression(b.left(), bound);
            expression(b.right(), bound);
        } else if (e instanceof Expr.AngelBool) {
            angelInBound |= bound;
        } else if (e instanceof Expr.AngelInt a) {
            angelInBound |= bound;
            expression(a.lo(), bound);
            expression(a.hi(), bound);
        } else if (e instanceof Expr.Call c) {
            for (Expr arg : c.args()) expression(arg, bound);
        }
    }
}
