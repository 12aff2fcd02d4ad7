package org.entangle.oracle.forest;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.entangle.work.CancellationToken;

/**
 * The number of ways a hanging tree ({@link StepChoices}) completes within a number of steps, by extra ops,
 * memoised per (unlabelled tree, steps left): relabelling wires does not change how a tree can evolve.
 *
 * <p>The recursion follows the root. A hanging tree's root r points at a complete wire; it completes in the step in
 * which it jumps, and until then it does not move. While r stays put, every subtree below it evolves independently
 * of the others, since a wire's evolution depends only on the pointers of its ancestors: a subtree's root may jump
 * to r's complete target and leave as a hanging tree of its own, and its jumping children become new subtrees
 * below r. So the ways of a tree are, summed over the step s in which r jumps, the product over r's children of
 * {@link #under} (the ways of a subtree below a root that stays put s more steps). In the step r jumps, each of its
 * subtrees at that time becomes a hanging tree whose root may jump too, reaching the same complete wire at one
 * extra op: hence the factor {@code 1 + z}. Its tables are thread-safe, so a count may hand the sub-counts of its
 * first step to several threads ({@link ForestSplit}).
 */
final class ForestCounts {

    private final TreeTable table;
    private final StepChoices choices;
    private final int maxExtra;
    private final OpPolynomial one;
    private final OpPolynomial onePlusZ;
    private final OpPolynomial z;
    private volatile CancellationToken cancel;
    private final ForestMemo<OpPolynomial> ways;
    private final ForestMemo<OpPolynomial[]> under = new ForestMemo<>(new OpPolynomial[0]);
    private final ForestMemo<OpPolynomial[]> rootFactors = new ForestMemo<>(new OpPolynomial[0]);
    private final ForestMemo<OpPolynomial[]> leavingFactors = new ForestMemo<>(new OpPolynomial[0]);
    private final LongAdder outcomes = new LongAdder();
    private ForestSplit split;

    ForestCounts(TreeTable table, int maxExtra, CancellationToken cancel) {
        this.table = table;
        this.choices = new StepChoices(table, false);
        this.maxExtra = maxExtra;
        this.cancel = cancel;
        this.one = OpPolynomial.monomial(0, maxExtra);
        this.z = maxExtra == 0 ? null : OpPolynomial.monomial(1, maxExtra);
        this.onePlusZ = z == null ? one : one.plus(z);
        this.ways = new ForestMemo<>(OpPolynomial.monomial(0, 0));
    }

    /** Counts with {@code steps} steps left split their first-step sub-counts over {@code threads} threads. */
    void splitOver(int threads, int steps) {
        this.split = new ForestSplit(threads, steps);
    }

    /** The token the counting polls from now on. */
    void pollWith(CancellationToken token) {
        this.cancel = token;
    }

    int maxExtra() {
        return maxExtra;
    }

    TreeTable table() {
        return table;
    }

    /** Memo entries so far. */
    long entries() {
        return ways.entries() + under.entries();
    }

    /** Step outcomes examined so far. */
    long outcomes() {
        return outcomes.sum();
    }

    /** The ways hanging tree {@code id} completes within {@code steps} steps, or null when it cannot. */
    OpPolynomial ways(int id, int steps) {
        if (steps <= 0 || table.depth(id) > StepChoices.reach(steps)
                || ForestBounds.extraNeeded(table.depth(id), steps) > maxExtra) return null;
        OpPolynomial known = ways.get(id, steps);
        if (known != null) return ways.isImpossible(known) ? null : known;
        OpPolynomial sum = null;
        for (int s = 0; s < steps; s++) sum = plus(sum, belowStill(id, s, steps));
        return ways.put(id, steps, sum);
    }

    /** The ways tree {@code id} completes within {@code steps} steps with its root not jumping in the first. */
    OpPolynomial staying(int id, int steps) {
        OpPolynomial sum = null;
        for (int s = 1; s < steps; s++) sum = plus(sum, belowStill(id, s, steps));
        return sum;
    }

