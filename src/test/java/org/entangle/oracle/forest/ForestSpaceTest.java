package org.entangle.oracle.forest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.check.RangeChecker;
import org.entangle.oracle.space.SpaceSpec;
import org.entangle.oracle.space.SpaceTrace;
import org.entangle.oracle.space.TraceSpace;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;

/**
 * The forest engine against the state-graph engine and against plain enumeration: the same counts on every small
 * space of the talk's program, forward and backward; streaming yields each safe trace exactly once; every streamed
 * and sampled network passes the range checker; samples are uniform (chi-square).
 */
class ForestSpaceTest {

    private static final CancellationToken NEVER = new CancellationToken();
    private static final ScanSpec BACKWARD = new ScanSpec(ResultKind.INCLUSIVE, Direction.BACKWARD, Algebra.ASSOCIATIVE);

    @Test
    void countsAgreeWithTheStateGraphOnEverySmallSpace() {
        int compared = 0;
        for (int n = 1; n <= 7; n++) {
            for (int steps = 0; steps <= 5; steps++) {
                for (int budget = 0; budget <= 2 * n; budget++) {
                    SpaceSpec forward = SpaceSpec.talk(n, steps, budget);
                    assertEquals(TraceSpace.of(forward).count(), ForestSpace.of(forward).count(NEVER), forward.toString());
                    SpaceSpec backward = forward.withScan(BACKWARD);
                    assertEquals(TraceSpace.of(backward).count(), ForestSpace.of(backward).count(NEVER), backward.toString());
                    compared += 2;
                }
            }
        }
        System.out.println("ForestSpaceTest: " + compared + " spaces compared with the state graph");
    }

    @Test
    void aCountSplitOverThreadsEqualsTheCountOnOne() {
        for (SpaceSpec spec : List.of(SpaceSpec.talk(8, 6, 16), SpaceSpec.talk(10, 5, 19), SpaceSpec.talk(9, 7, 18).withScan(BACKWARD),
                SpaceSpec.talk(12, 5, 22))) {
            assertEquals(ForestSpace.of(spec).onThreads(1).count(NEVER), ForestSpace.of(spec).onThreads(4).count(NEVER), spec.toString());
        }
    }

    @Test
    void theTalksCountsAtFourAndEight() {
        assertEquals(BigInteger.valueOf(180), ForestSpace.of(SpaceSpec.talk(4, 4, 8)).count(NEVER));
        assertEquals(BigInteger.valueOf(247_478_238), ForestSpace.of(SpaceSpec.talk(8, 6, 16)).count(NEVER));
    }

    @Test
    void streamingYieldsEachSafeTraceOnceAndOnlySafeOnes() {
        int spaces = 0;
        for (int n = 2; n <= 6; n++) {
            for (int steps = 1; steps <= 4; steps++) {
                for (int budget = n - 1; budget <= 2 * n; budget += 2) {
                    for (SpaceSpec spec : List.of(SpaceSpec.talk(n, steps, budget), SpaceSpec.talk(n, steps, budget).withScan(BACKWARD))) {
                        Set<SpaceTrace> seen = new HashSet<>();
                        long[] streamed = {0};
                        assertTrue(ForestSpace.of(spec).enumerate(t -> {
                            streamed[0]++;
                            assertTrue(RangeChecker.check(t.network()).correct(), t::toString);
                            assertTrue(t.ops() <= spec.maxOps(), t::toString);
                            seen.add(t);
                            return true;
                        }, NEVER));
                        assertEquals(seen.size(), streamed[0], "a trace streamed twice: " + spec);
                        assertEquals(TraceSpace.of(spec).count(), BigInteger.valueOf(streamed[0]), spec.toString());
                        spaces++;
                    }
                }
            }
        }
        System.out.println("ForestSpaceTest: " + spaces + " spaces streamed whole");
    }

    @Test
    void streamingStopsWhenTheSinkSaysSo() {
        int[] taken = {0};
        boolean all = ForestSpace.of(SpaceSpec.talk(16, 8, 32)).enumerate(t -> ++taken[0] < 3, NEVER);
        assertFalse(all);
        assertEquals(3, taken[0]);
    }

    @Test
    void samplesAreSafeAndUniform() {
        long seed = 20261202L;
        SpaceSpec spec = SpaceSpec.talk(4, 4, 8);
        int draws = 180 * 100;
        Map<SpaceTrace, Integer> histogram = new HashMap<>();
        for (SpaceTrace t : ForestSpace.of(spec).sample(draws, seed, NEVER)) {
            assertTrue(RangeChecker.check(t.network()).correct(), t::toString);
            histogram.merge(t, 1, Integer::sum);
        }
        assertEquals(180, histogram.size(), "every trace should be drawn at this sample size");
        double expected = draws / 180.0;
        double chi2 = 0;
        for (int c : histogram.values()) chi2 += (c - expected) * (c - expected) / expected;
        System.out.println("ForestSpaceTest: chi-square " + chi2 + " over 179 degrees of freedom, seed " + seed);
        // The 0.999 quantile of chi-square with 179 degrees of freedom is about 243.
        assertTrue(chi2 < 243, "chi-square " + chi2);
    }

    @Test
    void samplesOfALargeSpaceAreSafeNetworksWithinTheBudget() {
        SpaceSpec spec = SpaceSpec.talk(12, 5, 22);
        for (SpaceTrace t : ForestSpace.of(spec).sample(5, 7, NEVER)) {
            assertTrue(RangeChecker.check(t.network()).correct(), t::toString);
            assertTrue(t.ops() <= 22);
        }
    }
}
