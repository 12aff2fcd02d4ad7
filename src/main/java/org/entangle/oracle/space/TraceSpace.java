package org.entangle.oracle.space;

import java.math.BigInteger;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.entangle.network.Network;
import org.entangle.network.Schedules;

/**
 * The spec-form oracle in one place: build the state graph of a {@link SpaceSpec}, count its safe traces
 * exactly, sample them uniformly, enumerate them, and count the distinct networks modulo schedule
 * ({@link Schedules#canonical}).
 */
public final class TraceSpace {

    private final TraceCounts counts;

    private TraceSpace(TraceCounts counts) {
        this.counts = counts;
    }

    /** Builds and counts the space of {@code spec}. */
    public static TraceSpace of(SpaceSpec spec) {
        return new TraceSpace(TraceCounts.of(StateGraph.build(spec)));
    }

    public SpaceSpec spec() {
        return counts.graph().spec();
    }

    /** Exact number of safe traces. */
    public BigInteger count() {
        return counts.total();
    }

    /** Fewest ops of a safe trace, or {@link TraceCounts#UNREACHABLE} when there is none. */
    public int minOps() {
        return counts.minOps(0);
    }

    public int states() {
        return counts.graph().nodeCount();
    }

    public TraceCounts counts() {
        return counts;
    }

    /** {@code k} uniform samples drawn with {@code seed}. */
    public List<SpaceTrace> sample(int k, long seed) {
        return new TraceSampler(counts, seed).sample(k);
    }

    /** A fresh enumerator (call {@link TraceEnumerator#cancel()} on it to stop it). */
    public TraceEnumerator enumerator() {
        return new TraceEnumerator(counts);
    }

    /**
     * Walks every safe trace, checking that each ends in the spec's target state, and counts them: the
     * benchmark of the enumeration speed (traces are neither stored nor turned into networks).
     */
    public TraceEnumerator.Result countChecked(TraceEnumerator enumerator, int threads, long timeLimitMillis,
                                               Consumer<TraceEnumerator.Progress> progress, long progressMillis) {
        StateGraph graph = counts.graph();
        LongAdder wrong = new LongAdder();
        TraceEnumerator.Result r = enumerator.run(() -> (path, leaf) -> {
            if (!graph.accepts(leaf)) wrong.increment();
        }, threads, timeLimitMillis, progress, progressMillis);
        if (wrong.sum() != 0) throw new IllegalStateException(wrong.sum() + " enumerated traces miss the target");
        return r;
    }

    /** The distinct computations modulo schedule among all safe traces (for spaces small enough to walk). */
    public Set<Network> distinctNetworks(int threads) {
        Set<Network> distinct = ConcurrentHashMap.newKeySet();
        enumerator().forEach(t -> distinct.add(Schedules.canonical(t.network()).withoutEmptySteps()), threads,
                0, null, 0);
        return distinct;
    }
}
