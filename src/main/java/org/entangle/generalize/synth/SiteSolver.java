package org.entangle.generalize.synth;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.entangle.lang.Expr;

/**
 * Solves the holes of one sketch block by programming by example (GUIDE §5): for each destination candidate
 * (bottom-up, smallest first) the example fixes the active lanes (the lanes whose destination is a written
 * wire, each exactly once), so the condition's truth on every lane and both operands on every active lane
 * (in index order: lower wire first) become input–output examples, each solved separately by enumeration
 * with observational equivalence over all recorded lane environments.
 */
final class SiteSolver {

    /** A filling of this block's holes and its total size. */
    record Solution(Map<Integer, Term> holes, int size) {
    }

    private final Skeleton.Site site;
    private final List<int[]> lanes;
    private final int exampleLanes;
    private final int[] runStarts;
    private final Position condition;
    private final Position destination;
    private final Position left;
    private final Position right;

    /**
     * @param exampleRuns the lanes of each execution of this block at the example's N
     * @param extraLanes  lanes from counterexample N (refine the equivalence, constrain nothing)
     */
    SiteSolver(Skeleton.Site site, List<List<int[]>> exampleRuns, List<int[]> extraLanes, int classLimit) {
        this.site = site;
        this.lanes = new ArrayList<>();
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
    }

    /** Every filling of total size at most {@code bound} under which the block writes exactly {@code targets} (dst → src per execution). */
    List<Solution> solve(List<Map<Integer, Integer>> targets, int bound, int limit, boolean exhaustive) {
        List<Solution> out = new ArrayList<>();
        int solvedAtDestinationSize = Integer.MAX_VALUE;
        int others = (condition != null && condition.hole != null ? 1 : 0) + (left.hole != null ? 1 : 0) + (right.hole != null ? 1 : 0);
        for (TermEnumerator.Entry d : destination.candidates(bound - others)) {
            if (!exhaustive && size(d.term()) > solvedAtDestinationSize) break;
            boolean[] active = activeLanes(d.values(), targets);
            if (active == null) continue;
            int[] low = new int[exampleLanes];
            int[] high = new int[exampleLanes];
            int r = 0;
            for (int l = 0; l < exampleLanes; l++) {
                while (l >= runStarts[r + 1]) r++;
                if (!active[l]) continue;
                int dst = d.values()[l];
                int src = targets.get(r).get(dst);
                low[l] = Math.min(dst, src);
                high[l] = Math.max(dst, src);
            }
            int rest = bound - size(d.term());
            List<TermEnumerator.Entry> lows = left.matching(low, active, rest, exhaustive);
            if (lows.isEmpty()) continue;
            List<TermEnumerator.Entry> highs = right.matching(high, active, rest, exhaustive);
            if (highs.isEmpty()) continue;
            List<Term> conditions = condition == null ? allTrue(active) : condition.conditions(active, exampleLanes, rest, exhaustive);
            if (!exhaustive) conditions = smallest(conditions);
            if (!conditions.isEmpty()) solvedAtDestinationSize = Math.min(solvedAtDestinationSize, size(d.term()));
            for (Term c : conditions) {
                for (TermEnumerator.Entry a : lows) {
                    for (TermEnumerator.Entry b : highs) {
                        int total = size(d.term()) + size(c) + size(a.term()) + size(b.term());
                        if (total > bound || out.size() >= limit) continue;
                        Map<Integer, Term> holes = new HashMap<>();
                        put(holes, destination, d.term());
                        if (condition != null) put(holes, condition, c);
                        put(holes, left, a.term());
                        put(holes, right, b.term());
                        out.add(new Solution(holes, total));
                    }
                }
            }
        }
        out.sort(Comparator.comparingInt(Solution::size));
        return out;
    }

    private static List<Term> smallest(List<Term> terms) {
        int min = Integer.MAX_VALUE;
        for (Term t : terms) min = Math.min(min, size(t));
        List<Term> out = new ArrayList<>();
        for (Term t : terms) if (size(t) == min) out.add(t);
        return out;
    }

