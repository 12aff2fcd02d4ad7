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
 * instead of 2, and the recurrence operates on every 3 elements from the previous step"), for every N:
 * <ol>
 *   <li>A <em>stride</em> is a scalar s updated by {@code s = s * 2}, {@code s = 2 * s} or {@code s = s / 2}. Every
 *       {@code 2 * s}, {@code s * 2} and {@code s / 2} becomes {@code k * s}, {@code s * k}, {@code s / k}: the tree's
 *       period (which lanes are nodes) and the stride's growth.</li>
 *   <li>In a combine {@code x[D] = x[S] + x[D]} one index is the lane's node and the other, the one that reads the
 *       stride (outside the period terms), a child at distance s. A node has k − 1 children, at distances j·s
 *       (j = 1 .. k − 1): σ_j substitutes {@code j * s} for s outside the period terms.</li>
 *   <li>A <em>reduction</em> (the child is read into the node, the up-sweep) becomes a chain of k − 1 blocks that
 *       accumulates along the children, farthest first, since one op per element and step is all the in-place
 *       model allows: block m (m = k − 2 .. 0) is the original block run by lane v on behalf of the node v + m·s,
 *       that is with the lane variable replaced by {@code v + m * s} in its conditions and its array indices left
 *       as they are ({@code if ((i + offset + 1) % (3 * offset) == 0) { x[i] = x[i - offset] + x[i] }}, then the
 *       original). Child j then holds the sum of children 1..j, as Brent–Kung's left child holds its own. A node
 *       past the end of the array (v + m·s ≥ N) still has its children summed where they exist: the
 *       <em>mixed radix at the boundary</em> that makes the down-sweep's reads correct for every N, not only for
 *       powers of k.</li>
 *   <li>A <em>broadcast</em> (the node is read into the child, the down-sweep) writes all k − 1 children in one
 *       block, each under its own copy of the guard, e.g. {@code i + 2 * offset < N}; σ_j substitutes
 *       {@code j * s} for s there, outside the period terms.</li>
 *   <li>Loop counts: a bound {@code log2(E)} of a {@code for} loop, the levels of a binary tree over E elements,
 *       becomes {@code log(k, k * (E / 2) + k - 1)}, the fewest levels L with 2·k^L &gt; E (the elements
 *       c·k^L − 1 with c ≥ 2 would stay incomplete otherwise). For k = 2 it is log2(E) again; for k = 3 it is
 *       ⌈log3(⌊E/2⌋ + 1)⌉, not log2(E).</li>
 * </ol>
 * Closed forms of the radix-k Brent–Kung program at N = k^L (L ≥ 1), checked for k = 3 and 4 by the variants'
 * tests: size 2N − 2 − (k − 1)·L (the up-sweep's N − 1 ops and the down-sweep's N − 1 − (k − 1)·L), kL − 1
 * non-empty steps (k − 1 per up-sweep level, one per down-sweep level below the root) and depth kL − 2 for L ≥ 2
 * (the ASAP schedule overlaps the last up-sweep block with the first down-sweep block). For k = 3: size
 * 2N − 2 − 2·log3 N, 3·log3 N − 1 steps, depth 3·log3 N − 2. At other N the boundary nodes make the counts
 * piecewise; {@code entangle verify} reports them per N.
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

    /** {@code log(k, k * (E / 2) + k - 1)}: the levels of a radix-k tree that covers E elements (see the class comment). */
    private static Expr levels(Expr e, int radix) {
        if (!(e instanceof Expr.Call c && c.at().text().equals("log2"))) return null;
        Expr half = Trees.binary(c.args().get(0), TokenType.SLASH, "/", Trees.num(2));
        Expr argument = Trees.plus(Trees.times(Trees.num(radix), half), Trees.num(radix - 1));
        return new Expr.Call(Trees.token(TokenType.IDENTIFIER, "log"), List.of(Trees.num(radix), argument));
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
                out.add(new Stmt.For(f.at(), f.variable(), f.slot(), f.endSlot(), f.lo(), Trees.rewrite(f.hi(), e -> levels(e, radix)),
                        blocks(f.body(), strides, names, radix)));
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
        if (!selectsNodes(p, strides, radix)) {
            throw new IllegalArgumentException("radix" + radix + " widens a tree whose blocks pick their nodes by the period 2 * s"
                    + " (as Brent-Kung's (i + 1) % (2 * offset) == 0 does); the block at " + p.at().position() + " has no such term");
        }
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
                Expr node = m == 0 ? null : Trees.plus(Trees.var(p.variable().text(), p.slot()), strideTimes(m, stride, names));
                chain.add(Trees.rewrite(p, e -> e instanceof Expr.Element ? e
                        : node != null && e instanceof Expr.Var v && v.slot() == p.slot() ? node : null));
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

    /** Whether the (widened) block mentions the period k·s, the term that picks a tree's nodes. */
    private static boolean selectsNodes(Stmt.Parallel p, Set<Integer> strides, int radix) {
        boolean[] found = {false};
        Trees.rewrite(p, e -> {
            if (period(e, strides, radix) && ((Expr.Binary) e).at().type() == TokenType.STAR) found[0] = true;
            return null;
        });
        return found[0];
    }

    /** {@code m * s} ({@code s} when m is 1) for the stride s. */
    private static Expr strideTimes(int m, int stride, List<String> names) {
        Expr s = Trees.var(names.get(stride), stride);
        return m == 1 ? s : Trees.times(Trees.num(m), s);
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
