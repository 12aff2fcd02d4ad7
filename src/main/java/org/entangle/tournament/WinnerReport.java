package org.entangle.tournament;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.entangle.banks.BankAnalysis;
import org.entangle.banks.BankModel;
import org.entangle.banks.BankReport;
import org.entangle.banks.IndexRemap;
import org.entangle.banks.LaneMapping;
import org.entangle.diagram.DiagramLayouter;
import org.entangle.diagram.DiagramOptions;
import org.entangle.diagram.Figure;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.Step;
import org.entangle.network.io.NetworkJsonReader;

/**
 * Explains the fastest networks of a setting by what the hardware sees: steps that cross warps (each a barrier of
 * the generated kernel; the others are warp shuffles), combining ops per lane (mean and the busiest lane), the bank
 * conflicts of the bank model ({@link BankAnalysis}, lane w running the ops that write wire w), and the registers
 * the compiled kernel uses; when the kernel was profiled, what Nsight Compute counted beside the model's figure
 * ({@link KernelProfile}: bank conflicts, wavefronts beyond one per shared access, and shared accesses, each per
 * block scan); and draws the fastest network beside the fastest classic family with the ops that differ
 * coloured (the diagram's diff colouring, {@link DiagramOptions#withDiffAgainst}).
 */
public final class WinnerReport {

    private WinnerReport() {
    }

    /**
     * The explanation of the fastest {@code top} networks, the best oracle-chosen network and the best classic family,
     * as text lines; {@code profiles} gives what Nsight Compute measured of their kernels (any width; those of this
     * setting's width are used).
     */
    public static String explain(Ranking ranking, int top, List<KernelProfile> profiles) {
        StringBuilder sb = new StringBuilder("## why, " + ranking.setting().title() + "\n");
        List<Entry> shown = new ArrayList<>();
        for (Ranking.Row r : ranking.rows()) {
            if (!r.entry().library() && shown.size() < top) shown.add(r.entry());
        }
        for (Entry e : new Entry[] {ranking.bestOracle(), ranking.bestClassic()}) {
            if (e != null && !shown.contains(e)) shown.add(e);
        }
        int width = ranking.setting().width();
        boolean profiled = profiles.stream().anyMatch(p -> p.width() == width);
        for (Entry e : shown) {
            Network n = network(e);
            int crossing = crossingSteps(n, 32);
            int[] perLane = opsPerLane(n);
            int busiest = 0;
            for (int v : perLane) busiest = Math.max(busiest, v);
            BankReport banks = BankAnalysis.analyse(n, BankModel.DEFAULT, LaneMapping.BY_DESTINATION, IndexRemap.IDENTITY);
            Ranking.Row row = ranking.row(e.id());
            sb.append(String.format(Locale.ROOT, "#%d %s (%s): %s %s; size %d, depth %d; %d steps: %d cross warps (barriers), %d shuffles;"
                            + " ops per lane %.2f mean, %d on the busiest; bank conflicts %d extra cycles (worst degree %d); registers %s%n",
                    row.rank(), e.id(), e.origin().token(), TournamentTable.number(e.time()), ranking.setting().unit(), e.size(), e.depth(),
                    e.steps(), crossing, e.steps() - crossing, (double) e.size() / width, busiest, banks.extraCycles(), banks.maxDegree(),
                    e.registers() < 0 ? "unknown" : Integer.toString(e.registers())));
            if (profiled) sb.append("   ").append(measured(profile(profiles, width, e.id()), banks.extraCycles())).append('\n');
        }
        Entry library = ranking.bestLibrary();
        if (library != null) {
            sb.append(String.format(Locale.ROOT, "best library: %s %s %s; registers %s%n", library.id(), TournamentTable.number(library.time()),
                    ranking.setting().unit(), library.registers() < 0 ? "unknown" : Integer.toString(library.registers())));
            if (profiled) sb.append("   ").append(measured(profile(profiles, width, library.id()), -1)).append('\n');
        }
        return sb.toString();
    }

    /** The profile of {@code id} at {@code width}, or null. */
    private static KernelProfile profile(List<KernelProfile> profiles, int width, String id) {
        for (KernelProfile p : profiles) {
            if (p.width() == width && p.id().equals(id)) return p;
        }
        return null;
    }

    /**
     * One line of what ncu measured per block scan, beside the bank model's extra cycles ({@code model} negative: a library
     * algorithm, which the model does not cover).
     */
    static String measured(KernelProfile p, long model) {
        if (p == null) return "ncu: not profiled";
        return String.format(Locale.ROOT, "ncu: bank conflicts %s per block scan (model %s; loads %s, stores %s), excess wavefronts %s,"
                        + " shared accesses %s per block scan; registers %s (%d launch%s of %s blocks x %d scans)",
                figure(p.conflictsPerScan()), model < 0 ? "-" : Long.toString(model), figure(p.loadConflicts() / p.scansPerLaunch()),
                figure(p.storeConflicts() / p.scansPerLaunch()), figure(p.excessWavefrontsPerScan()), figure(p.sharedAccessesPerScan()),
                p.registers() < 0 ? "unknown" : Integer.toString(p.registers()), p.launches(), p.launches() == 1 ? "" : "es",
                figure(p.blocks()), p.reps());
    }

    private static String figure(double v) {
        if (Double.isNaN(v)) return "unknown";
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }

    /**
     * The fastest network beside the fastest classic family, each coloured by its diff against the other (when a
     * classic family is the fastest, the fastest oracle-chosen network beside it); null when either is missing.
     */
    public static Figure diffFigure(Ranking ranking) {
        Entry best = ranking.rows().stream().map(Ranking.Row::entry).filter(e -> !e.library()).findFirst().orElse(null);
        Entry classic = ranking.bestClassic();
        if (best == classic) best = ranking.bestOracle();
        if (best == null || classic == null) return null;
        Network a = network(best);
        Network b = network(classic);
        return Figure.sideBySide(List.of(
                DiagramLayouter.layout(a, DiagramOptions.DEFAULT.withDiffAgainst(b)),
                DiagramLayouter.layout(b, DiagramOptions.DEFAULT.withDiffAgainst(a))));
    }

    /** The entry's network, named by its id. */
    public static Network network(Entry e) {
        return NetworkJsonReader.read(e.id(), e.network()).withName(e.id());
    }

    /** Steps with an op whose wires lie in different warps of {@code warp} lanes. */
    static int crossingSteps(Network n, int warp) {
        int count = 0;
        for (Step s : n.steps()) {
            for (Op op : s.ops()) {
                if (op.dst() / warp != op.src() / warp) {
                    count++;
                    break;
                }
            }
        }
        return count;
    }

    /** Combining ops written to each wire (the lane that runs them). */
    static int[] opsPerLane(Network n) {
        int[] counts = new int[n.width()];
        for (Step s : n.steps()) {
            for (Op op : s.ops()) {
                if (op.kind().combines()) counts[op.dst()]++;
            }
        }
        return counts;
    }
}
