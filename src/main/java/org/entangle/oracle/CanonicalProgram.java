package org.entangle.oracle;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.entangle.lang.Expr;
import org.entangle.lang.Program;
import org.entangle.lang.Stmt;
import org.entangle.lang.TokenType;

/**
 * A program's statements written in one canonical form, one entry per statement with the source line it came from,
 * so that two programs can be compared up to layout, comments and the spelling of constant expressions: every
 * expression built from literals and constants (scalars assigned once, at the top level, a constant value) is
 * written as its value, as the interpreter would compute it ({@code 2 * log2(N)} with N = 16 is written 8).
 * Used by {@link SpecFormRecogniser} to decide whether a program is exactly what {@link SpecForm#programText()}
 * writes.
 */
final class CanonicalProgram {

    /** One statement, canonically written, and the 1-based source line it starts on. */
    record Entry(int line, String text) {
    }

    private final Program program;
    private final Map<Integer, Integer> constants = new HashMap<>();
    private final List<Entry> entries = new ArrayList<>();

    private CanonicalProgram(Program program) {
        this.program = program;
        findConstants();
        entries.add(new Entry(1, "algebra " + program.algebra().token()));
        statements(program.statements(), "");
    }

    /** The canonical entries of {@code program}, in source order. */
    static List<Entry> of(Program program) {
        return new CanonicalProgram(program).entries;
    }

    /** The value of a top-level constant, or null when the program has no such constant. */
    static Integer constant(Program program, String name) {
        return new CanonicalProgram(program).constants.get(program.slotOf(name));
    }

    /** The value of {@code e} when it is a constant expression of {@code program}, else null. */
    static Integer fold(Program program, Expr e) {
        return new CanonicalProgram(program).fold(e);
    }

    private void findConstants() {
        Map<Integer, Integer> assignments = new HashMap<>();
        countAssignments(program.statements(), assignments);
        for (Stmt s : program.statements()) {
            if (s instanceof Stmt.Assign a && a.index() == null && !a.adds() && assignments.get(a.slot()) == 1) {
                Integer value = fold(a.value());
                if (value != null) constants.put(a.slot(), value);
            }
        }
    }

    private static void countAssignments(List<Stmt> body, Map<Integer, Integer> counts) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Assign a) {
                counts.merge(a.slot(), 1, Integer::sum);
            } else if (s instanceof Stmt.For f) {
                counts.merge(f.slot(), 2, Integer::sum);
                countAssignments(f.body(), counts);
            } else if (s instanceof Stmt.Parallel p) {
                counts.merge(p.slot(), 2, Integer::sum);
                countAssignments(p.body(), counts);
            } else if (s instanceof Stmt.If i) {
                countAssignments(i.then(), counts);
                countAssignments(i.otherwise(), counts);
            }
        }
    }

    private void statements(List<Stmt> body, String indent) {
        for (Stmt s : body) statement(s, indent);
    }

    private void statement(Stmt s, String indent) {
        int line = s.at().line();
        if (s instanceof Stmt.Assign a) {
            String target = a.index() == null ? name(a.slot()) : "x[" + expr(a.index()) + "]";
            entries.add(new Entry(line, indent + target + (a.adds() ? " += " : " = ") + expr(a.value())));
        } else if (s instanceof Stmt.For f) {
            loop(line, indent, "for " + name(f.slot()) + " in " + expr(f.lo()) + " .. " + expr(f.hi()), f.body());
        } else if (s instanceof Stmt.Parallel p) {
            loop(line, indent, "parallel " + name(p.slot()) + " in " + expr(p.lo()) + " .. " + expr(p.hi()), p.body());
        } else if (s instanceof Stmt.If i) {
            loop(line, indent, "if " + expr(i.condition()), i.then());
            if (!i.otherwise().isEmpty()) loop(line, indent, "else", i.otherwise());
        } else if (s instanceof Stmt.Assert a) {
            entries.add(new Entry(line, indent + "assert " + expr(a.condition())));
        } else if (s instanceof Stmt.AssertResult r) {
            entries.add(new Entry(line, indent + "assert result " + r.spec()));
        } else if (s instanceof Stmt.Assume a) {
            entries.add(new Entry(line, indent + "assume " + expr(a.condition())));
        }
    }

    private void loop(int line, String indent, String header, List<Stmt> body) {
        entries.add(new Entry(line, indent + header + " {"));
        statements(body, indent + "  ");
        entries.add(new Entry(line, indent + "}"));
    }

    private String name(int slot) {
        return program.slotNames().get(slot);
    }

    private String expr(Expr e) {
        Integer value = fold(e);
        if (value != null) return value.toString();
        if (e instanceof Expr.Bool b) return Boolean.toString(b.value());
        if (e instanceof Expr.Var v) return name(v.slot());
        if (e instanceof Expr.Element x) return "x[" + expr(x.index()) + "]";
        if (e instanceof Expr.Unary u) return "(" + u.at().text() + expr(u.operand()) + ")";
        if (e instanceof Expr.Binary b) return "(" + expr(b.left()) + " " + b.at().text() + " " + expr(b.right()) + ")";
        if (e instanceof Expr.AngelBool) return "!!";
        if (e instanceof Expr.AngelInt a) return "!!(" + expr(a.lo()) + " .. " + expr(a.hi()) + ")";
        if (e instanceof Expr.Call c) return c.at().text() + "(" + String.join(", ", c.args().stream().map(this::expr).toList()) + ")";
        return "??";
    }

    private Integer fold(Expr e) {
        if (e instanceof Expr.Num n) return n.value();
        if (e instanceof Expr.Var v) return constants.get(v.slot());
        if (e instanceof Expr.Unary u) {
            Integer operand = fold(u.operand());
            return u.at().type() == TokenType.MINUS && operand != null ? -operand : null;
        }
        if (e instanceof Expr.Binary b) return arithmetic(b.at().type(), fold(b.left()), fold(b.right()));
        if (e instanceof Expr.Call c && c.at().text().equals("log2")) {
            Integer v = fold(c.args().get(0));
            return v != null && v >= 1 ? 31 - Integer.numberOfLeadingZeros(v) : null;
        }
        return null;
    }

    private static Integer arithmetic(TokenType op, Integer a, Integer b) {
        if (a == null || b == null) return null;
        return switch (op) {
            case PLUS -> a + b;
            case MINUS -> a - b;
            case STAR -> a * b;
            case SLASH -> b == 0 ? null : a / b;
            case PERCENT -> b == 0 ? null : a % b;
            case SHIFT_LEFT -> a << b;
            case SHIFT_RIGHT -> a >> b;
            default -> null;
        };
    }
}
