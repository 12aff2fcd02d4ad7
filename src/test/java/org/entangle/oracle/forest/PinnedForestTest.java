package org.entangle.oracle.forest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.check.RangeChecker;
import org.entangle.oracle.Pin;
import org.entangle.oracle.space.SpaceSpec;
import org.entangle.oracle.space.SpaceTrace;
import org.entangle.oracle.space.TraceSpace;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;

/**
 * The forest engine with pinned states against the state-graph engine, which applies pins as a filter on its
 * states: the same counts, streams of exactly the counted traces, each through its pins, and samples that pass the
 * range checker and meet the pins. Pins come from the states of random safe traces (seeded) and from Brent–Kung's
 * up-sweep.
 */
class PinnedForestTest {

    private static final CancellationToken NEVER = new CancellationToken();
    private static final ScanSpec BACKWARD = new ScanSpec(ResultKind.INCLUSIVE, Direction.BACKWARD, Algebra.ASSOCIATIVE);
    private static final long SEED = 20261202L;

    @Test
    void countsStreamsAndSamplesAgreeWithTheStateGraph() {
        System.out.println("PinnedForestTest: seed " + SEED);
        Random random = new Random(SEED);
        int compared = 0;
        for (int n = 2; n <= 7; n++) {
            for (int steps = 2; steps <= 5; steps++) {
                for (int budget : new int[] {n - 1, n + 1, 2 * n}) {
                    for (ScanSpec scan : List.of(ScanSpec.INCLUSIVE, BACKWARD)) {
                        SpaceSpec free = SpaceSpec.talk(n, steps, 2 * n).withScan(scan);
                        List<SpaceTrace> sources = ForestSpace.of(free).sample(2, random.nextLong(), NEVER);
                        for (SpaceTrace source : sources) {
                            int at = 1 + random.nextInt(steps);
                            SpaceSpec pinned = SpaceSpec.talk(n, steps, budget).withScan(scan).withPinnedRanges(at, rangesAfter(source, at));
                            if (random.nextBoolean() && at < steps) {
                                pinned = pinned.withPinnedRanges(steps, rangesAfter(source, steps));
                            }
                            assertAgrees(pinned, random.nextLong());
                            compared++;
                        }
                    }
                }
            }
        }
        System.out.println("PinnedForestTest: " + compared + " pinned spaces compared with the state graph");
    }

    @Test
    void theUpSweepPinOfTheTalksScanSix() {
        for (int n : new int[] {4, 8}) {
            int log = Integer.numberOfTrailingZeros(n);
            Pin up = Pin.brentKungUpSweep(n, log);
            int[][] ranges = new int[n][];
            for (int w = 0; w < n; w++) ranges[w] = new int[] {up.lo()[w], up.hi()[w]};
            SpaceSpec spec = SpaceSpec.talk(n, 2 * log, 2 * n).withPinnedRanges(log, ranges);
            assertTrue(ForestSpace.supports(spec));
            assertAgrees(spec, n);
        }
    }

    @Test
    void aPinThatIsNotAStateOfTheInPlaceModelIsLeftToTheStateGraph() {
        SpaceSpec spec = SpaceSpec.talk(4, 3, 8).withPinnedRanges(1, new int[][] {{0, 0}, {0, 1}, {1, 2}, {2, 2}});
        assertTrue(!ForestSpace.supports(spec));
    }

    private static void assertAgrees(SpaceSpec spec, long seed) {
        BigInteger expected = TraceSpace.of(spec).count();
        ForestSpace forest = ForestSpace.of(spec);
        assertEquals(expected, forest.count(NEVER), spec.toString());
        Set<SpaceTrace> streamed = new HashSet<>();
        forest.enumerate(t -> {
            assertTrue(streamed.add(t), "streamed twice: " + t);
            return true;
        }, NEVER);
        assertEquals(expected, BigInteger.valueOf(streamed.size()), "streamed " + spec);
        for (SpaceTrace t : streamed) assertMeetsPins(spec, t);
        for (SpaceTrace t : ForestSpace.of(spec).sample(5, seed, NEVER)) {
            assertTrue(streamed.contains(t), "sampled a trace outside the space: " + t);
            assertTrue(RangeChecker.check(t.network()).correct(), t::toString);
        }
    }

    private static void assertMeetsPins(SpaceSpec spec, SpaceTrace t) {
        for (Map.Entry<Integer, long[]> pin : spec.pinned().entrySet()) {
            int[][] ranges = rangesAfter(t, pin.getKey());
            for (int w = 0; w < ranges.length; w++) {
                long mask = org.entangle.oracle.space.ValueRules.rangeMask(ranges[w][0], ranges[w][1]);
                assertEquals(pin.getValue()[w], mask, "wire " + w + " after step " + pin.getKey() + " of " + t);
            }
        }
    }

    /** Each wire's range [lo, hi] after {@code step} steps of {@code t}, in the spec's wire order. */
    private static int[][] rangesAfter(SpaceTrace t, int step) {
        long[] held = new long[t.width()];
        for (int w = 0; w < held.length; w++) held[w] = 1L << w;
        for (int s = 0; s < step; s++) {
            long[] next = held.clone();
            for (int w = 0; w < held.length; w++) if (t.source()[s][w] >= 0) next[w] = held[w] | held[t.source()[s][w]];
            held = next;
        }
        int[][] ranges = new int[held.length][];
        for (int w = 0; w < held.length; w++) {
            ranges[w] = new int[] {Long.numberOfTrailingZeros(held[w]), 63 - Long.numberOfLeadingZeros(held[w])};
        }
        return ranges;
    }
}
