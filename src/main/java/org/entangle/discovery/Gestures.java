package org.entangle.discovery;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.entangle.entanglement.Block;
import org.entangle.entanglement.TraceSet;
import org.entangle.lang.AngelChoice;
import org.entangle.network.ResultKind;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.Pin;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.space.SpaceSpec;
import org.entangle.oracle.space.SpaceTrace;
import org.entangle.oracle.space.TraceSpace;
import org.entangle.oracle.Trace;
import org.entangle.work.CancellationToken;

/**
 * The gestures that turn what an entanglement result shows into a {@link Constraint}: a point of the analysed
 * traces' Pareto front over (size, depth) becomes a slice, a block's value combination becomes a fixed block, the
 * state of a trace after a step becomes a pin. Also the measures the guided tour chooses by: a combination's SIMD
 * regularity (the distinct (step, offset) pairs of its networks: a regular network gives every lane of a step the
 * same offset, as the talk's Brent–Kung program does) and the state the angels give a reduction in log2 N steps.
 */
public final class Gestures {

    /** A point of the Pareto front and how many analysed traces lie on it. */
    public record ParetoPoint(int size, int depth, int traces) {
        @Override
        public String toString() {
            return "size " + size + ", depth " + depth + ": " + traces + " analysed trace" + (traces == 1 ? "" : "s");
        }
    }

    /** One value combination of a block: its row in the block's projection, its tokens, the analysed traces with it. */
    public record Combination(int row, List<String> tokens, int traces) {
        @Override
        public String toString() {
            return "combination " + row + ": (" + String.join(",", tokens) + ") in " + traces + " trace" + (traces == 1 ? "" : "s");
        }
    }

    private Gestures() {
    }

    /** The Pareto front of the analysed traces' networks over (size, depth), fewest ops first. */
    public static List<ParetoPoint> paretoFront(Stage stage) {
        Map<List<Integer>, Integer> points = new TreeMap<>((a, b) -> a.get(0).equals(b.get(0)) ? a.get(1) - b.get(1) : a.get(0) - b.get(0));
        for (Trace t : stage.traceList()) {
            NetworkMetrics m = Metrics.of(t.network());
            points.merge(List.of(m.size(), m.depth()), 1, Integer::sum);
        }
        List<ParetoPoint> front = new ArrayList<>();
        int bestDepth = Integer.MAX_VALUE;
        for (Map.Entry<List<Integer>, Integer> p : points.entrySet()) {
            int depth = p.getKey().get(1);
            if (depth < bestDepth) {
                front.add(new ParetoPoint(p.getKey().get(0), depth, p.getValue()));
                bestDepth = depth;
            }
        }
        return front;
    }

    /** The slice of one Pareto point. */
    public static Constraint.Slice slice(ParetoPoint point) {
        return new Constraint.Slice(point.size(), point.depth());
    }

    /** The value combinations of one raw block, in the order of the block's projection. */
    public static List<Combination> combinations(Stage stage, Block block) {
        TraceSet set = stage.traces().set();
        int[] angels = block.angels().stream().mapToInt(Integer::intValue).toArray();
        TraceSet projected = set.project(angels);
        Map<List<Integer>, Integer> counts = new HashMap<>();
        for (int r = 0; r < set.size(); r++) counts.merge(key(set, r, angels), 1, Integer::sum);
        List<Combination> combinations = new ArrayList<>();
        for (int r = 0; r < projected.size(); r++) {
            List<String> tokens = new ArrayList<>();
            List<Integer> codes = new ArrayList<>();
            for (int a = 0; a < angels.length; a++) {
                tokens.add(projected.token(r, a));
                codes.add(set.domain(angels[a]).code(projected.token(r, a)));
            }
            combinations.add(new Combination(r, tokens, counts.getOrDefault(codes, 0)));
        }
        return combinations;
    }

    /**
     * Fixes {@code block} to one of its combinations: the ranges that the block's lanes hold after the block's steps
     * in every analysed trace with that combination. Refuses, saying why, when those ranges differ between such
     * traces (the combination would then not be expressible as ranges).
     */
    public static Constraint.FixBlock fix(Stage stage, int blockIndex, Combination combination) {
        Block block = stage.rawPartition().blocks().get(blockIndex);
        TraceSet set = stage.traces().set();
        int[] angels = block.angels().stream().mapToInt(Integer::intValue).toArray();
        Map<String, int[]> loops = loopValues(stage);
        Set<List<Integer>> places = new TreeSet<>((a, b) -> a.get(0).equals(b.get(0)) ? a.get(1) - b.get(1) : a.get(0) - b.get(0));
        for (int a : angels) {
            int[] l = loops.get(set.domain(a).name());
            if (l != null && l.length >= 2) places.add(List.of(l[0], l[l.length - 1]));
        }
        if (places.isEmpty()) throw new IllegalArgumentException("block " + blockIndex + " holds no lane's choice in a step");
        SpecForm form = stage.spec().form();
        Map<List<Integer>, Integer> ranges = new LinkedHashMap<>();
        List<Integer> wanted = new ArrayList<>();
        for (int a = 0; a < angels.length; a++) wanted.add(set.domain(angels[a]).code(combination.tokens().get(a)));
        for (int r = 0; r < set.size(); r++) {
            if (!key(set, r, angels).equals(wanted)) continue;
            TraceStates states = TraceStates.of(stage.traceList().get(r), form.n(), form.steps());
            for (List<Integer> place : places) {
                int lo = states.lo(place.get(0), place.get(1));
                Integer before = ranges.putIfAbsent(place, lo);
                if (before != null && before != lo) {
                    throw new IllegalArgumentException("combination " + combination.row() + " of block " + blockIndex
                            + " leaves wire " + place.get(1) + " after step " + place.get(0) + " open (ranges starting at " + before
                            + " and " + lo + "), so it cannot be written as ranges");
                }
            }
        }
        if (ranges.isEmpty()) throw new IllegalArgumentException("no analysed trace has combination " + combination.row());
        List<Constraint.WireRange> fixes = new ArrayList<>();
        ranges.forEach((place, lo) -> fixes.add(new Constraint.WireRange(place.get(0), place.get(1), lo)));
        TreeSet<Integer> lanes = new TreeSet<>();
        places.forEach(p -> lanes.add(p.get(1)));
        return new Constraint.FixBlock("block " + blockIndex + " (lanes " + lanes + ") to its combination " + combination.row()
                + " of " + block.combinations(), fixes);
    }

