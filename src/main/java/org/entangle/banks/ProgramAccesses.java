package org.entangle.banks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.entangle.lang.Builtins;
import org.entangle.lang.Expr;
import org.entangle.lang.Program;
import org.entangle.lang.Stmt;
import org.entangle.lang.TokenType;

/**
 * The shared-memory accesses of a deterministic program at one N, lane by lane (the talk's "language support
 * (instrumentation) to facilitate counting bank conflicts"): every {@code parallel i} block is one step in which
 * lane i is thread i; each evaluation of an {@code x[e]} read and each {@code x[e] = ...} write is one access at
 * its source site. Only the integer part of the program runs here (scalars, loops, conditions, indices), with
 * the language's semantics (resources/docs/language.md): lanes read the scalars from before their block,
 * {@code s += e} on an outer scalar sums over the lanes, a top-level assignment to N is skipped. Assertions and
 * assumptions are not run (they are checks, not memory traffic); a program with angels or holes is rejected.
 */
public final class ProgramAccesses {

    /** One access: the source site (x[e] read or assignment), whether it writes, the lane (thread) and the index. */
    public record Access(int site, boolean write, int lane, int index) {
    }

    /** The accesses of one executed block, in lane order and, within a lane, in evaluation order. */
    public record Block(List<Access> accesses) {
    }

    private static final long BUDGET = 200_000_000L;

    private final Map<Object, Integer> sites = new IdentityHashMap<>();
    private final int nSlot;
    private final List<Block> blocks = new ArrayList<>();
    private List<Access> current;
    private int lane;
    private long work;

    private ProgramAccesses(Program program) {
        this.nSlot = program.slotOf("N");
    }

    /** The blocks (steps) of {@code program} at {@code n} that access x, in execution order. */
    public static List<Block> at(Program program, int n) {
        ProgramAccesses run = new ProgramAccesses(program);
        int[] env = new int[program.slotNames().size()];
        if (run.nSlot >= 0) env[run.nSlot] = n;
        for (Stmt s : program.statements()) {
            if (s instanceof Stmt.Assign a && a.index() == null && a.slot() == run.nSlot) continue;
            run.execute(s, env);
        }
        return run.blocks;
    }

    private void execute(Stmt s, int[] env) {
        if (++work > BUDGET) throw new IllegalArgumentException("the program does not finish within " + BUDGET + " evaluations");
        if (s instanceof Stmt.Assign a) {
            assign(a, env);
        } else if (s instanceof Stmt.If i) {
            for (Stmt b : truth(i.condition(), env) ? i.then() : i.otherwise()) execute(b, env);
        } else if (s instanceof Stmt.For f) {
            int lo = eval(f.lo(), env);
            int hi = eval(f.hi(), env);
            for (int v = lo; v <= hi; v++) {
                env[f.slot()] = v;
                for (Stmt b : f.body()) execute(b, env);
            }
        } else if (s instanceof Stmt.Parallel p) {
            parallel(p, env);
        }
    }

    private void parallel(Stmt.Parallel p, int[] env) {
        int lo = eval(p.lo(), env);
        int hi = eval(p.hi(), env);
        current = new ArrayList<>();
        int[] sums = new int[env.length];
        for (int v = lo; v <= hi; v++) {
            int[] laneEnv = Arrays.copyOf(env, env.length);
            laneEnv[p.slot()] = v;
            lane = v - lo;
            for (Stmt b : p.body()) execute(b, laneEnv);
            for (int k = 0; k < env.length; k++) sums[k] += laneEnv[k] - env[k];
        }
        // a lane's change to an outer scalar is its += contribution (the language allows one lane's plain assignment)
        for (int k = 0; k < env.length; k++) if (k != p.slot()) env[k] += sums[k];
        if (!current.isEmpty()) blocks.add(new Block(List.copyOf(current)));
        current = null;
    }

    private void assign(Stmt.Assign a, int[] env) {
        if (a.index() == null) {
            int value = eval(a.value(), env);
            env[a.slot()] = a.adds() ? env[a.slot()] + value : value;
            return;
        }
        boolean alone = current == null;
        if (alone) {
            current = new ArrayList<>();
            lane = 0;
        }
        reads(a.value(), env);
        record(a, true, eval(a.index(), env));
        if (alone) {
            blocks.add(new Block(List.copyOf(current)));
            current = null;
        }
    }

    private void reads(Expr e, int[] env) {
        if (e instanceof Expr.Element el) {
            record(el, false, eval(el.index(), env));
        } else if (e instanceof Expr.Binary b) {
            reads(b.left(), env);
            reads(b.right(), env);
        }
    }

    private void record(Object site, boolean write, int index) {
        int id = sites.computeIfAbsent(site, k -> sites.size());
        current.add(new Access(id, write, lane, index));
    }

    private boolean truth(Expr e, int[] env) {
        return eval(e, env) != 0;
    }

    /** Integers, with booleans as 0 and 1 (the program passed the language's type rules when it was parsed and run). */
    private int eval(Expr e, int[] env) {
        if (e instanceof Expr.Num n) return n.value();
        if (e instanceof Expr.Bool b) return b.value() ? 1 : 0;
        if (e instanceof Expr.Var v) return env[v.slot()];
        if (e instanceof Expr.Unary u) {
            int v = eval(u.operand(), env);
            return u.at().type() == TokenType.BANG ? (v == 0 ? 1 : 0) : -v;
        }
        if (e instanceof Expr.Binary b) return binary(b, env);
        if (e instanceof Expr.Call c && c.at().text().equals("log2")) {
            int v = eval(c.args().get(0), env);
            if (v < 1) throw new IllegalArgumentException(c.at().position() + ": log2 of " + v + " is undefined");
            return 31 - Integer.numberOfLeadingZeros(v);
        }
        if (e instanceof Expr.Call c && c.at().text().equals("log")) {
            int base = eval(c.args().get(0), env);
            int v = eval(c.args().get(1), env);
            if (base < 2 || v < 1) throw new IllegalArgumentException(c.at().position() + ": log(" + base + ", " + v + ") is undefined");
            return Builtins.floorLog(base, v);
        }
        throw new IllegalArgumentException(e.at().position() + ": '" + e.at().text()
                + "' cannot be counted: bank conflicts are counted for deterministic programs over integer indices");
    }

    private int binary(Expr.Binary b, int[] env) {
        TokenType op = b.at().type();
        if (op == TokenType.AND_AND) return truth(b.left(), env) && truth(b.right(), env) ? 1 : 0;
        if (op == TokenType.OR_OR) return truth(b.left(), env) || truth(b.right(), env) ? 1 : 0;
        int l = eval(b.left(), env);
        int r = eval(b.right(), env);
        if ((op == TokenType.SLASH || op == TokenType.PERCENT) && r == 0) {
            throw new IllegalArgumentException(b.at().position() + ": division by zero");
        }
        return switch (op) {
            case PLUS -> l + r;
            case MINUS -> l - r;
            case STAR -> l * r;
            case SLASH -> l / r;
            case PERCENT -> l % r;
            case SHIFT_LEFT -> l << r;
            case SHIFT_RIGHT -> l >> r;
            case LESS -> l < r ? 1 : 0;
            case LESS_EQUAL -> l <= r ? 1 : 0;
            case GREATER -> l > r ? 1 : 0;
            case GREATER_EQUAL -> l >= r ? 1 : 0;
            case EQUAL_EQUAL -> l == r ? 1 : 0;
            case BANG_EQUAL -> l != r ? 1 : 0;
            default -> throw new IllegalArgumentException(b.at().position() + ": unexpected operator " + b.at().text());
        };
    }
}
