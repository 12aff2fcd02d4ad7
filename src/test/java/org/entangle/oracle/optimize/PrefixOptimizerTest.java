package org.entangle.oracle.optimize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import org.entangle.oracle.space.SpaceSpec;
import org.entangle.oracle.space.StateGraph;
import org.entangle.oracle.space.TraceCounts;
import org.junit.jupiter.api.Test;

/**
 * The optimiser against the known minima (Sergeev's at depth log2 n, an integer program's at n = 8 and 16), an
 * exhaustive search, and the in-place state space.
 */
class PrefixOptimizerTest {

    private static OptimizeResult minSize(int n, int depth, MemoryModel model, int fanout) {
        return new PrefixOptimizer(new SearchControl(120), null).minSize(n, depth, model, fanout);
    }

    /** The result is optimal, of the claimed size, within the depth, and the checker accepts it. */
    private static void assertProvenMinimum(OptimizeResult r, int expectedSize, int depth) {
        assertTrue(r.optimal(), r.toString());
        Network net = r.network();
        assertTrue(RangeChecker.check(net).correct(), r.toString());
        NetworkMetrics m = Metrics.of(net);
        assertEquals(expectedSize, m.size(), "n=" + r.width() + " depth " + depth);
        assertEquals(expectedSize, r.size());
        assertTrue(m.depth() <= depth);
        if (r.model() == MemoryModel.IN_PLACE) assertTrue(m.steps() <= depth);
    }

    @Test
    void circuitMinimaOfTheGuideForEightAndSixteen() {
        int[] n8 = {12, 10, 9, 8, 7};
        for (int d = 3; d <= 7; d++) assertProvenMinimum(minSize(8, d, MemoryModel.CIRCUIT, 0), n8[d - 3], d);
        int[] n16 = {31, 25, 24, 23, 22};
        for (int d = 4; d <= 8; d++) assertProvenMinimum(minSize(16, d, MemoryModel.CIRCUIT, 0), n16[d - 4], d);
    }

    @Test
    void circuitMinimaForThirtyTwo() {
        assertProvenMinimum(minSize(32, 5, MemoryModel.CIRCUIT, 0), 74, 5);
        // Snir's bound 2n − 2 − d = 56 is met, so this settles n = 32 at depth 6 (Ladner–Fischer P1 has 62).
        assertProvenMinimum(minSize(32, 6, MemoryModel.CIRCUIT, 0), 56, 6);
    }

    @Test
    void inPlaceMinimaAgreeWithTheTalkProgramsStateSpace() {
        for (int d = 3; d <= 7; d++) {
            OptimizeResult r = minSize(8, d, MemoryModel.IN_PLACE, 0);
            TraceCounts space = TraceCounts.of(StateGraph.build(SpaceSpec.talk(8, d, 8 * d)));
            assertProvenMinimum(r, space.minOps(0), d);
        }
        int[] n16 = {31, 25, 24, 23, 22};
        for (int d = 4; d <= 8; d++) assertProvenMinimum(minSize(16, d, MemoryModel.IN_PLACE, 0), n16[d - 4], d);
    }

    @Test
    void agreesWithExhaustiveSearchOverAllCircuitsUpToSeven() {
        for (int n = 2; n <= 7; n++) {
            List<PrefixChains> all = allCircuits(n);
            for (int d = ChainSearch.ceilLog2(n); d <= n - 1; d++) {
                for (int fanout : new int[] {0, 2, 3}) {
                    int best = Integer.MAX_VALUE;
                    for (PrefixChains c : all) {
                        if (c.depth() <= d && (fanout == 0 || c.maxFanout() <= fanout)) best = Math.min(best, c.size());
                    }
                    OptimizeResult r = minSize(n, d, MemoryModel.CIRCUIT, fanout);
                    assertProvenMinimum(r, best, d);
                    if (fanout > 0) assertTrue(Metrics.of(r.network()).maxFanout() <= fanout);
                }
            }
        }
    }

    @Test
    void depthBelowLogTwoIsExplained() {
        OptimizeResult r = minSize(16, 3, MemoryModel.CIRCUIT, 0);
        assertNull(r.network());
        assertTrue(r.note().contains("log2"), r.note());
    }

    @Test
    void lowestDepthWithinABudget() {
        OptimizeResult r = new PrefixOptimizer(new SearchControl(60), null).minDepth(16, 24, MemoryModel.CIRCUIT, 0);
        assertEquals(6, Metrics.of(r.network()).depth());
        assertTrue(r.optimal());
    }

    @Test
    void cancelledSearchReportsBestFoundAsNotOptimal() {
        SearchControl control = new SearchControl(60);
        control.cancel();
        OptimizeResult r = new PrefixOptimizer(control, null).minSize(32, 6, MemoryModel.CIRCUIT, 0);
        assertFalse(r.optimal());
        assertNotNull(r.network());
        assertTrue(RangeChecker.check(r.network()).correct());
        assertTrue(r.note().contains("stopped"));
    }

    @Test
    void paretoFrontHasNoDominatedPoint() {
        List<OptimizeResult> front = new PrefixOptimizer(new SearchControl(60), null).pareto(8, MemoryModel.CIRCUIT);
        assertFalse(front.isEmpty());
        for (OptimizeResult a : front) {
            NetworkMetrics ma = Metrics.of(a.network());
            for (OptimizeResult b : front) {
                NetworkMetrics mb = Metrics.of(b.network());
                boolean dominated = mb.size() <= ma.size() && mb.depth() <= ma.depth()
                        && mb.maxFanout() <= ma.maxFanout()
                        && (mb.size() < ma.size() || mb.depth() < ma.depth() || mb.maxFanout() < ma.maxFanout());
                assertFalse(dominated, ma + " dominated by " + mb);
            }
        }
    }

    /** Every set of column chains of width n whose segments exist (each column any subset of lower ends). */
    private static List<PrefixChains> allCircuits(int n) {
        List<PrefixChains> out = new ArrayList<>();
        int[][] chains = new int[n][];
        chains[0] = new int[0];
        fill(1, n, chains, out);
        return out;
    }

    private static void fill(int c, int n, int[][] chains, List<PrefixChains> out) {
        if (c == n) {
            PrefixChains p = new PrefixChains(chains.clone());
            if (p.depth() >= 0) out.add(p);
            return;
        }
        for (int subset = 0; subset < 1 << (c - 1); subset++) {
            List<Integer> ends = new ArrayList<>();
            for (int b = c - 1; b >= 1; b--) if ((subset >> (b - 1) & 1) == 1) ends.add(b);
            ends.add(0);
            chains[c] = ends.stream().mapToInt(Integer::intValue).toArray();
            fill(c + 1, n, chains, out);
        }
    }
}
