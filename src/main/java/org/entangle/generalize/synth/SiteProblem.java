package org.entangle.generalize.synth;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One sketch block against one assignment of example steps to its executions, solved by size: the fillings of
 * the block's holes of exactly s nodes under which every execution writes exactly its target ops. A destination
 * class fixes the active lanes (the lanes whose destination is a target wire, each target hit exactly once), so
 * the condition's truth on every example lane and both operands on the active lanes (lower wire first) become
 * input–output examples. Destinations that agree on the active lanes share those examples and are grouped;
 * a group whose truth vector no condition of the grammar produces is dropped before any operand is searched
 * (the cheap necessary condition that rules out most alignments).
 */
final class SiteProblem {

    /** A filling of the block's holes (hole id → term) and its total size. */
    record Solution(Map<Integer, Term> holes, int size) {
    }

    /** Destinations that agree on the active lanes, and what they ask of the other positions. */
    private static final class Group {
        final int[] activeLanes;
        final int[] low;
        final int[] high;
        final long[] truth;
        final List<Term> destinations = new ArrayList<>();
        List<Term> conditions;
        final Map<Integer, List<TermEnumerator.Entry>> lefts = new HashMap<>();
        final Map<Integer, List<TermEnumerator.Entry>> rights = new HashMap<>();

        Group(int[] activeLanes, int[] low, int[] high, long[] truth) {
            this.activeLanes = activeLanes;
            this.low = low;
            this.high = high;
            this.truth = truth;
        }
    }

    private final SiteSolver solver;
    private final int runs;
    private final int width;
    /** Per execution, the source of each target wire (−1 for a wire it must not write). */
    private final int[][] sources;
    private final int[] targetCounts;
    private final Map<TermEnumerator.Key, Group> groups = new LinkedHashMap<>();
    private int destinationsScanned = -1;
    /** Groups with at least one condition (the others are kept only so their destinations are rejected at once). */
    private int viableGroups;
    private final List<List<Solution>> bySize = new ArrayList<>();

    SiteProblem(SiteSolver solver, List<Map<Integer, Integer>> targets) {
        this.solver = solver;
        this.runs = targets.size();
        int w = 1;
        for (Map<Integer, Integer> t : targets) for (Map.Entry<Integer, Integer> op : t.entrySet()) w = Math.max(w, Math.max(op.getKey(), op.getValue()) + 1);
        this.width = w;
        this.sources = new int[runs][width];
        this.targetCounts = new int[runs];
        for (int r = 0; r < runs; r++) {
            Arrays.fill(sources[r], -1);
            for (Map.Entry<Integer, Integer> op : targets.get(r).entrySet()) sources[r][op.getKey()] = op.getValue();
            targetCounts[r] = targets.get(r).size();
        }
    }

    /** The fillings of exactly {@code size} nodes (sizes below it are solved first). */
    List<Solution> solutions(int size) {
        while (bySize.size() <= size) bySize.add(solve(bySize.size()));
        return bySize.get(size);
    }

    /** No filling of fewer nodes exists: the smallest size solved with a filling, or the first size not solved yet. */
    int lowerBound() {
        for (int s = 0; s < bySize.size(); s++) if (!bySize.get(s).isEmpty()) return s;
        return Math.max(bySize.size(), solver.minSize());
    }

    /** Whether the block has no filling at all under these targets (every size its grammars allow is solved and empty). */
    boolean impossible() {
        if (destinationsScanned >= solver.destination.maxSize() && viableGroups == 0) return true;
        return lowerBound() > solver.maxSize();
    }

    private int conditionMin() {
        return solver.condition == null ? 0 : solver.condition.minSize();
    }

    private List<Solution> solve(int size) {
        List<Solution> out = new ArrayList<>();
        if (size < solver.minSize() || size > solver.maxSize()) return out;
        SiteSolver.Position left = solver.left;
        SiteSolver.Position right = solver.right;
        scanDestinations(size - conditionMin() - left.minSize() - right.minSize());
        for (Group g : groups.values()) {
            for (Term d : g.destinations) {
                int rest = size - size(d);
                if (rest < 0) break;
                for (Term c : g.conditions) {
                    int operands = rest - size(c);
                    if (operands < left.minSize() + right.minSize()) break;
                    for (int a = left.minSize(); a <= Math.min(left.maxSize(), operands - right.minSize()); a++) {
                        int b = operands - a;
                        if (b > right.maxSize()) continue;
                        List<TermEnumerator.Entry> lows = operands(g, g.lefts, left, g.low, a);
                        if (lows.isEmpty()) continue;
                        List<TermEnumerator.Entry> highs = operands(g, g.rights, right, g.high, b);
                        for (TermEnumerator.Entry lo : lows) {
                            for (TermEnumerator.Entry hi : highs) out.add(solution(c, d, lo.term(), hi.term(), size));
                        }
                    }
                }
            }
        }
        return out;
    }

