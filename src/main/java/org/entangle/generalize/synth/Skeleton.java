package org.entangle.generalize.synth;

import java.util.ArrayList;
import java.util.List;
import org.entangle.lang.Builtins;
import org.entangle.lang.Expr;
import org.entangle.lang.MachineState;
import org.entangle.lang.Program;
import org.entangle.lang.Stmt;
import org.entangle.lang.TokenType;

/**
 * The control skeleton of a sketch (the talk's "From BK instance to BK code"): its scalar statements and loops
 * run at a given N with every hole abstracted, recording for each execution of a parallel block the lane
 * environments (all scalar slots, the lane variable set) in which its holes are evaluated. A block must be
 * {@code if (C) { x[D] = x[A] + x[B] }} or {@code x[D] = x[A] + x[B]}, and a hole must be a whole C, D, A or B.
 */
public final class Skeleton {

    /** A parallel block of the sketch: its condition (null for none) and the three index expressions. */
    public record Site(Stmt.Parallel parallel, Expr condition, Expr destination, Expr left, Expr right) {
    }

    /** One execution of a site: the slot values of each lane. */
    public record BlockRun(int site, List<int[]> lanes) {
    }

    private final Program program;
    private final List<Site> sites = new ArrayList<>();
    private final int nSlot;

    public Skeleton(Program program) {
        this.program = program;
        this.nSlot = program.slotOf("N");
        for (Stmt s : program.statements()) check(s);
    }

    public List<Site> sites() {
        return sites;
    }

    /** The block executions at {@code n}, in program order. */
    public List<BlockRun> run(int n) {
        int[] slots = new int[program.slotNames().size()];
        java.util.Arrays.fill(slots, MachineState.UNDEFINED);
        if (nSlot >= 0) slots[nSlot] = n;
        List<BlockRun> runs = new ArrayList<>();
        execute(program.statements(), slots, runs);
        return runs;
    }

    private void execute(List<Stmt> statements, int[] slots, List<BlockRun> runs) {
        for (Stmt s : statements) {
            if (s instanceof Stmt.Assign a) {
                if (a.slot() != nSlot) slots[a.slot()] = (a.adds() ? slots[a.slot()] : 0) + value(a.value(), slots);
            } else if (s instanceof Stmt.For f) {
                int lo = value(f.lo(), slots);
                int hi = value(f.hi(), slots);
                for (int v = lo; v <= hi; v++) {
                    slots[f.slot()] = v;
                    execute(f.body(), slots, runs);
                }
                slots[f.slot()] = MachineState.UNDEFINED;
            } else if (s instanceof Stmt.If i) {
                execute(value(i.condition(), slots) != 0 ? i.then() : i.otherwise(), slots, runs);
            } else if (s instanceof Stmt.Parallel p) {
                int lo = value(p.lo(), slots);
                int hi = value(p.hi(), slots);
                List<int[]> lanes = new ArrayList<>();
                for (int v = lo; v <= hi; v++) {
                    int[] lane = slots.clone();
                    lane[p.slot()] = v;
                    lanes.add(lane);
                }
                runs.add(new BlockRun(siteOf(p), lanes));
            }
        }
    }

    private int siteOf(Stmt.Parallel p) {
        for (int k = 0; k < sites.size(); k++) if (sites.get(k).parallel() == p) return k;
        throw new IllegalStateException("unregistered block");
    }

    private void check(Stmt s) {
        if (s instanceof Stmt.Parallel p) {
            sites.add(site(p));
            noHole(p.lo());
            noHole(p.hi());
        } else if (s instanceof Stmt.For f) {
            noHole(f.lo());
            noHole(f.hi());
            for (Stmt b : f.body()) check(b);
        } else if (s instanceof Stmt.If i) {
            noHole(i.condition());
            for (Stmt b : i.then()) check(b);
            for (Stmt b : i.otherwise()) check(b);
        } else if (s instanceof Stmt.Assign a) {
            noHole(a.value());
        } else if (s instanceof Stmt.Assert a) {
            noHole(a.condition());
        } else if (s instanceof Stmt.Assume a) {
            noHole(a.condition());
        }
    }

