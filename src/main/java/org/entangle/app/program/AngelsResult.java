package org.entangle.app.program;

import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import org.entangle.network.Network;

/**
 * What "Ask the angels" found: the exact number of safe traces (null when counting was cancelled), the networks
 * of the traces it kept, whether they were sampled uniformly or are every trace, and whether the search ran to
 * its end.
 *
 * @param total    the exact count of safe traces, or null when unknown
 * @param networks the networks of the traces kept (at most {@link ProgramViewModel#SHOWN})
 * @param sampled  whether the traces were drawn uniformly at random (seeded) rather than enumerated
 * @param complete whether the search finished (false: cancelled, and these are what it had)
 * @param seconds  how long it took
 */
public record AngelsResult(BigInteger total, List<Network> networks, boolean sampled, boolean complete, double seconds) {

    /** "showing 1,000 of 247,478,238, sampled uniformly", or what is known when cancelled. */
    public String summary() {
        String of = total == null ? "" : String.format(Locale.ROOT, " of %,d", total);
        String how = sampled ? ", sampled uniformly" : total != null && networks.size() == total.longValue() ? ", all of them" : "";
        String stopped = complete ? "" : " (cancelled; keeping what was found)";
        if (total != null && total.signum() == 0) return "no safe trace: the angels found no way to satisfy the asserts";
        return String.format(Locale.ROOT, "showing %,d%s%s%s · %.1f s", networks.size(), of, how, stopped, seconds);
    }
}
