package org.entangle.oracle.engine;

import java.math.BigInteger;
import java.util.List;
import java.util.function.Predicate;
import org.entangle.lang.Machine;
import org.entangle.oracle.Trace;
import org.entangle.oracle.TraceCounter;
import org.entangle.oracle.TraceEnumerator;
import org.entangle.oracle.TraceOracle;
import org.entangle.oracle.TraceSampler;
import org.entangle.work.CancellationToken;
import org.entangle.work.ProgressListener;

/**
 * The interpreter's oracle for any program: memoised counting over the interpreter's states
 * ({@link TraceCounter}), then streaming and sampling from those counts.
 */
final class ProgramOracle implements TraceOracle {

    private final Machine machine;
    private final ProgressListener listener;
    private TraceCounter counter;

    ProgramOracle(Machine machine, ProgressListener listener) {
        this.machine = machine;
        this.listener = listener;
    }

    @Override
    public String engine() {
        return "program";
    }

    @Override
    public BigInteger count(CancellationToken cancel) {
        return counter(cancel).countAll();
    }

    @Override
    public boolean enumerate(Predicate<Trace> sink, CancellationToken cancel) {
        return new TraceEnumerator(counter(cancel), false, cancel, listener).run(sink::test).complete();
    }

    @Override
    public List<Trace> sample(int k, long seed, CancellationToken cancel) {
        if (count(cancel).signum() == 0) return List.of();
        return new TraceSampler(counter, seed).sample(k);
    }

    @Override
    public String memory() {
        return counter == null ? "nothing counted" : String.format(java.util.Locale.ROOT, "%,d interpreter states", counter.statesExplored());
    }

    /** The counter (its memo is what enumeration and sampling draw on). */
    TraceCounter counter(CancellationToken cancel) {
        if (counter == null) counter = new TraceCounter(machine, cancel, listener);
        return counter;
    }
}
