package org.entangle.discovery;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.entangle.entanglement.FinestPartition;
import org.entangle.entanglement.FunctionalView;
import org.entangle.entanglement.Partition;
import org.entangle.entanglement.TraceSet;
import org.entangle.entanglement.program.ProgramTraceSets;
import org.entangle.lang.Program;
import org.entangle.network.metrics.Metrics;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.Trace;
import org.entangle.oracle.TraceOracle;
import org.entangle.oracle.engine.TraceOracles;
import org.entangle.work.CancellationToken;

/**
 * Asks the angels about one stage and partitions them: counts the stage's safe traces exactly with the engine the
 * program calls for ({@link TraceOracles}), chooses the traces to analyse, and computes the finest valid partitions
 * of their raw choices and of their functional view (ranges on wires). It never refuses: a space of at most
 * {@link #ALL_LIMIT} traces is analysed whole; a larger one is analysed on its networks of minimum size (a stated
 * slice, found by raising the op budget from the least that no known bound rules out until some trace is left; a
 * measured choice: at N = 8 a uniform sample of 1,000 traces gives one block that swallows almost every angel, the
 * minimum-size slice gives sixteen) or, when that
 * slice is large too, on an exact uniform sample of {@link #SAMPLE} traces; the stage's {@code analysed} sentence
 * says which.
 */
public final class StageAnalysis {

    /**
     * The most traces analysed whole: a sample cannot show independent blocks unless it holds every combination of
     * them, so the limit takes in the talk's N = 16 stage with the up-sweep pinned (25,344 networks of minimum size;
     * partitioned in about 4 s).
     */
    public static final int ALL_LIMIT = 50_000;
    /** The size of a uniform sample. */
    public static final int SAMPLE = 1_000;
    /** The most traces enumerated to apply a slice's depth filter exactly. */
    public static final int SLICE_ENUMERATE_LIMIT = 2_000_000;
    /** The seed of every sample. */
    public static final long SEED = 1;

    private StageAnalysis() {
    }

    /** Analyses {@code spec}, reporting what it does to {@code progress}. */
    public static Stage run(StageSpec spec, CancellationToken cancel, Consumer<String> progress) {
        TraceOracle oracle = oracle(spec.text());
        progress.accept("counting the safe traces (" + oracle.engine() + " engine)");
        BigInteger total = oracle.count(cancel);
        if (spec.slice().isPresent()) return sliced(spec, oracle, total, cancel, progress);
        if (total.compareTo(BigInteger.valueOf(ALL_LIMIT)) <= 0) {
            progress.accept(String.format(Locale.ROOT, "enumerating all %,d traces", total));
            List<Trace> all = new ArrayList<>();
            oracle.enumerate(all::add, cancel);
            return partition(spec, total, true, total.equals(BigInteger.ONE) ? "the one trace" : String.format(Locale.ROOT, "all %,d traces", total),
                    all, progress);
        }
        return largest(spec, total, cancel, progress);
    }

    /**
     * The stage {@code spec} makes from {@code from}, whose analysed traces are its whole space
     * ({@link StageFilter#holdsWholeSpace}): the traces of {@code from} that meet {@code added}, analysed whole.
     */
    static Stage filtered(Stage from, StageSpec spec, Constraint added, CancellationToken cancel, Consumer<String> progress) {
        progress.accept("keeping the " + String.format(Locale.ROOT, "%,d", from.traceList().size()) + " traces that " + added.describe());
        List<Trace> kept = new ArrayList<>();
        for (Trace t : from.traceList()) {
            cancel.throwIfCancelledSometimes();
            if (StageFilter.keeps(added, t, spec.form())) kept.add(t);
        }
        String how = kept.size() == 1 ? "the one trace left of the stage before"
                : String.format(Locale.ROOT, "all %,d traces left of the stage before", kept.size());
        return partition(spec, BigInteger.valueOf(kept.size()), true, how, kept, progress);
    }

