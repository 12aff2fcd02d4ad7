package org.entangle.generalize.variants;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.entangle.lang.Expr;
import org.entangle.lang.Stmt;
import org.entangle.lang.Token;
import org.entangle.lang.TokenType;

/**
 * Building and rewriting syntax trees of the angelic-program language for program transformations: synthetic
 * tokens (position 0:0; the printed text is re-parsed, which gives real positions), expression constructors, and
 * a structural rewrite of every expression of a statement list.
 */
final class Trees {

    private Trees() {
    }

    static Token token(TokenType type, String text) {
        return new Token(type, text, 0, 0, 0);
    }

    static Expr num(int value) {
        return new Expr.Num(new Token(TokenType.NUMBER, Integer.toString(value), value, 0, 0), value);
    }

    static Expr var(String name, int slot) {
        return new Expr.Var(token(TokenType.IDENTIFIER, name), slot);
    }

    static Expr binary(Expr left, TokenType op, String text, Expr right) {
        return new Expr.Binary(left, token(op, text), right);
    }

    static Expr plus(Expr a, Expr b) {
        return binary(a, TokenType.PLUS, "+", b);
    }

    static Expr minus(Expr a, Expr b) {
        return binary(a, TokenType.MINUS, "-", b);
    }

    static Expr times(Expr a, Expr b) {
        return binary(a, TokenType.STAR, "*", b);
    }

    static Expr element(Expr index) {
        return new Expr.Element(token(TokenType.IDENTIFIER, "x"), index);
    }

    /**
     * Rewrites every expression of {@code e} top-down: where {@code rule} returns a non-null expression it
     * replaces the node (and its children are not visited); elsewhere the children are rewritten.
     */
    static Expr rewrite(Expr e, UnaryOperator<Expr> rule) {
        Expr replaced = rule.apply(e);
        if (replaced != null) return replaced;
        if (e instanceof Expr.Element el) return new Expr.Element(el.at(), rewrite(el.index(), rule));
        if (e instanceof Expr.Unary u) return new Expr.Unary(u.at(), rewrite(u.operand(), rule));
        if (e instanceof Expr.Binary b) return new Expr.Binary(rewrite(b.left(), rule), b.at(), rewrite(b.right(), rule));
        if (e instanceof Expr.AngelInt a) return new Expr.AngelInt(a.at(), a.site(), rewrite(a.lo(), rule), rewrite(a.hi(), rule));
        if (e instanceof Expr.Call c) {
            List<Expr> args = new ArrayList<>();
            for (Expr a : c.args()) args.add(rewrite(a, rule));
            return new Expr.Call(c.at(), args);
        }
        return e;
    }

    /**
     * Every expression of {@code statements} rewritten by {@code rule} (see {@link #rewrite(Expr, UnaryOperator)});
     * the written element of {@code x[d] = ...} is visited as the expression {@code x[d]}, so a rule on
     * {@link Expr.Element} sees reads and writes alike and must return an element for it.
     */
    static List<Stmt> rewriteAll(List<Stmt> statements, UnaryOperator<Expr> rule) {
        List<Stmt> out = new ArrayList<>(statements.size());
        for (Stmt s : statements) out.add(rewrite(s, rule));
        return out;
    }

    static Stmt rewrite(Stmt s, UnaryOperator<Expr> rule) {
        if (s instanceof Stmt.Assign a) {
            Expr index = a.index() == null ? null : ((Expr.Element) rewrite(new Expr.Element(a.at(), a.index()), rule)).index();
            return new Stmt.Assign(a.at(), a.slot(), index, a.operator(), rewrite(a.value(), rule));
        }
        if (s instanceof Stmt.If i) {
            return new Stmt.If(i.at(), rewrite(i.condition(), rule), rewriteAll(i.then(), rule), rewriteAll(i.otherwise(), rule));
        }
        if (s instanceof Stmt.For f) {
            return new Stmt.For(f.at(), f.variable(), f.slot(), f.endSlot(), rewrite(f.lo(), rule), rewrite(f.hi(), rule),
                    rewriteAll(f.body(), rule));
        }
        if (s instanceof Stmt.Parallel p) {
            return new Stmt.Parallel(p.at(), p.variable(), p.slot(), rewrite(p.lo(), rule), rewrite(p.hi(), rule),
                    rewriteAll(p.body(), rule));
        }
        if (s instanceof Stmt.Assert a) return new Stmt.Assert(a.at(), rewrite(a.condition(), rule));
        if (s instanceof Stmt.Assume a) return new Stmt.Assume(a.at(), rewrite(a.condition(), rule));
        return s;
    }
}
