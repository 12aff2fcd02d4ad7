package org.entangle.generalize.synth;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.entangle.lang.Expr;

/**
 * The holes of one sketch block, ready to be solved by programming by example: the lane environments
 * of the block's executions at the example's N (and sampled lanes of counterexample N, which refine the
 * observational equivalence but constrain nothing), and for each of its four positions (condition, destination,
 * left and right operand) either a hole with its bottom-up enumerator or a fixed expression with its values.
 * {@link #problem} poses the block against one assignment of example steps to its executions.
 */
final class SiteSolver {

    /** A condition or index of the block: a hole with its enumerator, or a fixed expression with its values. */
    static final class Position {
        final Expr.Hole hole;
        final TermEnumerator enumerator;
        final int[] fixed;

        Position(Expr e, List<int[]> lanes, int classLimit) {
            this.hole = e instanceof Expr.Hole h ? h : null;
            if (hole != null) {
                int[][] environments = new int[lanes.size()][hole.varSlots().length];
                for (int l = 0; l < lanes.size(); l++) {
                    for (int v = 0; v < hole.varSlots().length; v++) environments[l][v] = lanes.get(l)[hole.varSlots()[v]];
                }
                enumerator = new TermEnumerator(hole.grammar(), environments, classLimit);
                fixed = null;
            } else {
                enumerator = null;
                fixed = new int[lanes.size()];
                for (int l = 0; l < lanes.size(); l++) {
                    try {
                        fixed[l] = Skeleton.value(e, lanes.get(l));
                    } catch (SketchError err) {
                        fixed[l] = TermEnumerator.ERROR;
                    }
                }
            }
        }

        /** The smallest size a filling of this position has: 1 for a hole, 0 for a fixed expression. */
        int minSize() {
            return hole == null ? 0 : 1;
        }

        /** The largest: the hole's grammar bound, 0 for a fixed expression. */
        int maxSize() {
            return hole == null ? 0 : hole.grammar().maxSize();
        }

        /** The classes of exactly {@code size} nodes (a fixed expression: one entry of size 0). */
        List<TermEnumerator.Entry> level(int size) {
            if (hole == null) return size == 0 ? List.of(new TermEnumerator.Entry(null, fixed)) : List.of();
            return size < 1 || size > hole.grammar().maxSize() ? List.of() : enumerator.level(size);
        }

        /** The classes of exactly {@code size} nodes equal to {@code want} on the active lanes. */
        List<TermEnumerator.Entry> matching(int[] want, int[] activeLanes, int size) {
            List<TermEnumerator.Entry> out = new ArrayList<>();
            for (TermEnumerator.Entry e : level(size)) {
                int[] v = e.values();
                boolean ok = true;
                for (int k = 0; k < activeLanes.length && ok; k++) ok = v[activeLanes[k]] == want[k];
                if (ok) out.add(e);
            }
            return out;
        }
    }

    final Skeleton.Site site;
    final int exampleLanes;
    final int[] runStarts;
    final Position condition;
    final Position destination;
    final Position left;
    final Position right;
    /** The conditions of the condition hole (null when the condition is fixed or absent). */
    final ConditionSpace conditions;

    /**
     * @param exampleRuns the lanes of each execution of this block at the example's N
     * @param extraLanes  lanes from counterexample N (refine the equivalence, constrain nothing)
     */
    SiteSolver(Skeleton.Site site, List<List<int[]>> exampleRuns, List<int[]> extraLanes, int classLimit) {
        this.site = site;
        List<int[]> lanes = new ArrayList<>();
        this.runStarts = new int[exampleRuns.size() + 1];
        for (int r = 0; r < exampleRuns.size(); r++) {
            runStarts[r] = lanes.size();
            lanes.addAll(exampleRuns.get(r));
        }
        runStarts[exampleRuns.size()] = lanes.size();
        this.exampleLanes = lanes.size();
        lanes.addAll(extraLanes);
        this.condition = site.condition() == null ? null : new Position(site.condition(), lanes, classLimit);
        this.destination = new Position(site.destination(), lanes, classLimit);
        this.left = new Position(site.left(), lanes, classLimit);
        this.right = new Position(site.right(), lanes, classLimit);
        this.conditions = condition == null || condition.hole == null ? null
                : new ConditionSpace(condition.hole.grammar(), condition.enumerator, exampleLanes, lanes.size());
    }

    /** The block posed against {@code targets}: per execution, the ops (dst → src) it must write. */
    SiteProblem problem(List<Map<Integer, Integer>> targets) {
        return new SiteProblem(this, targets);
    }

    /** Every filling's smallest total size, and the largest the grammars allow. */
    int minSize() {
        return (condition == null ? 0 : condition.minSize()) + destination.minSize() + left.minSize() + right.minSize();
    }

    int maxSize() {
        return (condition == null ? 0 : condition.maxSize()) + destination.maxSize() + left.maxSize() + right.maxSize();
    }
}
