package org.entangle.oracle.forest;

import java.util.HashMap;
import java.util.Map;
import org.entangle.work.CancellationToken;

/**
 * The number of ways a hanging tree ({@link StepChoices}) completes within a number of steps, by extra ops: a
 * memo over (unlabelled tree, steps left). Relabelling wires does not change how a tree can evolve, and the hanging
 * trees a step leaves evolve independently, so a tree's ways are the sum over its admissible jump sets of
 * {@code z^extra} times the product of the ways of the trees the step leaves. Not thread-safe.
 */
final class ForestCounts {

    private static final OpPolynomial NONE = null;

    private final TreeTable table;
    private final StepChoices choices;
    private final int maxExtra;
    private CancellationToken cancel;
    private final Map<Long, OpPolynomial> memo = new HashMap<>();
    private final Map<Long, Boolean> infeasible = new HashMap<>();
    private long jumpSets;

    ForestCounts(TreeTable table, int maxExtra, CancellationToken cancel) {
        this.table = table;
        this.choices = new StepChoices(table, false);
        this.maxExtra = maxExtra;
        this.cancel = cancel;
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
    int entries() {
        return memo.size() + infeasible.size();
    }

    /** Jump sets examined so far. */
    long jumpSets() {
        return jumpSets;
    }

    /**
     * The ways tree {@code id} completes within {@code steps} steps, or null when it cannot. When the root jumps
     * it completes, and each child's subtree then evolves on its own exactly as if its root had stayed (a child
     * that jumps too reaches a complete wire either way, at one extra op): so the ways are those in which the root
     * stays, plus the product over the children of {@code (1 + z)} times their ways with their root staying.
     */
    OpPolynomial ways(int id, int steps) {
        if (steps == 0 || table.depth(id) > StepChoices.reach(steps)) return NONE;
        long key = ((long) id << 7) | (steps << 1);
        OpPolynomial known = memo.get(key);
        if (known != null || infeasible.containsKey(key)) return known;
        OpPolynomial product = OpPolynomial.monomial(0, maxExtra);
        OpPolynomial onePlusZ = maxExtra == 0 ? product : product.plus(OpPolynomial.monomial(1, maxExtra));
        for (int child : table.children(id)) {
            OpPolynomial w = staying(child, steps);
            if (w == null) {
                product = null;
                break;
            }
            product = product.times(onePlusZ).times(w);
        }
        OpPolynomial stay = staying(id, steps);
        OpPolynomial result = product == null ? stay : stay == null ? product : stay.plus(product);
        if (result != null && result.isZero()) result = null;
        remember(key, result);
        return result;
    }

    /** The ways tree {@code id} completes within {@code steps} steps with its root not jumping in the first. */
    OpPolynomial staying(int id, int steps) {
        if (steps == 0 || table.depth(id) > StepChoices.reach(steps)) return NONE;
        if (table.size(id) == 1) return steps >= 2 ? ways(id, steps - 1) : NONE;
        long key = ((long) id << 7) | (steps << 1) | 1;
        OpPolynomial known = memo.get(key);
        if (known != null || infeasible.containsKey(key)) return known;
        cancel.throwIfCancelledSometimes();
        OpPolynomial[] sum = {null};
        choices.forEach(table.parents(id), steps, maxExtra, true, (jump, ops, extra, trees, layouts, count) -> {
            jumpSets++;
            OpPolynomial product = OpPolynomial.monomial(extra, maxExtra);
            for (int i = 0; i < count; i++) {
                OpPolynomial w = ways(trees[i], steps - 1);
                if (w == null) return;
                product = product.times(w);
            }
            sum[0] = sum[0] == null ? product : sum[0].plus(product);
        });
        OpPolynomial result = sum[0] == null || sum[0].isZero() ? NONE : sum[0];
        remember(key, result);
        return result;
    }

    private void remember(long key, OpPolynomial result) {
        if (result == null) infeasible.put(key, Boolean.TRUE);
        else memo.put(key, result);
    }
}
