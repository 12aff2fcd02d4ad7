package org.entangle.tournament;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.entangle.network.Network;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.TraceOracle;
import org.entangle.work.CancellationToken;
import org.entangle.work.SearchCancelled;

/**
 * Gathers a tournament's candidates for each width it runs at. At width W: the catalogue families, the optimiser's
 * minima (widths up to {@link #OPTIMISER_MAX_WIDTH}), {@code samples} uniform samples of every space of width W, and
 * the network files of width W; and compositions ({@link WideComposition}) for widths no oracle space reaches in
 * reasonable time: above 32 the warp-wide candidates as parts, at 32 and below, when no space has width W, those
 * of the widest narrower space width p dividing W, with the candidates of width W / p as totals. A space that is not counted within its time limit is
 * reported and left out, never fatal.
 */
public final class TournamentCandidates {

    /** The widest network the optimiser's Pareto front is asked for. */
    public static final int OPTIMISER_MAX_WIDTH = 64;
    /** The warp: the part width of the compositions above it. */
    public static final int WARP = 32;

    /**
     * What to gather.
     *
     * @param spaces           spec-form spaces (their width picks the tournament width they feed)
     * @param oracles          the oracle of each space, in the same order (null where the forest engine does not cover it)
     * @param files            networks from files
     * @param samples          samples per space
     * @param seed             the samples' and compositions' seed
     * @param optimiserSeconds time limit of each Pareto front
     * @param countSeconds     time limit of each space's count and sampling
     */
    public record Plan(List<SpecForm> spaces, List<TraceOracle> oracles, List<Network> files, int samples, long seed,
                       double optimiserSeconds, double countSeconds) {
    }

    private final Plan plan;
    private final Consumer<String> progress;
    private final Map<Integer, CandidatePool> pools = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();

    public TournamentCandidates(Plan plan, Consumer<String> progress) {
        this.plan = plan;
        this.progress = progress;
    }

    /** The candidates at {@code width} (gathered once). */
    public CandidatePool at(int width) {
        CandidatePool existing = pools.get(width);
        if (existing != null) return existing;
        CandidatePool pool = new CandidatePool(width);
        pools.put(width, pool);
        CandidateSources.families(pool);
        if (width <= OPTIMISER_MAX_WIDTH && width >= 2) {
            long t0 = System.nanoTime();
            int minima = CandidateSources.optimiserMinima(pool, plan.optimiserSeconds());
            progress.accept(String.format(Locale.ROOT, "width %d: %d optimiser minima in %.1f s", width, minima, (System.nanoTime() - t0) / 1e9));
        }
        for (int i = 0; i < plan.spaces().size(); i++) {
            SpecForm space = plan.spaces().get(i);
            if (space.n() == width) sample(pool, space, plan.oracles().get(i), i);
        }
        int files = 0;
        for (Network n : plan.files()) {
            if (n.width() == width && pool.offer(n.name() == null ? "file" : n.name(), Origin.FILE, "network file", n) != null) files++;
        }
        if (files > 0) progress.accept("width " + width + ": " + files + " networks from files");
        for (int part : partWidths(width)) {
            List<Candidate> parts = at(part).candidates();
            List<Candidate> totals = at(width / part).candidates();
            int made = CandidateSources.compositions(pool, parts, totals, plan.seed() ^ width);
            progress.accept("width " + width + ": " + made + " compositions of " + part + "-wide parts with " + (width / part) + "-wide totals");
        }
        for (CandidatePool.Rejection r : pool.rejections()) notes.add("width " + width + ": rejected " + r.id() + ": " + r.reason());
        if (pool.duplicates() > 0) notes.add("width " + width + ": " + pool.duplicates() + " networks entered twice were kept once");
        progress.accept("width " + width + ": " + pool.size() + " candidates");
        return pool;
    }

    /**
     * The part width of the compositions at {@code width}: a warp above 32; at 32 and below, when no space has this
     * width, the widest narrower space width that divides it (none when there is no such space).
     */
    List<Integer> partWidths(int width) {
        if (width > WARP) return width % WARP == 0 ? List.of(WARP) : List.of();
        int best = 0;
        for (SpecForm s : plan.spaces()) {
            int p = s.n();
            if (p == width) return List.of();
            if (p < width && p >= 2 && width % p == 0 && p > best) best = p;
        }
        return best == 0 ? List.of() : List.of(best);
    }

    private void sample(CandidatePool pool, SpecForm space, TraceOracle oracle, int index) {
        String label = CandidateSources.label(space);
        if (oracle == null) {
            notes.add("space " + label + ": the forest engine does not cover it; left out");
            return;
        }
        long t0 = System.nanoTime();
        try {
            String count = oracle.count(CancellationToken.withTimeout(plan.countSeconds())).toString();
            List<Network> drawn = CandidateSources.samples(pool, "s" + index + "-" + label.replace(':', '-'), label, oracle,
                    plan.samples(), plan.seed() + index, CancellationToken.withTimeout(plan.countSeconds()));
            String line = String.format(Locale.ROOT, "space %s: %s safe traces, %d samples drawn in %.1f s", label, count, drawn.size(),
                    (System.nanoTime() - t0) / 1e9);
            progress.accept(line);
            notes.add(line);
        } catch (SearchCancelled e) {
            String line = String.format(Locale.ROOT, "space %s: not counted within %.0f s; left out", label, plan.countSeconds());
            progress.accept(line);
            notes.add(line);
        }
    }

    /** What happened while gathering (spaces, rejections, duplicates), for the report. */
    public List<String> notes() {
        return List.copyOf(notes);
    }
}