    private Site site(Stmt.Parallel p) {
        Expr condition = null;
        Stmt body = p.body().size() == 1 ? p.body().get(0) : null;
        if (body instanceof Stmt.If i && i.otherwise().isEmpty() && i.then().size() == 1) {
            condition = i.condition();
            body = i.then().get(0);
        }
        if (body instanceof Stmt.Assign a && a.index() != null && !a.adds() && a.value() instanceof Expr.Binary b
                && b.at().type() == TokenType.PLUS && b.left() instanceof Expr.Element l && b.right() instanceof Expr.Element r) {
            for (Expr e : new Expr[] {condition, a.index(), l.index(), r.index()}) {
                if (e != null && !(e instanceof Expr.Hole)) noHole(e);
            }
            return new Site(p, condition, a.index(), l.index(), r.index());
        }
        throw new SketchError(p.at().position() + ": a sketch block must be 'parallel v in lo .. hi { if (C) { x[D] = x[A] + x[B] } }'"
                + " (or without the if)");
    }

    private static void noHole(Expr e) {
        Expr.Hole h = findHole(e);
        if (h != null) {
            throw new SketchError(h.at().position() + ": a hole here cannot be filled: a hole must be a whole block condition"
                    + " or a whole index of x[D] = x[A] + x[B]");
        }
    }

    private static Expr.Hole findHole(Expr e) {
        if (e instanceof Expr.Hole h) return h;
        if (e instanceof Expr.Binary b) {
            Expr.Hole h = findHole(b.left());
            return h != null ? h : findHole(b.right());
        }
        if (e instanceof Expr.Unary u) return findHole(u.operand());
        if (e instanceof Expr.Element el) return findHole(el.index());
        if (e instanceof Expr.Call c) {
            for (Expr a : c.args()) {
                Expr.Hole h = findHole(a);
                if (h != null) return h;
            }
        }
        return null;
    }

    /** An integer (booleans as 1 and 0) expression of the skeleton at {@code slots}; {@link TermEnumerator#ERROR} on failure. */
    static int value(Expr e, int[] slots) {
        if (e instanceof Expr.Num n) return n.value();
        if (e instanceof Expr.Bool b) return b.value() ? 1 : 0;
        if (e instanceof Expr.Var v) {
            if (slots[v.slot()] == MachineState.UNDEFINED) throw new SketchError(v.at().position() + ": '" + v.at().text() + "' has no value here");
            return slots[v.slot()];
        }
        if (e instanceof Expr.Unary u) {
            int a = value(u.operand(), slots);
            return u.at().type() == TokenType.MINUS ? -a : a == 0 ? 1 : 0;
        }
        if (e instanceof Expr.Call c && c.at().text().equals("log2")) {
            int a = value(c.args().get(0), slots);
            if (a < 1) throw new SketchError(c.at().position() + ": log2 of " + a + " is undefined");
            return 31 - Integer.numberOfLeadingZeros(a);
        }
        if (e instanceof Expr.Call c && c.at().text().equals("log")) {
            int base = value(c.args().get(0), slots);
            int a = value(c.args().get(1), slots);
            if (base < 2 || a < 1) throw new SketchError(c.at().position() + ": log(" + base + ", " + a + ") is undefined");
            return Builtins.floorLog(base, a);
        }
        if (e instanceof Expr.Binary b) return binary(b, slots);
        throw new SketchError(e.at().position() + ": '" + e.at().text() + "' cannot be evaluated in a sketch's control skeleton");
    }

    private static int binary(Expr.Binary b, int[] slots) {
        TokenType op = b.at().type();
        if (op == TokenType.AND_AND) return value(b.left(), slots) != 0 && value(b.right(), slots) != 0 ? 1 : 0;
        if (op == TokenType.OR_OR) return value(b.left(), slots) != 0 || value(b.right(), slots) != 0 ? 1 : 0;
        int x = value(b.left(), slots);
        int y = value(b.right(), slots);
        return switch (op) {
            case EQUAL_EQUAL -> x == y ? 1 : 0;
            case BANG_EQUAL -> x != y ? 1 : 0;
            case LESS -> x < y ? 1 : 0;
            case LESS_EQUAL -> x <= y ? 1 : 0;
            case GREATER -> x > y ? 1 : 0;
            case GREATER_EQUAL -> x >= y ? 1 : 0;
            default -> {
                int[] r = TermEnumerator.apply(b.at().text(), new int[] {x}, new int[] {y});
                yield r == null ? TermEnumerator.ERROR : r[0];
            }
        };
    }
}
