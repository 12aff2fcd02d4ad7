package org.entangle.generalize.banks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Bank conflicts of a program's own shared-memory accesses ({@link ProgramAccesses}) under a {@link BankModel}
 * and a {@link ProgramLanes} assignment, and the index remapping that minimises them (GUIDE §5; the talk's "Bank
 * conflict avoidance": "remapping array indices, so distinct memory accesses are actually handled in parallel").
 * One warp access is one source site (an {@code x[e]} read or a write) executed by the active threads of one warp
 * in one block; its conflict degree is the largest number of distinct words in one bank; the extra cycles are
 * Σ (degree − 1).
 */
public final class ProgramBanks {

    private ProgramBanks() {
    }

    /**
     * Conflicts of every block.
     *
     * @param warpAccesses  the number of warp accesses counted
     * @param extraCycles   Σ (degree − 1) over them
     * @param maxDegree     the worst degree
     * @param extraPerStep  the extra cycles of each block that accesses x, in execution order
     */
    public record Report(IndexRemap remap, ProgramLanes lanes, int warpAccesses, long extraCycles, int maxDegree,
                         List<Long> extraPerStep) {

        public boolean conflictFree() {
            return extraCycles == 0;
        }
    }

    /** The remap search's outcome: the best report, the report without remapping, how many remaps were scored. */
    public record Search(Report best, Report original, int candidates) {
    }

    public static Report analyse(List<ProgramAccesses.Block> blocks, BankModel model, ProgramLanes lanes, IndexRemap remap) {
        int warpAccesses = 0;
        long extra = 0;
        int maxDegree = 0;
        List<Long> perStep = new ArrayList<>(blocks.size());
        for (ProgramAccesses.Block block : blocks) {
            Map<Integer, Integer> thread = threads(block, lanes);
            Map<Long, List<Long>> slotsByAccess = new LinkedHashMap<>();
            Map<Long, Integer> occurrence = new HashMap<>();
            for (ProgramAccesses.Access a : block.accesses()) {
                long siteLane = ((long) a.site() << 32) | a.lane();
                int k = occurrence.merge(siteLane, 1, Integer::sum);
                int warp = thread.get(a.lane()) / model.warpSize();
                long key = (((long) a.site() * 64 + k) << 32) | warp;
                slotsByAccess.computeIfAbsent(key, x -> new ArrayList<>()).add(remap.map(a.index()));
            }
            long stepExtra = 0;
            for (List<Long> slots : slotsByAccess.values()) {
                int degree = degree(slots, model);
                warpAccesses++;
                stepExtra += degree - 1;
                maxDegree = Math.max(maxDegree, degree);
            }
            perStep.add(stepExtra);
            extra += stepExtra;
        }
        return new Report(remap, lanes, warpAccesses, extra, maxDegree, List.copyOf(perStep));
    }

    /**
     * The remap of {@link RemapSearch}'s grammar (padding and XOR swizzles) with the fewest extra cycles, then the
     * smallest footprint, then the smallest expression; the identity competes too, so a program without
     * conflicts keeps its layout. Every candidate is injective on 0..n−1.
     */
    public static Search search(List<ProgramAccesses.Block> blocks, int n, BankModel model, ProgramLanes lanes) {
        Report original = analyse(blocks, model, lanes, IndexRemap.IDENTITY);
        Comparator<Report> better = Comparator.comparingLong(Report::extraCycles)
                .thenComparingLong(r -> r.remap().footprint(n))
                .thenComparingInt(r -> r.remap().expressionSize());
        Report best = original;
        int scored = 0;
        for (IndexRemap remap : RemapSearch.grammar(n, model)) {
            if (!remap.injectiveUpTo(n)) continue;
            Report report = analyse(blocks, model, lanes, remap);
            scored++;
            if (better.compare(report, best) < 0) best = report;
        }
        return new Search(best, original, scored);
    }

    private static Map<Integer, Integer> threads(ProgramAccesses.Block block, ProgramLanes lanes) {
        Map<Integer, Integer> thread = new HashMap<>();
        for (ProgramAccesses.Access a : block.accesses()) {
            thread.computeIfAbsent(a.lane(), lane -> lanes == ProgramLanes.INDEX ? lane : thread.size());
        }
        return thread;
    }

    private static int degree(List<Long> slots, BankModel model) {
        Map<Integer, Set<Long>> wordsByBank = new HashMap<>();
        for (long slot : slots) wordsByBank.computeIfAbsent(model.bankOf(slot), b -> new HashSet<>()).add(model.wordOf(slot));
        int degree = 1;
        for (Set<Long> words : wordsByBank.values()) degree = Math.max(degree, words.size());
        return degree;
    }
}
