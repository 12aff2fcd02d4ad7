package org.entangle.tournament;

import java.util.List;
import org.entangle.network.io.NetworkJsonWriter;

/**
 * One contender's outcome in one setting of a tournament: a candidate network (with its measures and its network in
 * the project's JSON format) or a library algorithm (CUB's, with no network). A candidate that did not compile or
 * computed a wrong result is kept as failed, with the reason, and has no time.
 *
 * @param id            the candidate's id, or the library algorithm's name
 * @param library       whether this is a library algorithm rather than a network
 * @param origin        the candidate's origin (null for a library algorithm)
 * @param source        how the candidate was made (the library's description)
 * @param size          combining ops (0 for a library algorithm)
 * @param depth         longest chain of combining ops (0 for a library algorithm)
 * @param steps         steps: barriers or shuffles of the generated kernel (0 for a library algorithm)
 * @param maxFanout     the largest fan-out (0 for a library algorithm)
 * @param bankConflicts extra bank-conflict cycles of the bank model (0 for a library algorithm)
 * @param registers     registers per thread of the kernel, −1 when unknown
 * @param failure       why it failed (compile error, wrong result), null when it passed
 * @param time          the median over the rounds of the rounds' medians, in the setting's unit; NaN when failed
 * @param rounds        each round's median
 * @param network       the network as the project's JSON (null for a library algorithm)
 */
public record Entry(String id, boolean library, Origin origin, String source, int size, int depth, int steps, int maxFanout,
                    long bankConflicts, int registers, String failure, double time, List<Double> rounds, String network) {

    /** The id of the memory bound's entry. */
    public static final String MEMCPY = "memcpy";

    public Entry {
        rounds = rounds == null ? List.of() : List.copyOf(rounds);
    }

    /** A candidate timed in every round. */
    public static Entry measured(Candidate c, int registers, double time, List<Double> rounds) {
        return new Entry(c.id(), false, c.origin(), c.source(), c.size(), c.depth(), c.steps(), c.maxFanout(), c.bankConflicts(),
                registers, null, time, rounds, NetworkJsonWriter.write(c.network()));
    }

    /** A candidate that failed before or while it was timed. */
    public static Entry failed(Candidate c, String failure) {
        return new Entry(c.id(), false, c.origin(), c.source(), c.size(), c.depth(), c.steps(), c.maxFanout(), c.bankConflicts(),
                -1, failure, Double.NaN, List.of(), NetworkJsonWriter.write(c.network()));
    }

    /** A library algorithm's time. */
    public static Entry library(String name, String description, int registers, double time, List<Double> rounds) {
        return new Entry(name, true, null, description, 0, 0, 0, 0, 0, registers, null, time, rounds, null);
    }

    /** A library algorithm that failed. */
    public static Entry libraryFailed(String name, String description, String failure) {
        return new Entry(name, true, null, description, 0, 0, 0, 0, 0, -1, failure, Double.NaN, List.of(), null);
    }

    public boolean passed() {
        return failure == null && !Double.isNaN(time);
    }

    /**
     * Whether this is the memory bound (a device memcpy of the same bytes) reported beside the library algorithms: it
     * is ranked, but it is not a library algorithm a network is compared with.
     */
    public boolean bound() {
        return library && MEMCPY.equals(id);
    }

    /** Whether a classic family's network (the reference the ranking compares with). */
    public boolean classic() {
        return !library && origin == Origin.CLASSIC;
    }

    /** Whether the angels or the optimiser chose this network. */
    public boolean oracleChosen() {
        return !library && origin != null && origin.oracleChosen();
    }
}