    private static List<TermEnumerator.Entry> operands(Group g, Map<Integer, List<TermEnumerator.Entry>> cache, SiteSolver.Position p,
                                                      int[] want, int size) {
        return cache.computeIfAbsent(size, s -> p.matching(want, g.activeLanes, s));
    }

    private Solution solution(Term c, Term d, Term a, Term b, int size) {
        Map<Integer, Term> holes = new HashMap<>();
        put(holes, solver.condition, c);
        put(holes, solver.destination, d);
        put(holes, solver.left, a);
        put(holes, solver.right, b);
        return new Solution(holes, size);
    }

    private static void put(Map<Integer, Term> holes, SiteSolver.Position p, Term t) {
        if (p != null && p.hole != null) holes.put(p.hole.id(), t);
    }

    private static int size(Term t) {
        return t == null ? 0 : t.size();
    }

    /** Groups the destination classes of up to {@code upTo} nodes by what they ask of the other positions. */
    private void scanDestinations(int upTo) {
        SiteSolver.Position dst = solver.destination;
        int last = Math.min(upTo, dst.maxSize());
        int[] stamp = new int[width];
        int mark = 0;
        for (int size = destinationsScanned + 1; size <= last; size++) {
            for (TermEnumerator.Entry d : dst.level(size)) {
                mark = classify(d, stamp, mark);
            }
            destinationsScanned = size;
        }
    }

    /** Adds destination {@code d} to its group when it hits every target wire exactly once in every execution. */
    private int classify(TermEnumerator.Entry d, int[] stamp, int mark) {
        int[] values = d.values();
        int active = 0;
        for (int r = 0; r < runs; r++) {
            mark++;
            int hits = 0;
            for (int l = solver.runStarts[r]; l < solver.runStarts[r + 1]; l++) {
                int v = values[l];
                if (v < 0 || v >= width || sources[r][v] < 0) continue;
                if (stamp[v] == mark) return mark;
                stamp[v] = mark;
                hits++;
            }
            if (hits != targetCounts[r]) return mark;
            active += hits;
        }
        int[] lanes = new int[active];
        int[] low = new int[active];
        int[] high = new int[active];
        long[] truth = new long[Math.max(1, (solver.exampleLanes + 63) / 64)];
        int k = 0;
        for (int r = 0; r < runs; r++) {
            for (int l = solver.runStarts[r]; l < solver.runStarts[r + 1]; l++) {
                int v = values[l];
                if (v < 0 || v >= width || sources[r][v] < 0) continue;
                lanes[k] = l;
                low[k] = Math.min(v, sources[r][v]);
                high[k] = Math.max(v, sources[r][v]);
                truth[l >> 6] |= 1L << l;
                k++;
            }
        }
        int[] parts = new int[3 * active];
        System.arraycopy(lanes, 0, parts, 0, active);
        System.arraycopy(low, 0, parts, active, active);
        System.arraycopy(high, 0, parts, 2 * active, active);
        TermEnumerator.Key key = new TermEnumerator.Key(parts);
        Group g = groups.get(key);
        if (g == null) {
            g = new Group(lanes, low, high, truth);
            g.conditions = conditions(truth);
            groups.put(key, g);
            if (!g.conditions.isEmpty()) viableGroups++;
        }
        if (!g.conditions.isEmpty()) g.destinations.add(d.term());
        return mark;
    }

    /** The conditions (smallest first) true exactly on the lanes of {@code truth}: a lookup for a hole. */
    private List<Term> conditions(long[] truth) {
        SiteSolver.Position c = solver.condition;
        if (c == null) return everyLane(truth) ? java.util.Collections.singletonList(null) : List.of();
        if (c.hole != null) return solver.conditions.solve(truth);
        for (int l = 0; l < solver.exampleLanes; l++) {
            boolean on = (truth[l >> 6] & (1L << l)) != 0;
            if (c.fixed[l] == TermEnumerator.ERROR || (c.fixed[l] != 0) != on) return List.of();
        }
        return java.util.Collections.singletonList(null);
    }

    private boolean everyLane(long[] truth) {
        for (int l = 0; l < solver.exampleLanes; l++) if ((truth[l >> 6] & (1L << l)) == 0) return false;
        return true;
    }
}
