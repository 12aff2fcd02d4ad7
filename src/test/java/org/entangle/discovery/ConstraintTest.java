package org.entangle.discovery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.entangle.entanglement.Block;
import org.entangle.entanglement.TraceSet;
import org.entangle.lang.Program;
import org.entangle.network.metrics.Metrics;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.Pin;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.Trace;
import org.entangle.oracle.engine.TraceOracles;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each kind of constraint, written into the program and counted by the oracle, keeps exactly the traces it names:
 * its count is compared with an independent one, the previous stage's traces filtered by what the constraint means.
 */
class ConstraintTest {

    private static final CancellationToken CANCEL = new CancellationToken();
    private static Stage pinnedAtEight;

    @BeforeAll
    static void pinTheUpSweepAtEight() {
        StageSpec spec = StageSpec.of(new SpecForm(8, 6, 16, Constraints.NONE))
                .with(new Constraint.PinState(Pin.brentKungUpSweep(8, 3), "Brent and Kung's up-sweep"));
        pinnedAtEight = StageAnalysis.run(spec, CANCEL, m -> { });
    }

    /** The talk's program at N = 4 run by the interpreter (a parameter forces that engine), every trace. */
    private static List<Trace> interpreterTraces(int n) {
        List<Trace> all = new ArrayList<>();
        TraceOracles.of(Program.parse(TalkTour.talkProblem(n).programText()), Map.of("N", n), p -> { }).enumerate(all::add, CANCEL);
        return all;
    }

    @Test
    void aPinKeepsExactlyTheTracesThatReachThePinnedState() {
        List<Trace> all = interpreterTraces(4);
        assertEquals(180, all.size(), "the talk's program at N = 4 has 180 safe traces in the in-place model");
        Stage first = StageAnalysis.run(StageSpec.of(TalkTour.talkProblem(4)), CANCEL, m -> { });
        for (int s = 1; s <= 4; s++) {
            int step = s;
            for (Trace chosen : List.of(all.get(0), all.get(all.size() / 2), all.get(all.size() - 1))) {
                int[] los = TraceStates.of(chosen, 4, 4).los(step);
                long expected = all.stream().filter(t -> java.util.Arrays.equals(TraceStates.of(t, 4, 4).los(step), los)).count();
                Constraint.PinState pin = Gestures.pin(first, chosen, step, "a chosen trace's state");
                Stage pinned = StageAnalysis.run(first.spec().with(pin), CANCEL, m -> { });
                assertEquals(BigInteger.valueOf(expected), pinned.count(), "pin " + pin.pin().format());
                assertTrue(pinned.text().contains("if (step == " + step + ")"), "the pin is written into the program");
            }
        }
    }

    @Test
    void aSliceKeepsExactlyTheNetworksOfItsSizeAndDepth() {
        assertEquals(BigInteger.valueOf(99), pinnedAtEight.count());
        assertEquals(99, pinnedAtEight.traceList().size(), "a small space is analysed whole");
        for (Gestures.ParetoPoint point : Gestures.paretoFront(pinnedAtEight)) {
            long expected = pinnedAtEight.traceList().stream().map(t -> Metrics.of(t.network()))
                    .filter(m -> m.size() == point.size() && m.depth() == point.depth()).count();
            assertEquals(expected, point.traces());
            Stage sliced = StageAnalysis.run(pinnedAtEight.spec().with(Gestures.slice(point)), CANCEL, m -> { });
            assertEquals(BigInteger.valueOf(expected), sliced.count(), "slice " + point);
            assertTrue(sliced.text().contains("assert ops <= " + point.size()), sliced.text());
        }
        java.util.Set<List<Integer>> points = new java.util.HashSet<>();
        pinnedAtEight.traceList().forEach(t -> points.add(List.of(Metrics.of(t.network()).size(), Metrics.of(t.network()).depth())));
        assertTrue(points.size() > 1, "the pinned space has networks of more than one size and depth: " + points);
        for (List<Integer> p : points) {
            long expected = pinnedAtEight.traceList().stream().map(t -> Metrics.of(t.network()))
                    .filter(m -> m.size() == p.get(0) && m.depth() == p.get(1)).count();
            Stage sliced = StageAnalysis.run(pinnedAtEight.spec().with(new Constraint.Slice(p.get(0), p.get(1))), CANCEL, m -> { });
            assertEquals(BigInteger.valueOf(expected), sliced.count(), "slice " + p);
        }
    }

