package org.entangle.generalize.variants;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.entangle.lang.Expr;
import org.entangle.lang.Printer;
import org.entangle.lang.Stmt;
import org.entangle.lang.TokenType;

/**
 * Radix-k generalisation of a binary-tree stride program (the talk's BK3: "each thread processes 3 elements
 * instead of 2, and the recurrence operates on every 3 elements from the previous step"):
 * <ol>
 *   <li>A <em>stride</em> is a scalar s updated by {@code s = s * 2}, {@code s = 2 * s} or {@code s = s / 2}. Every
 *       {@code 2 * s}, {@code s * 2} and {@code s / 2} becomes {@code k * s}, {@code s * k}, {@code s / k}: the tree's
 *       period (which lanes are nodes) and the stride's growth.</li>
 *   <li>In a combine {@code x[D] = x[S] + x[D]} one index is the lane's node and the other, the one that reads the
 *       stride (outside the period terms), a child at distance s. A node has k − 1 children, at distances j·s
 *       (j = 1 .. k − 1): σ_j substitutes {@code j * s} for s outside the period terms.</li>
 *   <li>A <em>reduction</em> (the child is read into the node, the up-sweep) becomes a chain of k − 1 blocks that
 *       accumulates along the children, farthest first: block m (m = k − 2 .. 0) is the original combine with every
 *       array index shifted by −m·s ({@code x[i - s] = x[i - 2 * s] + x[i - s]}, then {@code x[i] = x[i - s] + x[i]}),
 *       since one op per element and step is all the in-place model allows. Child j then holds the sum of children
 *       1..j, as Brent–Kung's left child holds its own; a
 *       <em>broadcast</em> (the node is read into the child, the down-sweep) writes all k − 1 children in one
 *       block, each under its own copy of the guard, e.g. {@code i + 2 * offset < N}; σ_j substitutes
 *       {@code j * s} for s there, outside the period terms.</li>
 * </ol>
 * Loop counts are left alone: a radix-2 program runs log2(N) levels, more than the log_k(N) a radix-k tree needs,
 * and the extra levels select no lane (their period exceeds N), so they add no step.
 */
final class RadixTransform {

    private RadixTransform() {
    }

    static List<Stmt> apply(List<Stmt> statements, List<String> names, int radix) {
        Set<Integer> strides = new HashSet<>();
        collectStrides(statements, strides);
        if (strides.size() != 1) {
            throw new IllegalArgumentException("radix" + radix + " needs one stride: a scalar updated by s = s * 2 or s = s / 2; found " + strides.size());
        }
        List<Stmt> widened = Trees.rewriteAll(statements, e -> period(e, strides, 2) ? withFactor(e, radix) : null);
        return blocks(widened, strides, names, radix);
    }

    private static void collectStrides(List<Stmt> statements, Set<Integer> strides) {
        for (Stmt s : statements) {
            if (s instanceof Stmt.Assign a && a.index() == null && period(a.value(), Set.of(a.slot()), 2)) strides.add(a.slot());
            if (s instanceof Stmt.For f) collectStrides(f.body(), strides);
            if (s instanceof Stmt.If i) {
                collectStrides(i.then(), strides);
                collectStrides(i.otherwise(), strides);
            }
        }
    }

    /** Whether e is {@code factor * s}, {@code s * factor} or {@code s / factor} for a stride s. */
    private static boolean period(Expr e, Set<Integer> strides, int factor) {
        if (!(e instanceof Expr.Binary b)) return false;
        TokenType op = b.at().type();
        if (op == TokenType.STAR) {
            return (isStride(b.left(), strides) && isNum(b.right(), factor)) || (isNum(b.left(), factor) && isStride(b.right(), strides));
        }
        return op == TokenType.SLASH && isStride(b.left(), strides) && isNum(b.right(), factor);
    }

    private static boolean isStride(Expr e, Set<Integer> strides) {
        return e instanceof Expr.Var v && strides.contains(v.slot());
    }

    private static boolean isNum(Expr e, int value) {
        return e instanceof Expr.Num n && n.value() == value;
    }

    private static Expr withFactor(Expr e, int radix) {
        Expr.Binary b = (Expr.Binary) e;
        Expr left = b.left() instanceof Expr.Num ? Trees.num(radix) : b.left();
        Expr right = b.right() instanceof Expr.Num ? Trees.num(radix) : b.right();
        return new Expr.Binary(left, b.at(), right);
    }