    /** The product over the root's subtrees of their ways below a root that stays put {@code s} steps. */
    private OpPolynomial belowStill(int id, int s, int steps) {
        OpPolynomial product = one;
        for (int child : table.children(id)) {
            OpPolynomial[] q = under(child, steps);
            if (q == null || q[s] == null) return null;
            product = product.times(q[s]);
        }
        return product;
    }

    /**
     * The ways of the subtree {@code id} below a root that stays put for s more steps and then jumps, the whole
     * within {@code steps} steps, for every s in {@code 0 .. steps − 1} (null entries: impossible).
     */
    OpPolynomial[] under(int id, int steps) {
        if (steps <= 0 || table.depth(id) + 1 > StepChoices.reach(steps)
                || ForestBounds.extraNeeded(table.depth(id) + 1, steps) > maxExtra) return null;
        OpPolynomial[] known = under.get(id, steps);
        if (known != null) return under.isImpossible(known) ? null : known;
        cancel.throwIfCancelledSometimes();
        OpPolynomial[] q = new OpPolynomial[steps];
        OpPolynomial stay = staying(id, steps);
        q[0] = stay == null ? null : stay.times(onePlusZ);
        if (steps >= 2) {
            Map<Outcome, long[]> outcomes = outcomesOf(id, steps);
            if (split != null && split.splits(steps)) {
                split.run(ForestSplit.subCounts(outcomes, table), c -> factors(c.tree(), steps, c.first()));
            }
            OutcomeSums.Factors f = (tree, first) -> factors(tree, steps, first);
            OpPolynomial[] rest = OutcomeSums.sum(outcomes.entrySet(), steps, maxExtra, f);
            if (rest == null) rest = OutcomeSums.sumExactly(outcomes.entrySet(), steps, f);
            System.arraycopy(rest, 1, q, 1, steps - 1);
        }
        return under.put(id, steps, q);
    }

    /**
     * The factor of a tree that a step outcome leaves below a root with {@code steps} steps left, by the steps s
     * (1..steps−1) that root stays: the tree stays below it (its {@link #under} with one step fewer, shifted), or,
     * for the outcome's first tree (the subtree's own root), also jumps away at once as a hanging tree at one op.
     */
    private OpPolynomial[] factors(int tree, int steps, boolean first) {
        ForestMemo<OpPolynomial[]> memo = first ? rootFactors : leavingFactors;
        OpPolynomial[] known = memo.get(tree, steps);
        if (known != null) return memo.isImpossible(known) ? null : known;
        OpPolynomial[] below = under(tree, steps - 1);
        OpPolynomial leaves = first && z != null ? OpPolynomial.product(ways(tree, steps - 1), z) : null;
        OpPolynomial[] f = new OpPolynomial[steps];
        boolean any = false;
        for (int s = 1; s < steps; s++) {
            f[s] = plus(below == null ? null : below[s - 1], leaves);
            any |= f[s] != null;
        }
        return memo.put(tree, steps, any ? f : null);
    }

    /**
     * The step outcomes of tree {@code id} whose root stays put, merged: for each outcome (the root's new tree
     * first, then the trees its jumping children start, sorted), how many jump sets reach it with each number of
     * extra ops.
     */
    private Map<Outcome, long[]> outcomesOf(int id, int steps) {
        Map<Outcome, long[]> merged = new HashMap<>();
        choices.forEach(table.parents(id), steps, maxExtra, true, (jump, extra, trees, layouts, count) -> {
            outcomes.increment();
            int[] key = java.util.Arrays.copyOf(trees, count);
            java.util.Arrays.sort(key, 1, count);
            merged.computeIfAbsent(new Outcome(key), k -> new long[maxExtra + 1])[extra]++;
        });
        return merged;
    }

    /** A step outcome: the staying root's new tree, then the sorted trees that leave it. */
    record Outcome(int[] trees) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Outcome x && java.util.Arrays.equals(x.trees, trees);
        }

        @Override
        public int hashCode() {
            return TreeTable.mix(trees, trees.length);
        }
    }

    private static OpPolynomial plus(OpPolynomial a, OpPolynomial b) {
        if (a == null) return b;
        if (b == null) return a;
        return a.plus(b);
    }

}
