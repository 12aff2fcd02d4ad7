package org.entangle.generalize.synth;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.entangle.lang.Expr;
import org.entangle.lang.Program;
import org.entangle.lang.Stmt;

/** Fills a sketch: replaces each hole's source text ({@code ??} and its annotation) by the expression chosen for it. */
public final class Fill {

    private Fill() {
    }

    /** The program text with every hole of {@code holes} replaced; holes it does not name stay. */
    public static String fill(String source, Program program, Map<Integer, Term> holes) {
        List<Expr.Hole> all = holes(program);
        int[] lineStarts = lineStarts(source);
        all.sort((a, b) -> Integer.compare(offset(b, lineStarts), offset(a, lineStarts)));
        StringBuilder text = new StringBuilder(source);
        for (Expr.Hole h : all) {
            Term t = holes.get(h.id());
            if (t == null) continue;
            int at = offset(h, lineStarts);
            text.replace(at, at + h.at().text().length(), t.toString());
        }
        return text.toString();
    }

    /** Every hole of the program, in no particular order. */
    public static List<Expr.Hole> holes(Program program) {
        List<Expr.Hole> out = new ArrayList<>();
        for (Stmt s : program.statements()) collect(s, out);
        return out;
    }

    private static void collect(Stmt s, List<Expr.Hole> out) {
        if (s instanceof Stmt.Assign a) {
            collect(a.index(), out);
            collect(a.value(), out);
        } else if (s instanceof Stmt.If i) {
            collect(i.condition(), out);
            for (Stmt b : i.then()) collect(b, out);
            for (Stmt b : i.otherwise()) collect(b, out);
        } else if (s instanceof Stmt.For f) {
            collect(f.lo(), out);
            collect(f.hi(), out);
            for (Stmt b : f.body()) collect(b, out);
        } else if (s instanceof Stmt.Parallel p) {
            collect(p.lo(), out);
            collect(p.hi(), out);
            for (Stmt b : p.body()) collect(b, out);
        } else if (s instanceof Stmt.Assert a) {
            collect(a.condition(), out);
        } else if (s instanceof Stmt.Assume a) {
            collect(a.condition(), out);
        }
    }

    private static void collect(Expr e, List<Expr.Hole> out) {
        if (e instanceof Expr.Hole h) out.add(h);
        else if (e instanceof Expr.Binary b) {
            collect(b.left(), out);
            collect(b.right(), out);
        } else if (e instanceof Expr.Unary u) collect(u.operand(), out);
        else if (e instanceof Expr.Element el) collect(el.index(), out);
        else if (e instanceof Expr.AngelInt a) {
            collect(a.lo(), out);
            collect(a.hi(), out);
        } else if (e instanceof Expr.Call c) {
            for (Expr a : c.args()) collect(a, out);
        }
    }

    private static int[] lineStarts(String source) {
        List<Integer> starts = new ArrayList<>(List.of(0));
        for (int i = 0; i < source.length(); i++) if (source.charAt(i) == '\n') starts.add(i + 1);
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int offset(Expr.Hole h, int[] lineStarts) {
        return lineStarts[h.at().line() - 1] + h.at().column() - 1;
    }
}
