package org.entangle.entanglement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.metrics.Metrics;
import org.junit.jupiter.api.Test;

/**
 * Both views of the same trace set: the minimum-size networks of the talk's N = 8 program in 6 steps (enumerated
 * by {@link TalkProgramTraces}, filtered by a network metric).
 */
class FunctionalViewTest {

    @Test
    void fixtureCountsTheTalksTraces() {
        assertEquals(180, TalkProgramTraces.enumerate(4, 4, 8).size());
    }

    @Test
    void theFunctionalViewRevealsWhatTheRawChoicesHide() {
        TraceSet all = TalkProgramTraces.enumerate(8, 6, 9);
        int minimum = all.networks().stream().mapToInt(n -> Metrics.of(n).size()).min().orElseThrow();
        TraceSet raw = all.filterByNetwork(m -> m.size() == minimum);
        for (Network n : raw.networks()) assertTrue(RangeChecker.check(n).correct(), n.toString());
        TraceSet functional = FunctionalView.of(raw, FunctionalView.Detail.RANGE_WIRE_AND_DEPTH);
        Partition rawBlocks = FinestPartition.of(raw);
        Partition functionalBlocks = FinestPartition.of(functional);
        System.out.println("minimum size " + minimum + ": raw view " + raw.size() + " traces, functional view "
                + functional.size() + " distinct computations");
        rawBlocks.explain(raw, 0).forEach(line -> System.out.println("  raw " + line));
        functionalBlocks.explain(functional, 8).forEach(line -> System.out.println("  functional " + line));

        assertEquals(8, minimum);
        assertEquals(35, raw.size());
        assertEquals(5, functional.size(), "35 schedules compute only 5 different dataflows");
        assertTrue(PartitionOracle.isValid(PartitionOracle.rows(raw), rawBlocks.angelLists()));
        assertTrue(PartitionOracle.isFinestValid(PartitionOracle.rows(functional), functionalBlocks.angelLists()));
        List<String> shared = functionalBlocks.blocks().stream().filter(b -> b.combinations() == 1)
                .map(b -> functional.domain(b.angels().get(0)).name()).toList();
        assertEquals(List.of("[0,1]", "[0,2]", "[0,7]"), shared, "ranges every minimum-size network computes in the same place");
        assertEquals("w7@d6", functional.token(0, functional.names().indexOf("[0,7]")));
    }

    @Test
    void sameDataflowUnderAnotherScheduleHasTheSameFeatures() {
        Network early = Network.ofPairs(4, new int[][] {{1, 0}, {3, 2}}, new int[][] {{2, 1}, {3, 1}}, new int[0][]);
        Network late = Network.ofPairs(4, new int[][] {{1, 0}}, new int[][] {{3, 2}}, new int[][] {{2, 1}, {3, 1}});
        TraceSet features = FunctionalView.of(List.of(early, late), FunctionalView.Detail.RANGE_WIRE_AND_DEPTH);
        assertEquals(1, features.size());
        assertEquals(List.of("[0,1]", "[0,2]", "[0,3]", "[2,3]"), features.names());
        assertEquals("w3@d1", features.token(0, 3));
    }

    @Test
    void tracesWithoutNetworksHaveNoFunctionalView() {
        TraceSet set = PlantedPartitionTest.toTraceSet(List.of(List.of("0", "1")), 2);
        assertThrows(IllegalArgumentException.class, () -> FunctionalView.of(set, FunctionalView.Detail.RANGE));
    }
}