    @Test
    void fixingABlockKeepsExactlyTheTracesWithThatCombination() {
        TraceSet set = pinnedAtEight.traces().set();
        List<Block> blocks = pinnedAtEight.rawPartition().blocks();
        int fixed = 0;
        for (int b = 0; b < blocks.size(); b++) {
            Block block = blocks.get(b);
            if (block.combinations() == 1) continue;
            int[] angels = block.angels().stream().mapToInt(Integer::intValue).toArray();
            for (Gestures.Combination c : Gestures.combinations(pinnedAtEight, block)) {
                long expected = 0;
                for (int r = 0; r < set.size(); r++) {
                    boolean match = true;
                    for (int a = 0; a < angels.length; a++) match &= set.token(r, angels[a]).equals(c.tokens().get(a));
                    if (match) expected++;
                }
                assertEquals(expected, c.traces());
                Constraint.FixBlock fix = Gestures.fix(pinnedAtEight, b, c);
                Stage next = StageAnalysis.run(pinnedAtEight.spec().with(fix), CANCEL, m -> { });
                assertEquals(BigInteger.valueOf(expected), next.count(), fix.describe() + "\n" + next.text());
                Stage kept = DiscoverySession.ask(pinnedAtEight, fix, CANCEL, m -> { });
                assertTrue(kept.analysed().contains("left of the stage before"), "a stage held whole is filtered: " + kept.analysed());
                assertEquals(networks(next), networks(kept), "filtering the stage's traces keeps exactly the engine's: " + fix.describe());
                fixed++;
            }
        }
        assertEquals(17, fixed, "the up-sweep pinned at N = 8 leaves blocks of 3, 3 and 11 combinations");
    }

    @Test
    void theUpSweepLeavesIndependentDownSweepChoices() {
        long product = 1;
        for (Block b : pinnedAtEight.rawPartition().blocks()) product *= b.combinations();
        assertEquals(99, product, "a valid partition: |T| is the product of its blocks' combinations");
        assertEquals(3, pinnedAtEight.openBlocks().size());
    }

    @Test
    void theStatesOfASafeTraceEndInTheScan() {
        for (Trace t : interpreterTraces(4)) {
            assertArrayEquals(new int[4], TraceStates.of(t, 4, 4).los(4), "every wire ends with the range starting at input 0");
        }
    }

    @Test
    void aLargeSpaceIsAnalysedOnAStatedSliceOfItsSmallestNetworks() {
        Stage first = StageAnalysis.run(StageSpec.of(TalkTour.talkProblem(8)), CANCEL, m -> { });
        assertEquals(new BigInteger("247478238"), first.count());
        assertTrue(first.analysed().contains("minimum size 8"), first.analysed());
        int smallest = first.traceList().stream().mapToInt(t -> t.network().opCount()).max().orElseThrow();
        assertEquals(8, smallest, "every analysed network has the minimum size");
        assertNotEquals(first.count(), BigInteger.valueOf(first.traceList().size()));
    }

    private static java.util.Set<org.entangle.network.Network> networks(Stage stage) {
        java.util.Set<org.entangle.network.Network> out = new java.util.HashSet<>();
        for (Trace t : stage.traceList()) out.add(t.network());
        return out;
    }

    @Test
    void theAngelsOwnReductionIsBrentKungsUpSweepAtTheToursWidths() {
        for (int n : new int[] {4, 8, 16}) {
            int steps = Integer.numberOfTrailingZeros(n);
            Constraint.PinState pin = Gestures.reductionPin(TalkTour.talkProblem(n), CANCEL);
            assertEquals(Pin.brentKungUpSweep(n, steps).format(), pin.pin().format(), "N = " + n);
            assertTrue(pin.describe().contains("they know 1 such reduction"), pin.describe());
        }
    }

    @Test
    void undoAndReopenGoBackAStage() {
        Stage first = StageAnalysis.run(StageSpec.of(TalkTour.talkProblem(4)), CANCEL, m -> { });
        DiscoverySession session = new DiscoverySession(first);
        Stage pinned = DiscoverySession.ask(first, Gestures.reductionPin(first.spec().base(), CANCEL), CANCEL, m -> { });
        session.add(pinned);
        Stage sliced = DiscoverySession.ask(pinned, Gestures.slice(Gestures.paretoFront(pinned).get(0)), CANCEL, m -> { });
        session.add(sliced);
        assertEquals(3, session.stages().size());
        assertTrue(session.undo());
        assertEquals(pinned, session.current());
        session.add(sliced);
        session.reopen(0);
        assertEquals(first, session.current());
        assertFalse(session.undo(), "the first stage stays");
        assertThrowsWrongStage(session, sliced);
    }

    private static void assertThrowsWrongStage(DiscoverySession session, Stage twoAhead) {
        try {
            session.add(twoAhead);
        } catch (IllegalArgumentException e) {
            return;
        }
        throw new AssertionError("a stage two constraints ahead was accepted");
    }
}
