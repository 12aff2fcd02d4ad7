package org.entangle.oracle.engine;

import java.math.BigInteger;
import java.util.List;
import java.util.function.Predicate;
import org.entangle.oracle.Trace;
import org.entangle.oracle.TraceOracle;
import org.entangle.oracle.forest.ForestSpace;
import org.entangle.work.CancellationToken;

/** The forest engine ({@link ForestSpace}) answering for a spec-form program, with the program's own traces. */
final class ForestOracle implements TraceOracle {

    private final ForestSpace space;
    private final SpecFormTraces traces;

    ForestOracle(ForestSpace space, SpecFormTraces traces) {
        this.space = space;
        this.traces = traces;
    }

    @Override
    public String engine() {
        return "forest";
    }

    @Override
    public BigInteger count(CancellationToken cancel) {
        return space.count(cancel);
    }

    @Override
    public boolean enumerate(Predicate<Trace> sink, CancellationToken cancel) {
        return space.enumerate(t -> sink.test(traces.trace(t)), cancel);
    }

    @Override
    public List<Trace> sample(int k, long seed, CancellationToken cancel) {
        return space.sample(k, seed, cancel).stream().map(traces::trace).toList();
    }

    @Override
    public String memory() {
        return space.memory();
    }
}
