package org.entangle.lang;

import java.util.List;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;

/**
 * The pretty-printer of the angelic-program language (resources/docs/language.md): writes a program's syntax
 * tree back as source text, two spaces per block level, with the fewest parentheses the grammar's precedence
 * needs. It is the inverse of {@link Parser} up to source positions and comments:
 * {@code parse(print(p))} has the same tree as {@code p} (same statements, operators, slots, angels, holes and
 * declarations). Program transformations ({@code org.entangle.generalize.variants}) build trees and print them.
 */
public final class Printer {

    private static final String INDENT = "  ";

    private final List<String> names;
    private final StringBuilder out = new StringBuilder();

    private Printer(List<String> names) {
        this.names = names;
    }

    /** The source text of {@code program}. */
    public static String print(Program program) {
        return print(program.statements(), program.slotNames(), program.algebra(), program.segments());
    }

    /**
     * The source text of {@code statements}, whose scalar slots are named by {@code slotNames}.
     *
     * @param algebra  printed as a declaration unless associative (the default)
     * @param segments printed as a declaration unless {@link Segments#NONE}
     */
    public static String print(List<Stmt> statements, List<String> slotNames, Algebra algebra, Segments segments) {
        Printer p = new Printer(slotNames);
        if (algebra != Algebra.ASSOCIATIVE) p.out.append("algebra ").append(algebra.token()).append('\n');
        if (segments != Segments.NONE) p.out.append("segments ").append(segments.token()).append('\n');
        for (Stmt s : statements) p.statement(s, 0);
        return p.out.toString();
    }

    /** The source text of one expression whose scalar slots are named by {@code slotNames}. */
    public static String print(Expr expr, List<String> slotNames) {
        return new Printer(slotNames).expression(expr, 0);
    }

    private void statement(Stmt s, int depth) {
        out.append(INDENT.repeat(depth));
        statementBody(s, depth);
    }

    private void statementBody(Stmt s, int depth) {
        if (s instanceof Stmt.Assign a) {
            out.append(a.index() == null ? names.get(a.slot()) : "x[" + expression(a.index(), 0) + "]");
            out.append(a.adds() ? " += " : " = ").append(expression(a.value(), 0)).append('\n');
        } else if (s instanceof Stmt.If i) {
            out.append("if (").append(expression(i.condition(), 0)).append(") ");
            block(i.then(), depth);
            if (!i.otherwise().isEmpty()) {
                out.setLength(out.length() - 1);
                out.append(" else ");
                if (i.otherwise().size() == 1 && i.otherwise().get(0) instanceof Stmt.If nested) {
                    statementBody(nested, depth);
                } else {
                    block(i.otherwise(), depth);
                }
            }
        } else if (s instanceof Stmt.For f) {
            loop("for ", f.variable(), f.lo(), f.hi(), f.body(), depth);
        } else if (s instanceof Stmt.Parallel p) {
            loop("parallel ", p.variable(), p.lo(), p.hi(), p.body(), depth);
        } else if (s instanceof Stmt.Assert a) {
            out.append("assert ").append(expression(a.condition(), 0)).append('\n');
        } else if (s instanceof Stmt.AssertResult r) {
            out.append("assert ").append(result(r.spec())).append('\n');
        } else if (s instanceof Stmt.Assume a) {
            out.append("assume ").append(expression(a.condition(), 0)).append('\n');
        }
    }

    private void loop(String keyword, Token variable, Expr lo, Expr hi, List<Stmt> body, int depth) {
        out.append(keyword).append(variable.text()).append(" in ").append(expression(lo, 0)).append(" .. ")
                .append(expression(hi, 0)).append(' ');
        block(body, depth);
    }

    private void block(List<Stmt> body, int depth) {
        out.append("{\n");
        for (Stmt s : body) statement(s, depth + 1);
        out.append(INDENT.repeat(depth)).append("}\n");
    }

    private static String result(ScanSpec spec) {
        boolean reduce = spec.kind() == ResultKind.REDUCE;
        StringBuilder b = new StringBuilder(reduce ? "reduce(x" : "scan(x");
        if (spec.kind() == ResultKind.EXCLUSIVE) b.append(", exclusive");
        if (spec.direction() == Direction.BACKWARD) b.append(", backward");
        return b.append(')').toString();
    }

    /** Binding strength of a binary operator, as the parser's rule chain orders them (higher binds tighter). */
    private static int precedence(TokenType t) {
        return switch (t) {
            case OR_OR -> 1;
            case AND_AND -> 2;
            case EQUAL_EQUAL, BANG_EQUAL -> 3;
            case LESS, LESS_EQUAL, GREATER, GREATER_EQUAL -> 4;
            case SHIFT_LEFT, SHIFT_RIGHT -> 5;
            case PLUS, MINUS -> 6;
            case STAR, SLASH, PERCENT -> 7;
            default -> throw new IllegalArgumentException("not a binary operator: " + t);
        };
    }

    private static final int UNARY = 8;

    /** {@code e} as text, parenthesised when it binds more loosely than {@code context} requires. */
    private String expression(Expr e, int context) {
        if (e instanceof Expr.Num n) return Integer.toString(n.value());
        if (e instanceof Expr.Bool b) return Boolean.toString(b.value());
        if (e instanceof Expr.Var v) return names.get(v.slot());
        if (e instanceof Expr.Element el) return "x[" + expression(el.index(), 0) + "]";
        if (e instanceof Expr.Unary u) {
            String operand = expression(u.operand(), UNARY);
            if (operand.startsWith("!") || operand.startsWith("-")) operand = " " + operand;
            return u.at().text() + operand;
        }
        if (e instanceof Expr.Binary b) {
            int p = precedence(b.at().type());
            String text = expression(b.left(), p) + " " + b.at().text() + " " + expression(b.right(), p + 1);
            return p < context ? "(" + text + ")" : text;
        }
        if (e instanceof Expr.AngelBool) return "!!";
        if (e instanceof Expr.AngelInt a) return "!!(" + expression(a.lo(), 0) + " .. " + expression(a.hi(), 0) + ")";
        if (e instanceof Expr.Call c) return c.at().text() + "(" + arguments(c) + ")";
        return ((Expr.Hole) e).at().text();
    }

    private String arguments(Expr.Call c) {
        if (c.at().text().endsWith("fanout")) return "x";
        StringBuilder b = new StringBuilder();
        for (Expr a : c.args()) {
            if (b.length() > 0) b.append(", ");
            b.append(expression(a, 0));
        }
        return b.toString();
    }
}