    private static Stage largest(StageSpec spec, BigInteger total, CancellationToken cancel, Consumer<String> progress) {
        SpecForm form = spec.form();
        for (int budget = Math.max(0, form.n() - 1); budget < form.budget(); budget++) {
            SpecForm smaller = new SpecForm(form.n(), form.steps(), budget, spec.base().constraints());
            if (smaller.knownBoundViolated() != null) continue;
            StageSpec smallest = new StageSpec(smaller, spec.constraints());
            TraceOracle oracle = oracle(smallest.text());
            progress.accept("looking for the smallest networks: size " + budget);
            BigInteger count = oracle.count(cancel);
            if (count.signum() == 0) continue;
            String why = String.format(Locale.ROOT, "the whole space (%,d traces) is too large to take whole", total);
            if (count.compareTo(BigInteger.valueOf(ALL_LIMIT)) <= 0) {
                List<Trace> all = new ArrayList<>();
                oracle.enumerate(all::add, cancel);
                return partition(spec, total, true, String.format(Locale.ROOT, "the %,d traces of minimum size %d: %s",
                        count, budget, why), all, progress);
            }
            return partition(spec, total, true, String.format(Locale.ROOT, "an exact uniform sample of %,d of the %,d traces of "
                    + "minimum size %d (seed %d): %s", SAMPLE, count, budget, SEED, why), oracle.sample(SAMPLE, SEED, cancel), progress);
        }
        return partition(spec, total, true, String.format(Locale.ROOT, "an exact uniform sample of %,d of the %,d traces (seed %d)",
                SAMPLE, total, SEED), oracle(spec.text()).sample(SAMPLE, SEED, cancel), progress);
    }

    private static Stage sliced(StageSpec spec, TraceOracle oracle, BigInteger total, CancellationToken cancel,
                                Consumer<String> progress) {
        if (total.compareTo(BigInteger.valueOf(SLICE_ENUMERATE_LIMIT)) <= 0) {
            progress.accept(String.format(Locale.ROOT, "keeping the slice of %,d traces", total));
            List<Trace> kept = new ArrayList<>();
            long[] seen = {0};
            Random random = new Random(SEED);
            oracle.enumerate(t -> {
                if (!spec.keeps(Metrics.of(t.network()))) return true;
                seen[0]++;
                if (kept.size() < ALL_LIMIT) kept.add(t);
                else {
                    long j = (long) (random.nextDouble() * seen[0]);
                    if (j < ALL_LIMIT) kept.set((int) j, t);
                }
                return true;
            }, cancel);
            String how = seen[0] <= ALL_LIMIT ? (seen[0] == 1 ? "the one trace of the slice" : String.format(Locale.ROOT, "all %,d traces of the slice", seen[0]))
                    : String.format(Locale.ROOT, "a uniform sample of %,d of the slice's %,d traces (seed %d)", ALL_LIMIT, seen[0], SEED);
            return partition(spec, BigInteger.valueOf(seen[0]), true, how, kept, progress);
        }
        List<Trace> sample = oracle.sample(ALL_LIMIT, SEED, cancel);
        List<Trace> kept = sample.stream().filter(t -> spec.keeps(Metrics.of(t.network()))).toList();
        String how = String.format(Locale.ROOT, "the %,d traces of an exact uniform sample of %,d (seed %d) that lie in the slice: "
                + "the program before the depth filter has %,d traces, too many to filter whole", kept.size(), ALL_LIMIT, SEED, total);
        return partition(spec, total, false, how, kept, progress);
    }

    private static Stage partition(StageSpec spec, BigInteger count, boolean exact, String how, List<Trace> traces,
                                   Consumer<String> progress) {
        if (traces.isEmpty()) {
            throw new IllegalArgumentException("no safe trace is left (" + how + "): undo the last constraint or choose another");
        }
        progress.accept("partitioning the angels of " + how);
        ProgramTraceSets.Collected collected = ProgramTraceSets.of(traces);
        Partition raw = FinestPartition.of(collected.set());
        TraceSet functional = FunctionalView.of(collected.set(), FunctionalView.Detail.RANGE_AND_WIRE);
        return new Stage(spec, count, exact, how, collected, raw, functional, FinestPartition.of(functional));
    }

    private static TraceOracle oracle(String text) {
        return TraceOracles.of(Program.parse(text), Map.of(), p -> { });
    }
}
