package org.entangle.cuda;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.entangle.lang.Expr;
import org.entangle.lang.LangError;
import org.entangle.lang.Program;
import org.entangle.lang.Stmt;
import org.entangle.lang.TokenType;
import org.entangle.network.ScanSpec;

/**
 * Walks a program's syntax tree (org.entangle.lang) into a {@link ProgramPlan}. What has no deterministic GPU
 * meaning is rejected with a {@link LangError} at its token: angels ({@code !!}, the oracle's choices), sketch
 * holes ({@code ??}), symbolic constants and comparisons of elements ({@code range}, {@code x[i] == ...}),
 * trace properties ({@code fanout}), scalars assigned inside a {@code parallel} block (lanes share none on the
 * GPU), loops inside lanes, and assignments to N other than a top-level default (N is the kernel's argument).
 * {@code assert} and {@code assume} are checks, not computation, and are left out.
 */
final class ProgramTranslator {

    private static final Set<String> RESERVED = Set.of("x", "in", "out", "n", "heads", "base", "len", "item", "first",
            "last", "j", "own", "shared_bytes", "T", "V", "op", "combine", "identity", "value_of", "make_v", "shfl",
            "shfl_down", "head_bit", "log2_floor", "log_floor", "own_value", "position", "int", "long", "unsigned", "short", "char",
            "float", "double", "bool", "void", "const", "static", "return", "for", "if", "else", "while", "do", "switch",
            "case", "default", "break", "continue", "true", "false", "auto", "new", "delete", "this", "class", "struct",
            "union", "enum", "template", "typedef", "signed", "volatile", "register", "extern", "inline", "sizeof",
            "goto", "min", "max");

    private enum Kind { INT, BOOL, ELEMENT }

    private final Program program;
    private final String[] cNames;
    private final int nSlot;
    private final Set<String> assigned = new LinkedHashSet<>();
    private int steps;

    private ProgramTranslator(Program program) {
        this.program = program;
        this.nSlot = program.slotOf("N");
        List<String> names = program.slotNames();
        this.cNames = new String[names.size()];
        Set<String> used = new HashSet<>();
        for (int s = 0; s < names.size(); s++) {
            String c = names.get(s).replace("$", "hidden_");
            if (s != nSlot) {
                while (RESERVED.contains(c) || c.equals("N") || c.endsWith("_last") || c.matches("(value|dst)_\\d+_\\d+") || used.contains(c)) {
                    c = c + "_";
                }
            }
            used.add(c);
            cNames[s] = c;
        }
    }

    /** The kernel structure of {@code program}, whose result {@code spec} is its final {@code assert scan(...)}. */
    static ProgramPlan translate(Program program, ScanSpec spec) {
        ProgramTranslator t = new ProgramTranslator(program);
        List<ProgramPlan.Stmt> body = new ArrayList<>();
        for (Stmt s : program.statements()) {
            if (s instanceof Stmt.Assign a && a.index() == null && a.slot() == t.nSlot) continue;  // N's default: the argument wins
            t.statement(s, body);
        }
        return new ProgramPlan(List.copyOf(body), List.copyOf(t.assigned), program.slotNames().size(), t.nSlot, spec);
    }

    private void statement(Stmt s, List<ProgramPlan.Stmt> out) {
        int line = s.at().line();
        if (s instanceof Stmt.Assign a && a.index() == null) {
            if (a.slot() == nSlot) throw new LangError(a.at(), "N is the kernel's argument: only a top-level default 'N = ...' may assign it");
            assigned.add(cNames[a.slot()]);
            out.add(new ProgramPlan.SetScalar(scalar(a.slot()), a.adds(), integer(a.value()), line));
        } else if (s instanceof Stmt.Assign a) {
            out.add(new ProgramPlan.SerialWrite(integer(a.index()), value(a), line));
        } else if (s instanceof Stmt.If i) {
            out.add(new ProgramPlan.Branch(bool(i.condition()), statements(i.then()), statements(i.otherwise()), line));
        } else if (s instanceof Stmt.For f) {
            if (f.slot() == nSlot) throw new LangError(f.variable(), "N is the kernel's argument, not a loop variable");
            out.add(new ProgramPlan.Loop(scalar(f.slot()), integer(f.lo()), integer(f.hi()), statements(f.body()), line));
        } else if (s instanceof Stmt.Parallel p) {
            if (p.slot() == nSlot) throw new LangError(p.variable(), "N is the kernel's argument, not a lane variable");
            int[] writes = {0};
            List<ProgramPlan.LaneStmt> body = lanes(p.body(), writes);
            out.add(new ProgramPlan.Parallel(scalar(p.slot()), integer(p.lo()), integer(p.hi()), body, writes[0], steps++, line));
        }
        // assert, assert scan(...) and assume check executions; the kernel leaves them out
    }

    private List<ProgramPlan.Stmt> statements(List<Stmt> list) {
        List<ProgramPlan.Stmt> out = new ArrayList<>();
        for (Stmt s : list) statement(s, out);
        return List.copyOf(out);
    }

    private List<ProgramPlan.LaneStmt> lanes(List<Stmt> list, int[] writes) {
        List<ProgramPlan.LaneStmt> out = new ArrayList<>();
        for (Stmt s : list) {
            if (s instanceof Stmt.Assign a && a.index() == null) {
                throw new LangError(a.at(), "a scalar assigned inside a parallel block has no GPU translation (lanes share no scalars)");
            } else if (s instanceof Stmt.Assign a) {
                out.add(new ProgramPlan.Write(writes[0]++, integer(a.index()), value(a)));
            } else if (s instanceof Stmt.If i) {
                out.add(new ProgramPlan.LaneBranch(bool(i.condition()), lanes(i.then(), writes), lanes(i.otherwise(), writes)));
            } else if (s instanceof Stmt.For f) {
                throw new LangError(f.at(), "a loop inside a parallel block has no GPU translation (a lane is one op of one step)");
            } else if (s instanceof Stmt.Parallel p) {
                throw new LangError(p.at(), "parallel blocks cannot nest");
            }
        }
        return List.copyOf(out);
    }

