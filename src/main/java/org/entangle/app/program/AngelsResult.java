package org.entangle.app.program;

import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import org.entangle.network.Network;
import org.entangle.oracle.Trace;

/**
 * What "Ask the angels" found for a program: the exact number of safe traces (null when counting was cancelled), the
 * oracle's traces it kept (their angels' choices and networks), whether they were sampled uniformly or are every trace, and whether the search ran to
 * its end.
 *
 * @param program  the program text searched
 * @param total    the exact count of safe traces, or null when unknown
 * @param traces   the traces kept (at most {@link ProgramViewModel#SHOWN}), their networks named for the gallery
 * @param sampled  whether the traces were drawn uniformly at random (seeded) rather than enumerated
 * @param complete whether the search finished (false: cancelled, and these are what it had)
 * @param seconds  how long it took
 */
public record AngelsResult(String program, BigInteger total, List<Trace> traces, boolean sampled, boolean complete, double seconds) {

    public AngelsResult {
        traces = List.copyOf(traces);
    }

    /** The networks of the traces, in order. */
    public List<Network> networks() {
        return traces.stream().map(Trace::network).toList();
    }

    /** Whether these are every safe trace of the program. */
    public boolean all() {
        return complete && !sampled && total != null && total.longValue() == traces.size();
    }

    /** "showing 1,000 of 247,478,238, sampled uniformly", or what is known when cancelled. */
    public String summary() {
        String of = total == null ? "" : String.format(Locale.ROOT, " of %,d", total);
        String how = sampled ? ", sampled uniformly" : total != null && traces.size() == total.longValue() ? ", all of them" : "";
        String stopped = complete ? "" : " (cancelled; keeping what was found)";
        if (total != null && total.signum() == 0) return "no safe trace: the angels found no way to satisfy the asserts";
        return String.format(Locale.ROOT, "showing %,d%s%s%s · %.1f s", traces.size(), of, how, stopped, seconds);
    }
}
