package org.entangle.oracle.forest;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.entangle.network.Algebra;
import org.entangle.network.ResultKind;
import org.entangle.oracle.space.SpaceSpec;
import org.entangle.oracle.space.SpaceTrace;
import org.entangle.work.CancellationToken;

/**
 * The spec-form space of the talk's program counted, sampled and streamed as a forest of pointer-jumping trees
 * (Hillis and Steele's pointer jumping; the trees are defined in {@link StepChoices}). Counting memoises each
 * unlabelled hanging tree once per number of steps left and multiplies the ways of independent trees, so it never
 * stores a step's transitions; sampling draws from those counts; streaming needs no counts at all. A count splits
 * into independent sub-counts after the first step and runs them on every core.
 *
 * <p>It covers the associative inclusive scan, forward or backward, with a step count and an op budget: the
 * talk's program, also with pinned intermediate states ({@link PinnedForest}). Fan-out and per-step limits, other
 * algebras and other result kinds make the wires' evolutions depend on each other and are left to the state-graph
 * engine ({@link #supports}).
 */
public final class ForestSpace {

    private final SpaceSpec spec;
    private final int width;
    private final int wires;
    private final int maxExtra;
    private final TreeTable table = new TreeTable();
    private ForestCounts counts;
    private int threads = Runtime.getRuntime().availableProcessors();
    private final PinnedForest pinned;

    private ForestSpace(SpaceSpec spec) {
        this.spec = spec;
        this.width = spec.width();
        this.wires = width - 1;
        int possible = wires * Math.max(0, spec.steps() - 1);
        this.maxExtra = Math.min(spec.maxOps() - wires, possible);
        this.pinned = spec.pinned().isEmpty() ? null : new PinnedForest(spec);
    }

    /** Whether this engine covers {@code spec} (otherwise use the state graph). */
    public static boolean supports(SpaceSpec spec) {
        return spec.algebra() == Algebra.ASSOCIATIVE && spec.kind() == ResultKind.INCLUSIVE && spec.maxFanout() == 0
                && spec.maxStepFanout() == 0 && spec.maxOpsPerStep() == 0 && PinnedForest.supports(spec);
    }

    /** The engine for {@code spec}; throws {@link IllegalArgumentException} when it does not {@linkplain #supports support} it. */
    public static ForestSpace of(SpaceSpec spec) {
        if (!supports(spec)) throw new IllegalArgumentException("the forest engine covers the associative inclusive scan without limits, with pins that are states of the in-place model");
        return new ForestSpace(spec);
    }

    /** Counts on {@code n} threads from now on (default: every core); the counts do not depend on it. */
    ForestSpace onThreads(int n) {
        this.threads = n;
        return this;
    }

    public SpaceSpec spec() {
        return spec;
    }

    /** The exact number of safe traces (cancellable through {@code cancel}). */
    public BigInteger count(CancellationToken cancel) {
        if (pinned != null) return pinned.count(cancel);
        if (maxExtra < 0) return BigInteger.ZERO;
        if (wires == 0) return BigInteger.ONE;
        OpPolynomial ways = counts(cancel).ways(table.path(wires), spec.steps());
        return ways == null ? BigInteger.ZERO : ways.sumUpTo(maxExtra);
    }

    /** Distinct unlabelled trees and memo entries of the last count: the engine's memory, in its own units. */
    public String memory() {
        if (pinned != null) return pinned.memory();
        return counts == null ? "nothing counted" : String.format(java.util.Locale.ROOT, "%,d trees, %,d memo entries, %,d step outcomes examined",
                table.count(), counts.entries(), counts.outcomes());
    }

    /** {@code k} uniform samples (with repetition) drawn with {@code seed}; empty when there is no safe trace. */
    public List<SpaceTrace> sample(int k, long seed, CancellationToken cancel) {
        List<SpaceTrace> out = new ArrayList<>(k);
        if (pinned != null) {
            for (int[][] source : pinned.sample(k, seed, cancel)) out.add(trace(source));
            return out;
        }
        if (count(cancel).signum() == 0) return out;
        if (wires == 0) {
            for (int i = 0; i < k; i++) out.add(trace(new int[spec.steps()][1]));
            return out;
        }
        ForestSampler sampler = new ForestSampler(counts, seed);
        for (int i = 0; i < k; i++) {
            cancel.throwIfCancelled();
            out.add(trace(sampler.sample(start(), spec.steps(), width)));
        }
        return out;
    }

    /**
     * Streams every safe trace to {@code sink} until it returns false; returns whether every trace was streamed.
     * Needs no counts: the first trace comes at once and memory does not grow with the space.
     */
    public boolean enumerate(Predicate<SpaceTrace> sink, CancellationToken cancel) {
        if (pinned != null) return pinned.enumerate(source -> sink.test(trace(source)), cancel);
        if (maxExtra < 0) return true;
        List<HangingTree> forest = wires == 0 ? List.of() : List.of(start());
        return new ForestEnumerator(table, spec.steps(), width, s -> sink.test(trace(s)), cancel).run(forest, maxExtra);
    }

    private ForestCounts counts(CancellationToken cancel) {
        if (counts == null) {
            counts = new ForestCounts(table, maxExtra, cancel);
            counts.splitOver(threads, spec.steps());
        }
        counts.pollWith(cancel);
        return counts;
    }

    /** Wires 1..n−1 as a path hanging from wire 0, the state before the first step. */
    private HangingTree start() {
        int[] w = new int[wires];
        for (int i = 0; i < wires; i++) w[i] = i + 1;
        return new HangingTree(table.path(wires), w, 0);
    }

    private SpaceTrace trace(int[][] source) {
        int[][] out = new int[source.length][width];
        for (int s = 0; s < source.length; s++) {
            for (int lane = 0; lane < width; lane++) {
                int src = source[s][lane];
                if (spec.backward()) out[s][width - 1 - lane] = src < 0 ? -1 : width - 1 - src;
                else out[s][lane] = src;
            }
        }
        return new SpaceTrace(width, out, spec.scan());
    }
}
