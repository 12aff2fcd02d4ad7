package org.entangle.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.entangle.network.check.CheckResult;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import org.junit.jupiter.api.Test;

/** Hand-worked examples of the range semantics and the two memory models. */
class CoreSemanticsTest {

    /** Brent–Kung at n = 8, written out by hand. */
    static Network brentKung8() {
        return Network.ofPairs(8,
                new int[][] {{1, 0}, {3, 2}, {5, 4}, {7, 6}},
                new int[][] {{3, 1}, {7, 5}},
                new int[][] {{7, 3}},
                new int[][] {{5, 3}},
                new int[][] {{2, 1}, {4, 3}, {6, 5}});
    }

    @Test
    void brentKung8IsACorrectScanWithTheTextbookMetrics() {
        Network bk = brentKung8();
        assertTrue(RangeChecker.check(bk).correct());
        NetworkMetrics m = Metrics.of(bk);
        assertEquals(11, m.size());
        assertEquals(4, m.depth());
        assertEquals(5, m.steps());
        assertEquals(1, m.deficiency());
        assertEquals(List.of(4, 2, 1, 1, 3), m.opsPerStep());
    }

    @Test
    void readsHappenBeforeWritesWithinAStep() {
        // Kogge–Stone's second step reads wire 1 while wire 1 is also updated: the old value must be read.
        Network ks4 = Network.ofPairs(4, new int[][] {{1, 0}, {2, 1}, {3, 2}}, new int[][] {{2, 0}, {3, 1}});
        assertTrue(RangeChecker.check(ks4).correct());
        assertEquals(2, Metrics.of(ks4).maxFanout());
    }

    @Test
    void aDeadCombinationIsLocatedAtItsStepAndOp() {
        Network wrong = Network.ofPairs(4, new int[][] {{1, 0}, {3, 2}}, new int[][] {{3, 0}, {2, 1}});
        CheckResult r = RangeChecker.check(wrong);
        assertFalse(r.correct());
        assertNotNull(r.failure());
        assertEquals(1, r.failure().step());
        assertEquals(0, r.failure().opIndex());
        assertTrue(r.failure().message().contains("[0,0] ⊕ [2,3]"), r.failure().message());
    }

    @Test
    void aMissingOpIsReportedAtTheOutputWire() {
        Network missing = Network.ofPairs(3, new int[][] {{1, 0}});
        CheckResult r = RangeChecker.check(missing);
        assertFalse(r.correct());
        assertEquals(2, r.failure().wire());
        assertEquals("[2,2]", r.failure().actual());
        assertEquals("[0,2]", r.failure().expected());
    }

    @Test
    void aWireWrittenTwiceInOneStepIsRejected() {
        InvalidNetworkException e = assertThrows(InvalidNetworkException.class,
                () -> Network.ofPairs(3, new int[][] {{2, 0}, {2, 1}}));
        assertEquals(0, e.step());
        assertEquals(1, e.opIndex());
    }

    @Test
    void theAsapScheduleOfASerialChainKeepsItsLengthAndCanonicalFormsIgnoreSchedule() {
        Network spread = Network.ofPairs(4, new int[][] {{1, 0}}, new int[][] {}, new int[][] {{3, 2}}, new int[][] {{3, 1}, {2, 1}});
        Network packed = Network.ofPairs(4, new int[][] {{3, 2}, {1, 0}}, new int[][] {{2, 1}, {3, 1}});
        assertEquals(2, Schedules.asap(spread).stepCount());
        assertTrue(Schedules.sameComputation(spread, packed));
        assertFalse(Schedules.sameComputation(spread, brentKung8()));
    }

    @Test
    void inPlaceAsapWaitsForReadersOfTheOverwrittenValue() {
        // wire 1 is read by op (2,1) in step 2 before op (1,0) may overwrite it in the same or a later step.
        Network net = Network.ofPairs(3, new int[][] {{2, 1}}, new int[][] {{1, 0}}, new int[][] {{2, 0}});
        Network asap = Schedules.asap(net);
        assertEquals(RangeChecker.check(net).outputs(), RangeChecker.check(asap).outputs());
    }
}