    private static List<Stmt> blocks(List<Stmt> statements, Set<Integer> strides, List<String> names, int radix) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : statements) {
            if (s instanceof Stmt.For f) {
                out.add(new Stmt.For(f.at(), f.variable(), f.slot(), f.endSlot(), f.lo(), f.hi(), blocks(f.body(), strides, names, radix)));
            } else if (s instanceof Stmt.Parallel p) {
                out.addAll(parallel(p, strides, names, radix));
            } else {
                out.add(s);
            }
        }
        return out;
    }

    private static List<Stmt> parallel(Stmt.Parallel p, Set<Integer> strides, List<String> names, int radix) {
        List<Stmt.Assign> combines = new ArrayList<>();
        collectCombines(p.body(), combines);
        if (combines.isEmpty()) return List.of(p);
        boolean reduction = isReduction(combines.get(0), strides, names);
        for (Stmt.Assign a : combines) {
            if (isReduction(a, strides, names) != reduction) {
                throw new IllegalArgumentException("radix" + radix + ": the block at " + p.at().position()
                        + " mixes reductions into the node and broadcasts from it");
            }
        }
        if (reduction) {
            int stride = strides.iterator().next();
            List<Stmt> chain = new ArrayList<>();
            for (int m = radix - 2; m >= 0; m--) {
                int shift = m;
                chain.add(Trees.rewrite(p, e -> e instanceof Expr.Element el
                        ? new Expr.Element(el.at(), shifted(el.index(), -shift, stride, names)) : null));
            }
            return chain;
        }
        List<Stmt> body = new ArrayList<>();
        for (Stmt s : p.body()) {
            for (int j = 1; j < radix; j++) body.add(Trees.rewrite(s, childAt(j, strides, radix)));
        }
        return List.of(new Stmt.Parallel(p.at(), p.variable(), p.slot(), p.lo(), p.hi(), body));
    }

    /** σ_j: the stride s becomes {@code j * s} outside the (already widened) period terms. */
    private static UnaryOperator<Expr> childAt(int j, Set<Integer> strides, int radix) {
        return e -> {
            if (period(e, strides, radix)) return e;
            if (isStride(e, strides)) return j == 1 ? e : Trees.times(Trees.num(j), e);
            return null;
        };
    }

    /** {@code e + delta * s}, folded into a trailing {@code ± c * s} of e when it has one. */
    private static Expr shifted(Expr e, int delta, int stride, List<String> names) {
        if (delta == 0) return e;
        Expr base = e;
        int coefficient = 0;
        if (e instanceof Expr.Binary b && (b.at().type() == TokenType.PLUS || b.at().type() == TokenType.MINUS)) {
            int c = strideCoefficient(b.right(), stride);
            if (c != 0) {
                base = b.left();
                coefficient = b.at().type() == TokenType.PLUS ? c : -c;
            }
        }
        int total = coefficient + delta;
        if (total == 0) return base;
        Expr s = Trees.var(names.get(stride), stride);
        Expr term = Math.abs(total) == 1 ? s : Trees.times(Trees.num(Math.abs(total)), s);
        return total > 0 ? Trees.plus(base, term) : Trees.minus(base, term);
    }

    /** c when e is the stride s or {@code c * s}; 0 otherwise. */
    private static int strideCoefficient(Expr e, int stride) {
        if (e instanceof Expr.Var v && v.slot() == stride) return 1;
        if (e instanceof Expr.Binary b && b.at().type() == TokenType.STAR && b.left() instanceof Expr.Num n
                && b.right() instanceof Expr.Var v && v.slot() == stride) {
            return n.value();
        }
        return 0;
    }

    private static void collectCombines(List<Stmt> body, List<Stmt.Assign> out) {
        for (Stmt s : body) {
            if (s instanceof Stmt.Assign a && a.index() != null && a.value() instanceof Expr.Binary) out.add(a);
            if (s instanceof Stmt.If i) {
                collectCombines(i.then(), out);
                collectCombines(i.otherwise(), out);
            }
        }
    }

    /** Whether {@code x[D] = x[A] + x[B]} reads a child into the node D (true) or the node into the child D (false). */
    private static boolean isReduction(Stmt.Assign a, Set<Integer> strides, List<String> names) {
        Expr.Binary sum = (Expr.Binary) a.value();
        if (!(sum.left() instanceof Expr.Element l) || !(sum.right() instanceof Expr.Element r)) {
            throw new IllegalArgumentException("radix: expected x[D] = x[A] + x[B] at " + a.at().position());
        }
        String d = Printer.print(a.index(), names);
        Expr other = Printer.print(l.index(), names).equals(d) ? r.index() : l.index();
        boolean destinationStrided = readsStride(a.index(), strides);
        boolean sourceStrided = readsStride(other, strides);
        if (destinationStrided == sourceStrided) {
            throw new IllegalArgumentException("radix: cannot tell the node from the child in the combine at " + a.at().position()
                    + " (exactly one of its indices must read the stride)");
        }
        return sourceStrided;
    }

    private static boolean readsStride(Expr e, Set<Integer> strides) {
        boolean[] found = {false};
        Trees.rewrite(e, x -> {
            if (isStride(x, strides)) found[0] = true;
            return null;
        });
        return found[0];
    }
}
