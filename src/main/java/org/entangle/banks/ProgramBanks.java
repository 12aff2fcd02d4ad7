package org.entangle.banks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Bank conflicts of a program's own shared-memory accesses ({@link ProgramAccesses}) under a {@link BankModel}
 * and a {@link ProgramLanes} assignment, and the index remapping that minimises them (the talk's "Bank
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

    /**
     * The remap search's outcome: the best report, the report without remapping, how many formulas were scored,
     * and the table search's outcome (the attempt with the fewest conflicts; null when a formula left none, so no
     * table search ran).
     */
    public record Search(Report best, Report original, int candidates, BankColouring.Result colouring) {
    }

    /** The seed of the table search's local search unless another is given. */
    public static final long DEFAULT_SEED = 1;

    public static Report analyse(List<ProgramAccesses.Block> blocks, BankModel model, ProgramLanes lanes, IndexRemap remap) {
        return score(warpAccesses(blocks, model, lanes), model, lanes, remap);
    }

    private static Report score(List<List<int[]>> accesses, BankModel model, ProgramLanes lanes, IndexRemap remap) {
        int warpAccesses = 0;
        long extra = 0;
        int maxDegree = 0;
        List<Long> perStep = new ArrayList<>(accesses.size());
        for (List<int[]> block : accesses) {
            long stepExtra = 0;
            for (int[] indices : block) {
                int degree = degree(indices, remap, model);
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
     * The warp accesses of every block, in execution order: for each, the distinct indices that the active
     * threads of one warp touch at one source site (the k-th time a lane reaches the site is a separate access).
     */
    public static List<List<int[]>> warpAccesses(List<ProgramAccesses.Block> blocks, BankModel model, ProgramLanes lanes) {
        List<List<int[]>> all = new ArrayList<>(blocks.size());
        for (ProgramAccesses.Block block : blocks) {
            Map<Integer, Integer> thread = threads(block, lanes);
            Map<Long, Set<Integer>> indicesByAccess = new LinkedHashMap<>();
            Map<Long, Integer> occurrence = new HashMap<>();
            for (ProgramAccesses.Access a : block.accesses()) {
                long siteLane = ((long) a.site() << 32) | a.lane();
                int k = occurrence.merge(siteLane, 1, Integer::sum);
                int warp = thread.get(a.lane()) / model.warpSize();
                long key = (((long) a.site() * 64 + k) << 32) | warp;
                indicesByAccess.computeIfAbsent(key, x -> new LinkedHashSet<>()).add(a.index());
            }
            List<int[]> accesses = new ArrayList<>(indicesByAccess.size());
            for (Set<Integer> indices : indicesByAccess.values()) accesses.add(indices.stream().mapToInt(Integer::intValue).toArray());
            all.add(accesses);
        }
        return all;
    }

    /** {@link #search(List, int, BankModel, ProgramLanes, long)} with {@link #DEFAULT_SEED}. */
    public static Search search(List<ProgramAccesses.Block> blocks, int n, BankModel model, ProgramLanes lanes) {
        return search(blocks, n, model, lanes, DEFAULT_SEED);
    }

    /**
     * The remap with the fewest extra cycles, then the smallest footprint, then the smallest expression: first
     * the formulas of {@link RemapSearch}'s grammar (padding and XOR swizzles; the identity competes too, so a
     * program without conflicts keeps its layout) and the {@link LevelSwizzleRemap} of the bank model; when every
     * formula leaves conflicts, a {@link TableRemap} from {@link BankColouring} with {@code seed}, starting from the
     * level swizzle's banks (injective or not) or else the best formula's, in n slots and, if conflicts remain
     * there, in n + ⌈n/32⌉ (one padding row per 32). Every candidate is injective on 0..n−1.
     */
    public static Search search(List<ProgramAccesses.Block> blocks, int n, BankModel model, ProgramLanes lanes, long seed) {
        List<List<int[]>> accesses = warpAccesses(blocks, model, lanes);
        Report original = score(accesses, model, lanes, IndexRemap.IDENTITY);
        Comparator<Report> better = Comparator.comparingLong(Report::extraCycles)
                .thenComparingLong(r -> r.remap().footprint(n))
                .thenComparingInt(r -> r.remap().expressionSize());
        Report best = original;
        int scored = 0;
        List<IndexRemap> formulas = new ArrayList<>(RemapSearch.grammar(n, model));
        if (LevelSwizzleRemap.of(model) != null) formulas.add(LevelSwizzleRemap.of(model));
        for (IndexRemap remap : formulas) {
            if (!remap.injectiveUpTo(n)) continue;
            Report report = score(accesses, model, lanes, remap);
            scored++;
            if (better.compare(report, best) < 0) best = report;
        }
        if (best.conflictFree()) return new Search(best, original, scored, null);
        List<int[]> groups = new ArrayList<>();
        for (List<int[]> block : accesses) {
            for (int[] indices : block) {
                int[] inside = Arrays.stream(indices).filter(i -> i >= 0 && i < n).toArray();
                if (inside.length > 1) groups.add(inside);
            }
        }
        IndexRemap start = LevelSwizzleRemap.of(model) != null ? LevelSwizzleRemap.of(model) : best.remap();
        BankColouring.Result colouring = null;
        for (int footprint : new int[] {n, n + (n + 31) / 32}) {
            BankColouring.Result attempt = BankColouring.colour(n, groups, model, footprint, seed, 400L * n, start);
            Report report = score(accesses, model, lanes, attempt.remap());
            if (colouring == null || report.extraCycles() < best.extraCycles()) colouring = attempt;
            if (report.extraCycles() < best.extraCycles()) best = report;
            if (best.conflictFree()) break;
        }
        return new Search(best, original, scored, colouring);
    }

    private static Map<Integer, Integer> threads(ProgramAccesses.Block block, ProgramLanes lanes) {
        Map<Integer, Integer> thread = new HashMap<>();
        for (ProgramAccesses.Access a : block.accesses()) {
            thread.computeIfAbsent(a.lane(), lane -> lanes == ProgramLanes.INDEX ? lane : thread.size());
        }
        return thread;
    }

    private static int degree(int[] indices, IndexRemap remap, BankModel model) {
        Map<Integer, Set<Long>> wordsByBank = new HashMap<>();
        for (int i : indices) {
            long slot = remap.map(i);
            wordsByBank.computeIfAbsent(model.bankOf(slot), b -> new HashSet<>()).add(model.wordOf(slot));
        }
        int degree = 1;
        for (Set<Long> words : wordsByBank.values()) degree = Math.max(degree, words.size());
        return degree;
    }
}
