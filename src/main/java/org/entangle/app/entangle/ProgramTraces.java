package org.entangle.app.entangle;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.entangle.app.program.AngelsResult;
import org.entangle.app.task.CancelWatch;
import org.entangle.app.task.JobContext;
import org.entangle.entanglement.program.ProgramTraceSets;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.oracle.Trace;
import org.entangle.oracle.TraceOracle;
import org.entangle.oracle.engine.TraceOracles;
import org.entangle.work.SearchCancelled;

/**
 * The oracle's traces of the current program that the entanglement panel analyses (the trace set of a
 * program, each trace's angel choices as the oracle made them): every safe trace (from "Ask the angels" when it
 * kept all of them, else enumerated here, up to {@link #ALL_LIMIT}), the traces of the networks the gallery's
 * filter shows, or a uniform seeded sample ({@link TraceOracle#sample}). When "Ask the angels" sampled a space too
 * large to take whole, "all" means that uniform sample. Runs on a background job.
 */
final class ProgramTraces {

    /** The most traces "all" enumerates; beyond it the user is asked to sample. */
    static final int ALL_LIMIT = 100_000;

    private ProgramTraces() {
    }

    /**
     * The traces of {@code source}; {@code angels} is the last "Ask the angels" result (or null), {@code filtered}
     * the gallery's shown networks. Throws {@link IllegalArgumentException} with what to do when none can be had.
     */
    static ProgramTraceSets.Collected gather(TraceSource source, String program, AngelsResult angels, List<Network> filtered,
                                             int sample, long seed, JobContext ctx) throws InterruptedException {
        boolean current = angels != null && program.equals(angels.program());
        if (source == TraceSource.FILTERED) {
            if (!current) throw new IllegalArgumentException("the filtered traces are the gallery's: ask the angels on this program first");
            Set<Network> shown = Collections.newSetFromMap(new IdentityHashMap<>());
            shown.addAll(filtered);
            return ProgramTraceSets.of(angels.traces().stream().filter(t -> shown.contains(t.network())).toList());
        }
        if (source == TraceSource.ALL && current && (angels.all() || angels.sampled())) return ProgramTraceSets.of(angels.traces());
        TraceOracle oracle = TraceOracles.of(Program.parse(program), Map.of(),
                p -> ctx.progress(String.format(Locale.ROOT, "counting: %,d states", p.statesExplored()), -1));
        try (CancelWatch watch = new CancelWatch(ctx)) {
            try {
                ctx.progress("counting the safe traces (" + oracle.engine() + " engine)", -1);
                BigInteger total = oracle.count(watch.token());
                if (total.signum() == 0) throw new IllegalArgumentException("the program has no safe trace");
                if (source == TraceSource.SAMPLED) {
                    ctx.progress(String.format(Locale.ROOT, "sampling %,d of %,d traces", sample, total), -1);
                    return ProgramTraceSets.of(oracle.sample(sample, seed, watch.token()));
                }
                if (total.compareTo(BigInteger.valueOf(ALL_LIMIT)) > 0) {
                    throw new IllegalArgumentException(String.format(Locale.ROOT,
                            "the program has %,d safe traces, more than the %,d analysed at once: choose 'sampled'",
                            total, ALL_LIMIT));
                }
                List<Trace> traces = new ArrayList<>();
                oracle.enumerate(traces::add, watch.token());
                return ProgramTraceSets.of(traces);
            } catch (SearchCancelled e) {
                throw new IllegalArgumentException(watch.stoppedForMemory() ? CancelWatch.lowMemoryAdvice() : "cancelled");
            }
        }
    }
}