    private PlanExpr.Scalar scalar(int slot) {
        return new PlanExpr.Scalar(slot, cNames[slot]);
    }

    private ProgramPlan.Value value(Stmt.Assign a) {
        if (a.adds()) throw new LangError(a.operator(), "write x[i] = x[j] + x[i] rather than x[i] += ...");
        Expr e = a.value();
        rejectNondeterministic(e);
        if (e instanceof Expr.Element el) return new ProgramPlan.Read(integer(el.index()));
        if (e instanceof Expr.Call c && c.at().text().equals("identity")) return new ProgramPlan.Identity();
        if (e instanceof Expr.Binary b && b.at().type() == TokenType.PLUS && b.left() instanceof Expr.Element l
                && b.right() instanceof Expr.Element r) {
            return new ProgramPlan.Combine(integer(l.index()), integer(r.index()));
        }
        throw new LangError(e.at(), "x[i] can be assigned x[j] + x[i], x[i] + x[j], x[j] or identity() (one network op)");
    }

    private PlanExpr integer(Expr e) {
        if (kind(e) != Kind.INT) throw new LangError(e.at(), "expected an integer, not " + describe(kind(e)));
        return translate(e);
    }

    private PlanExpr bool(Expr e) {
        if (kind(e) != Kind.BOOL) throw new LangError(e.at(), "a condition must be true or false, not " + describe(kind(e)));
        return translate(e);
    }

    private PlanExpr translate(Expr e) {
        rejectNondeterministic(e);
        if (e instanceof Expr.Num n) return new PlanExpr.Constant(n.value(), false);
        if (e instanceof Expr.Bool b) return new PlanExpr.Constant(b.value() ? 1 : 0, true);
        if (e instanceof Expr.Var v) return scalar(v.slot());
        if (e instanceof Expr.Unary u) {
            boolean negate = u.at().type() == TokenType.MINUS;
            return new PlanExpr.Unary(negate, negate ? integer(u.operand()) : bool(u.operand()));
        }
        if (e instanceof Expr.Call c && c.at().text().equals("log2")) return new PlanExpr.Log2(integer(c.args().get(0)));
        if (e instanceof Expr.Call c && c.at().text().equals("log")) return new PlanExpr.Log(integer(c.args().get(0)), integer(c.args().get(1)));
        if (e instanceof Expr.Binary b) return binary(b);
        throw new LangError(e.at(), "'" + e.at().text() + "' has no GPU translation");
    }

    private PlanExpr binary(Expr.Binary b) {
        TokenType op = b.at().type();
        String symbol = b.at().text();
        if (op == TokenType.AND_AND || op == TokenType.OR_OR) return new PlanExpr.Binary(symbol, bool(b.left()), bool(b.right()));
        if (op == TokenType.EQUAL_EQUAL || op == TokenType.BANG_EQUAL) {
            Kind l = kind(b.left());
            Kind r = kind(b.right());
            if (l == Kind.ELEMENT || r == Kind.ELEMENT) {
                throw new LangError(b.at(), "comparing x elements is a symbolic check with no GPU translation");
            }
            if (l != r) throw new LangError(b.at(), "cannot compare " + describe(l) + " with " + describe(r));
            return new PlanExpr.Binary(symbol, translate(b.left()), translate(b.right()));
        }
        return new PlanExpr.Binary(symbol, integer(b.left()), integer(b.right()));
    }

    private static void rejectNondeterministic(Expr e) {
        if (e instanceof Expr.AngelBool || e instanceof Expr.AngelInt) {
            throw new LangError(e.at(), "an angelic choice '!!' has no GPU translation: only deterministic programs become kernels"
                    + " (resolve the angels first, e.g. with 'entangle synthesize')");
        }
        if (e instanceof Expr.Hole) {
            throw new LangError(e.at(), "a sketch hole '??' has no GPU translation: fill it with 'entangle synthesize'");
        }
        if (e instanceof Expr.Call c && !integral(c) && !c.at().text().equals("identity")) {
            throw new LangError(c.at(), c.at().text() + "(...) is a symbolic property of the trace with no GPU translation");
        }
    }

    /** Whether a call is one of the integer built-ins, {@code log2(e)} or {@code log(b, e)}. */
    private static boolean integral(Expr.Call c) {
        return c.at().text().equals("log2") || c.at().text().equals("log");
    }

    private Kind kind(Expr e) {
        rejectNondeterministic(e);
        if (e instanceof Expr.Num || e instanceof Expr.Var) return Kind.INT;
        if (e instanceof Expr.Bool) return Kind.BOOL;
        if (e instanceof Expr.Element) return Kind.ELEMENT;
        if (e instanceof Expr.Unary u) return u.at().type() == TokenType.MINUS ? Kind.INT : Kind.BOOL;
        if (e instanceof Expr.Call c) return integral(c) ? Kind.INT : Kind.ELEMENT;
        Expr.Binary b = (Expr.Binary) e;
        return switch (b.at().type()) {
            case PLUS -> kind(b.left()) == Kind.ELEMENT ? Kind.ELEMENT : Kind.INT;
            case MINUS, STAR, SLASH, PERCENT, SHIFT_LEFT, SHIFT_RIGHT -> Kind.INT;
            default -> Kind.BOOL;
        };
    }

    private static String describe(Kind k) {
        return switch (k) {
            case INT -> "an integer";
            case BOOL -> "a boolean";
            case ELEMENT -> "an x element";
        };
    }
}
