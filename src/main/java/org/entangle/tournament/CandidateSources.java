package org.entangle.tournament;

import java.util.List;
import java.util.Random;
import java.util.Set;
import org.entangle.lang.Program;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.entangle.network.families.NetworkFamily;
import org.entangle.network.metrics.Metrics;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.Trace;
import org.entangle.oracle.TraceOracle;
import org.entangle.oracle.engine.TraceOracles;
import org.entangle.oracle.optimize.OptimizeResult;
import org.entangle.oracle.optimize.PrefixOptimizer;
import org.entangle.oracle.optimize.SearchControl;
import org.entangle.work.CancellationToken;

/**
 * Fills a {@link CandidatePool} from the tournament's sources: the catalogue families, the optimiser's minimum-size
 * network of every depth (its Pareto front over depths, in the in-place model), uniform samples of a space of safe
 * traces (a spec form or a program on the forest engine), and compositions of narrower candidates
 * ({@link WideComposition}) for widths no oracle space reaches.
 */
public final class CandidateSources {

    /** The classic families the ranking compares against. */
    public static final Set<String> CLASSIC = Set.of("kogge-stone", "sklansky", "brent-kung", "han-carlson", "ladner-fischer");
    /** Widths above which the serial network is left out (its depth is the width: one barrier per wire). */
    static final int SERIAL_MAX_WIDTH = 32;

    private CandidateSources() {
    }

    /** Every catalogue family at the pool's width; returns how many were admitted. */
    public static int families(CandidatePool pool) {
        int admitted = 0;
        for (NetworkFamily family : Families.all()) {
            if (family.name().equals("serial") && pool.width() > SERIAL_MAX_WIDTH) continue;
            Network network;
            try {
                network = Families.build(family.name(), pool.width());
            } catch (IllegalArgumentException e) {
                continue;
            }
            Origin origin = CLASSIC.contains(family.name()) ? Origin.CLASSIC : Origin.CATALOGUE;
            if (pool.offer(network.name(), origin, family.citation(), network) != null) admitted++;
        }
        return admitted;
    }

    /** The optimiser's minimum-size in-place network of each depth (the Pareto front), within {@code seconds}. */
    public static int optimiserMinima(CandidatePool pool, double seconds) {
        int admitted = 0;
        List<OptimizeResult> front = new PrefixOptimizer(new SearchControl(seconds), null).pareto(pool.width(), MemoryModel.IN_PLACE);
        for (OptimizeResult r : front) {
            if (r.network() == null) continue;
            String source = "optimiser: size " + r.size() + " at depth " + r.depth() + (r.optimal() ? ", proven minimal" : "");
            String id = "min" + pool.width() + "-d" + r.depth() + "-f" + Metrics.of(r.network()).maxFanout();
            if (pool.offer(id, Origin.OPTIMISER, source, r.network()) != null) admitted++;
        }
        return admitted;
    }

    /** The forest engine's oracle of a spec form (empty when the engine does not cover it). */
    public static java.util.Optional<TraceOracle> oracle(SpecForm form) {
        return TraceOracles.forest(Program.parse(form.programText()), form);
    }

    /** A space's label in ids and reports: {@code n:steps:ops}. */
    public static String label(SpecForm form) {
        return form.n() + ":" + form.steps() + ":" + form.budget();
    }

    /**
     * {@code k} uniform samples of {@code oracle}'s safe traces drawn with {@code seed} (counted exactly first),
     * offered as {@code idPrefix-i}; returns the networks drawn (duplicates included), for compositions.
     */
    public static List<Network> samples(CandidatePool pool, String idPrefix, String space, TraceOracle oracle, int k, long seed,
                                        CancellationToken cancel) {
        List<Network> drawn = oracle.sample(k, seed, cancel).stream().map(Trace::network).toList();
        for (int i = 0; i < drawn.size(); i++) {
            pool.offer(idPrefix + "-" + i, Origin.SAMPLE, "uniform sample " + i + " of " + space + " (seed " + seed + ")", drawn.get(i));
        }
        return drawn;
    }

    /**
     * Compositions of each part candidate with a totals candidate: every part with a totals network drawn with
     * {@code seed} (the classic parts with every classic totals network as well). A composition is oracle-chosen when
     * one of its halves is (the part's origin first), else it counts as catalogue.
     */
    public static int compositions(CandidatePool pool, List<Candidate> parts, List<Candidate> totals, long seed) {
        if (parts.isEmpty() || totals.isEmpty()) return 0;
        int admitted = 0;
        Random random = new Random(seed);
        for (Candidate part : parts) {
            if (part.origin() == Origin.CLASSIC) {
                for (Candidate t : totals) {
                    if (t.origin() == Origin.CLASSIC && compose(pool, part, t) != null) admitted++;
                }
            }
            if (compose(pool, part, totals.get(random.nextInt(totals.size()))) != null) admitted++;
        }
        return admitted;
    }

    /** Offers the composition of one part and one totals network. */
    public static Candidate compose(CandidatePool pool, Candidate part, Candidate totals) {
        Origin origin = part.origin().oracleChosen() ? part.origin() : totals.origin().oracleChosen() ? totals.origin() : Origin.CATALOGUE;
        Network network = WideComposition.compose(part.network(), totals.network());
        return pool.offer(part.id() + "*" + totals.id(), origin, "composition: parts " + part.id() + ", totals " + totals.id(), network);
    }
}