    private static void put(Map<Integer, Term> holes, Position p, Term t) {
        if (p.hole != null) holes.put(p.hole.id(), t);
    }

    private static int size(Term t) {
        return t == null ? 0 : t.size();
    }

    private static List<Term> allTrue(boolean[] active) {
        for (boolean a : active) if (!a) return List.of();
        return java.util.Collections.singletonList(null);
    }

    /** The lanes writing the targets: each target wire the destination of exactly one lane; null when that fails. */
    private boolean[] activeLanes(int[] dst, List<Map<Integer, Integer>> targets) {
        boolean[] active = new boolean[exampleLanes];
        for (int r = 0; r < targets.size(); r++) {
            Map<Integer, Integer> hits = new HashMap<>();
            Map<Integer, Integer> want = targets.get(r);
            for (int l = runStarts[r]; l < runStarts[r + 1]; l++) {
                if (want.containsKey(dst[l]) && hits.put(dst[l], l) != null) return null;
            }
            if (hits.size() != want.size()) return null;
            for (int l : hits.values()) active[l] = true;
        }
        return active;
    }

    /** A condition or index of the block: a hole with its enumerator, or a fixed expression with its values. */
    private static final class Position {
        final Expr.Hole hole;
        final TermEnumerator enumerator;
        final int[] fixed;
        private ConditionSpace conditions;
        private final Map<String, List<Term>> solved = new HashMap<>();
        private final int classLimit;
        private final int[][] environments;

        Position(Expr e, List<int[]> lanes, int classLimit) {
            this.hole = e instanceof Expr.Hole h ? h : null;
            this.classLimit = classLimit;
            if (hole != null) {
                environments = new int[lanes.size()][hole.varSlots().length];
                for (int l = 0; l < lanes.size(); l++) {
                    for (int v = 0; v < hole.varSlots().length; v++) environments[l][v] = lanes.get(l)[hole.varSlots()[v]];
                }
                enumerator = new TermEnumerator(hole.grammar(), environments, classLimit);
                fixed = null;
            } else {
                environments = null;
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

        List<TermEnumerator.Entry> candidates(int bound) {
            if (hole == null) return List.of(new TermEnumerator.Entry(null, fixed));
            List<TermEnumerator.Entry> out = new ArrayList<>();
            for (int s = 1; s <= Math.min(bound, hole.grammar().maxSize()); s++) out.addAll(enumerator.level(s));
            return out;
        }

        /** The classes equal to {@code want} on the active lanes: all up to {@code bound}, or only those of the smallest size. */
        List<TermEnumerator.Entry> matching(int[] want, boolean[] active, int bound, boolean exhaustive) {
            List<TermEnumerator.Entry> out = new ArrayList<>();
            if (hole == null) {
                if (matches(fixed, want, active)) out.add(new TermEnumerator.Entry(null, fixed));
                return out;
            }
            for (int s = 1; s <= Math.min(bound, hole.grammar().maxSize()); s++) {
                for (TermEnumerator.Entry e : enumerator.level(s)) if (matches(e.values(), want, active)) out.add(e);
                if (!exhaustive && !out.isEmpty()) break;
            }
            return out;
        }

        private static boolean matches(int[] values, int[] want, boolean[] active) {
            for (int l = 0; l < active.length; l++) if (active[l] && values[l] != want[l]) return false;
            return true;
        }

        List<Term> conditions(boolean[] truth, int exampleLanes, int bound, boolean exhaustive) {
            if (hole == null) {
                for (int l = 0; l < exampleLanes; l++) if (fixed[l] == TermEnumerator.ERROR || (fixed[l] != 0) != truth[l]) return List.of();
                return java.util.Collections.singletonList(null);
            }
            if (conditions == null) conditions = new ConditionSpace(hole.grammar(), enumerator, exampleLanes);
            int limit = Math.min(bound, hole.grammar().maxSize());
            return solved.computeIfAbsent(java.util.Arrays.toString(truth) + limit + exhaustive, k -> conditions.solve(truth, limit, exhaustive));
        }
    }
}
