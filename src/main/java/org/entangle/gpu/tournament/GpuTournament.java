package org.entangle.gpu.tournament;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.entangle.cuda.NvccCompiler;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuException;
import org.entangle.tournament.Candidate;
import org.entangle.tournament.Entry;
import org.entangle.tournament.Origin;
import org.entangle.tournament.Ranking;
import org.entangle.tournament.Setting;

/**
 * Runs a GPU tournament on an open device: the block-scan setting at every block width ({@link BlockScanRun}, all
 * candidates), then, at the widths asked for, the device-wide scan ({@link WideScanRun}) and the compaction's scan
 * ({@link PatternScanRun}) for the fastest {@code wideTop} candidates of the block scan, its fastest {@code wideTop}
 * oracle-chosen ones and every classic family (so that the comparison with the best classic family holds there too). A setting that breaks on the device is reported
 * and the tournament goes on with the next.
 */
public final class GpuTournament {

    /**
     * What to run.
     *
     * @param blockWidths  widths of the block-scan setting
     * @param wideWidths   widths (among the block widths) that also run the device-wide and pattern settings
     * @param wideSizes    element counts of the device-wide and pattern settings
     * @param wideTop      how many of the block scan's fastest candidates (and of its fastest oracle-chosen ones) go on
     * @param pattern      whether to run the compaction's scan
     * @param block        the block setting's sizes
     * @param wideRounds   interleaved rounds of the device-wide and pattern settings
     * @param seed         the inputs' seed
     */
    public record Plan(List<Integer> blockWidths, List<Integer> wideWidths, List<Long> wideSizes, int wideTop, boolean pattern,
                       BlockScanRun.Config block, int wideRounds, long seed) {
    }

    private GpuTournament() {
    }

    /**
     * Every setting measured, in the order run; {@code candidates} gives each width's candidates, and {@code measured}
     * hears the settings so far after each one (so that a report can be written before the end).
     */
    public static List<Setting> run(Gpu gpu, NvccCompiler nvcc, Plan plan, IntFunction<List<Candidate>> candidates, Consumer<String> progress,
                                    Consumer<List<Setting>> measured) {
        List<Setting> settings = new ArrayList<>();
        for (int width : plan.blockWidths()) {
            List<Candidate> pool = candidates.apply(width);
            Setting block;
            try {
                block = BlockScanRun.run(gpu, nvcc, width, pool, plan.block(), progress);
            } catch (GpuException e) {
                progress.accept("FAILED block scan at width " + width + ": " + e.getMessage());
                continue;
            }
            settings.add(block);
            measured.accept(List.copyOf(settings));
            if (!plan.wideWidths().contains(width)) continue;
            List<Candidate> finalists = finalists(Ranking.of(block), pool, plan.wideTop());
            try {
                settings.addAll(WideScanRun.run(gpu, nvcc, width, finalists, plan.wideSizes(), plan.wideRounds(), plan.block().runs(), plan.seed(), progress));
                measured.accept(List.copyOf(settings));
            } catch (GpuException e) {
                progress.accept("FAILED device-wide scan at width " + width + ": " + e.getMessage());
            }
            if (!plan.pattern()) continue;
            try {
                settings.addAll(PatternScanRun.run(gpu, width, finalists, plan.wideSizes(), plan.wideRounds(), plan.block().runs(), plan.seed(), progress));
                measured.accept(List.copyOf(settings));
            } catch (GpuException e) {
                progress.accept("FAILED compaction at width " + width + ": " + e.getMessage());
            }
        }
        return settings;
    }

    /**
     * The block scan's fastest {@code top} candidates, its fastest {@code top} oracle-chosen ones and every classic
     * family that passed, fastest first.
     */
    static List<Candidate> finalists(Ranking ranking, List<Candidate> pool, int top) {
        Set<String> ids = new LinkedHashSet<>();
        int oracle = 0;
        for (Ranking.Row r : ranking.rows()) {
            Entry e = r.entry();
            if (e.library()) continue;
            boolean oracleChosen = e.oracleChosen() && oracle < top;
            if (oracleChosen) oracle++;
            if (ids.size() < top || oracleChosen || e.origin() == Origin.CLASSIC) ids.add(e.id());
        }
        List<Candidate> out = new ArrayList<>();
        for (String id : ids) {
            for (Candidate c : pool) {
                if (c.id().equals(id)) out.add(c);
            }
        }
        return out;
    }
}
