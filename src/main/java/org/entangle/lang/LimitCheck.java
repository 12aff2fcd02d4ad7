package org.entangle.lang;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@link RunLimits} a program can be checked against before it runs, so that an editor lists the problem
 * while the program is being written: N given as a parameter or assigned a constant at the top level (width and
 * memory), a {@code for} loop or {@code parallel} block whose bounds are constants (trip count), and nested loops
 * whose constant trip counts multiply past the step limit (every trip runs at least one instruction). A value is
 * a constant where it follows from literals, parameters and top-level scalars assigned constants, and stops being
 * one wherever a loop or branch may assign it.
 */
final class LimitCheck {

    private final RunLimits limits;
    private final int nSlot;
    private final Map<Integer, Integer> known = new HashMap<>();

    private LimitCheck(RunLimits limits, int nSlot) {
        this.limits = limits;
        this.nSlot = nSlot;
    }

    /**
     * Checks {@code program} with the given parameters (their slots are skipped at the top level, as
     * {@link Compiler} skips them); a {@link LangError} at the first statement past a limit.
     */
    static void check(Program program, Map<String, Integer> parameters, RunLimits limits) {
        LimitCheck c = new LimitCheck(limits, program.slotOf("N"));
        Set<Integer> parameterSlots = new HashSet<>();
        for (Map.Entry<String, Integer> p : parameters.entrySet()) {
            int slot = program.slotOf(p.getKey());
            if (slot < 0) continue;
            parameterSlots.add(slot);
            c.known.put(slot, p.getValue());
            if (slot == c.nSlot) limits.checkWidth(program.firstUse().getOrDefault("N", new Token(TokenType.IDENTIFIER, "N", 0, 1, 1)), p.getValue());
        }
        for (Stmt s : program.statements()) {
            if (s instanceof Stmt.Assign a && a.index() == null && parameterSlots.contains(a.slot())) continue;
            c.statement(s, 1);
        }
    }

    private void statements(List<Stmt> list, long runs) {
        for (Stmt s : list) statement(s, runs);
    }

    /** Checks {@code s}, which runs {@code runs} times as far as the constant loops around it tell. */
    private void statement(Stmt s, long runs) {
        if (s instanceof Stmt.Assign a && a.index() == null) {
            Integer value = value(a.value());
            Integer before = known.get(a.slot());
            Integer after = !a.adds() ? value : value == null || before == null ? null : before + value;
            if (after == null) {
                known.remove(a.slot());
            } else {
                known.put(a.slot(), after);
                if (a.slot() == nSlot) limits.checkWidth(a.at(), after);
            }
        } else if (s instanceof Stmt.For f) {
            long trips = trips(f.lo(), f.hi());
            Set<Integer> assigned = assignedIn(f.body());
            assigned.add(f.slot());
            known.keySet().removeAll(assigned);
            if (trips >= 0) {
                limits.checkTrips(f.at(), trips, "loop");
                long total = trips == 0 ? 0 : runs > Long.MAX_VALUE / trips ? Long.MAX_VALUE : runs * trips;
                limits.checkSteps(f.at(), total);
                if (trips > 0) statements(f.body(), total);
            } else {
                statements(f.body(), runs);
            }
            known.keySet().removeAll(assigned);
        } else if (s instanceof Stmt.Parallel p) {
            long lanes = trips(p.lo(), p.hi());
            if (lanes >= 0) limits.checkTrips(p.at(), lanes, "parallel block");
            known.keySet().removeAll(assignedIn(p.body()));
        } else if (s instanceof Stmt.If i) {
            Set<Integer> assigned = assignedIn(i.then());
            assigned.addAll(assignedIn(i.otherwise()));
            known.keySet().removeAll(assigned);
            statements(i.then(), runs);
            known.keySet().removeAll(assigned);
            statements(i.otherwise(), runs);
            known.keySet().removeAll(assigned);
        }
    }

    /** hi − lo + 1 (at least 0) for constant bounds, −1 when either is not a constant. */
    private long trips(Expr lo, Expr hi) {
        Integer l = value(lo);
        Integer h = value(hi);
        return l == null || h == null ? -1 : Math.max(0, (long) h - l + 1);
    }

    /** The slots assigned anywhere in {@code body}, loop variables included. */
    private static Set<Integer> assignedIn(List<Stmt> body) {
        Set<Integer> out = new HashSet<>();
        for (Stmt s : body) {
            if (s instanceof Stmt.Assign a && a.index() == null) out.add(a.slot());
            if (s instanceof Stmt.For f) {
                out.add(f.slot());
                out.addAll(assignedIn(f.body()));
            }
            if (s instanceof Stmt.Parallel p) out.addAll(assignedIn(p.body()));
            if (s instanceof Stmt.If i) {
                out.addAll(assignedIn(i.then()));
                out.addAll(assignedIn(i.otherwise()));
            }
        }
        return out;
    }

    /** The value of an integer expression of constants, or null (not a constant, or an error the run will report). */
    private Integer value(Expr e) {
        if (e instanceof Expr.Num n) return n.value();
        if (e instanceof Expr.Var v) return known.get(v.slot());
        if (e instanceof Expr.Unary u && u.at().type() == TokenType.MINUS) {
            Integer a = value(u.operand());
            return a == null ? null : -a;
        }
        if (e instanceof Expr.Call c && (c.at().text().equals("log2") || c.at().text().equals("log"))) {
            boolean two = c.at().text().equals("log2");
            Integer base = two ? Integer.valueOf(2) : value(c.args().get(0));
            Integer a = value(c.args().get(two ? 0 : 1));
            return base == null || a == null || base < 2 || a < 1 ? null : Builtins.floorLog(base, a);
        }
        if (!(e instanceof Expr.Binary b) || !Expr.Binary.arithmetic(b.at().type())) return null;
        Integer l = value(b.left());
        Integer r = value(b.right());
        if (l == null || r == null) return null;
        return switch (b.at().type()) {
            case PLUS -> l + r;
            case MINUS -> l - r;
            case STAR -> l * r;
            case SLASH -> r == 0 ? null : l / r;
            case PERCENT -> r == 0 ? null : l % r;
            case SHIFT_LEFT -> l << r;
            case SHIFT_RIGHT -> l >> r;
            default -> null;
        };
    }
}