    /** Pins the state that {@code trace} reaches after {@code step}. */
    public static Constraint.PinState pin(Stage stage, Trace trace, int step, String reason) {
        SpecForm form = stage.spec().form();
        int[] lo = TraceStates.of(trace, form.n(), form.steps()).los(step);
        int[] hi = new int[lo.length];
        Arrays.setAll(hi, i -> i);
        return new Constraint.PinState(new Pin(step, lo, hi), reason);
    }

    /**
     * Asks the angels how to reduce n inputs in log2 n steps with n − 1 ops, and pins the state their trace reaches
     * after step log2 n (for n a power of two this state is unique: Brent and Kung's up-sweep). The question goes to
     * the spec-form state space (about a second at n = 16, the widest the tour runs at).
     */
    public static Constraint.PinState reductionPin(SpecForm problem, CancellationToken cancel) {
        int n = problem.n();
        int steps = 31 - Integer.numberOfLeadingZeros(Math.max(1, n));
        TraceSpace reductions = TraceSpace.of(SpaceSpec.of(new SpecForm(n, steps, n - 1, Constraints.NONE.withKind(ResultKind.REDUCE))));
        cancel.throwIfCancelled();
        BigInteger count = reductions.count();
        if (count.signum() == 0) throw new IllegalArgumentException("no reduction of " + n + " inputs in " + steps + " steps exists");
        SpaceTrace first = reductions.sample(1, 1).get(0);
        int[] lo = new int[n];
        Arrays.setAll(lo, i -> i);
        for (int s = 0; s < steps; s++) {
            int[] before = lo.clone();
            for (int r = 0; r < n; r++) if (first.fires(s, r)) lo[r] = before[first.source()[s][r]];
        }
        int[] hi = new int[n];
        Arrays.setAll(hi, i -> i);
        return new Constraint.PinState(new Pin(steps, lo, hi), "the state of the angels' reduction of " + n + " inputs in "
                + steps + " steps with " + (n - 1) + " ops; they know " + count + " such reduction" + (count.equals(BigInteger.ONE) ? "" : "s"));
    }

    /**
     * The SIMD irregularity of a trace: the number of distinct (step, offset) pairs among its combining lanes (one
     * per step when every lane of a step reads the same distance to its left).
     */
    public static int irregularity(Trace trace, int n, int steps) {
        TraceStates states = TraceStates.of(trace, n, steps);
        Set<Long> pairs = new java.util.HashSet<>();
        for (int s = 1; s <= steps; s++) {
            for (int r = 0; r < n; r++) if (states.offset(s, r) > 0) pairs.add((long) s * (n + 1) + states.offset(s, r));
        }
        return pairs.size();
    }

    /** The combination of a block whose most regular analysed trace is the most regular (the first on ties). */
    public static Combination mostRegular(Stage stage, int blockIndex) {
        Block block = stage.rawPartition().blocks().get(blockIndex);
        TraceSet set = stage.traces().set();
        int[] angels = block.angels().stream().mapToInt(Integer::intValue).toArray();
        SpecForm form = stage.spec().form();
        Map<List<Integer>, Integer> best = new HashMap<>();
        for (int r = 0; r < set.size(); r++) {
            best.merge(key(set, r, angels), irregularity(stage.traceList().get(r), form.n(), form.steps()), Math::min);
        }
        Combination chosen = null;
        int chosenScore = Integer.MAX_VALUE;
        for (Combination c : combinations(stage, block)) {
            List<Integer> codes = new ArrayList<>();
            for (int a = 0; a < angels.length; a++) codes.add(set.domain(angels[a]).code(c.tokens().get(a)));
            int score = best.getOrDefault(codes, Integer.MAX_VALUE);
            if (score < chosenScore) {
                chosen = c;
                chosenScore = score;
            }
        }
        return chosen;
    }

    private static List<Integer> key(TraceSet set, int row, int[] angels) {
        List<Integer> codes = new ArrayList<>(angels.length);
        for (int a : angels) codes.add(set.code(row, a));
        return codes;
    }

    /** Each angel's loop values (step, lane), by name, as the analysed traces made them. */
    private static Map<String, int[]> loopValues(Stage stage) {
        Map<String, int[]> loops = new HashMap<>();
        for (Trace t : stage.traceList()) {
            for (AngelChoice c : t.choices()) loops.putIfAbsent(c.name(), c.loopValues());
        }
        return loops;
    }
}
