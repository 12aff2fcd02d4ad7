package org.entangle.oracle.space;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.Schedules;
import org.entangle.network.Step;
import org.entangle.network.check.CheckResult;
import org.entangle.network.NetworkInterpreter;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.check.SymbolicValue;
import org.entangle.network.metrics.Metrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;

/** The spec-form engine against a brute force that runs every choice vector through the foundation checker. */
@Tag("slow")
class SpaceEngineTest {

    @Test
    void talkFiguresOfTheGuide() {
        assertEquals(BigInteger.valueOf(180), count(SpaceSpec.talk(4, 4, 8)));
        assertEquals(BigInteger.valueOf(247_478_238L), count(SpaceSpec.talk(8, 6, 16)));
    }

    @Test
    void countsAgreeWithBruteForceOnSmallSpaces() {
        ScanSpec inc = ScanSpec.INCLUSIVE;
        List<SpaceSpec> cases = new ArrayList<>(List.of(
                SpaceSpec.talk(3, 3, 6), SpaceSpec.talk(4, 3, 8), SpaceSpec.talk(4, 3, 4), SpaceSpec.talk(3, 2, 3),
                SpaceSpec.talk(4, 3, 8).withMaxFanout(2), SpaceSpec.talk(4, 3, 8).withMaxOpsPerStep(2),
                SpaceSpec.talk(4, 3, 8).withMaxStepFanout(1),
                SpaceSpec.talk(3, 3, 6).withScan(inc.withAlgebra(Algebra.COMMUTATIVE)),
                SpaceSpec.talk(3, 3, 6).withScan(inc.withAlgebra(Algebra.IDEMPOTENT)),
                SpaceSpec.talk(3, 2, 4).withScan(inc.withKind(ResultKind.REDUCE)),
                SpaceSpec.talk(3, 3, 6).withScan(inc.withKind(ResultKind.EXCLUSIVE)),
                SpaceSpec.talk(4, 3, 8).withScan(inc.withDirection(Direction.BACKWARD)),
                SpaceSpec.talk(4, 3, 8).withPinnedRanges(1, new int[][] {{0, 0}, {0, 1}, {2, 2}, {2, 3}})));
        for (SpaceSpec spec : cases) {
            assertEquals(BigInteger.valueOf(bruteForce(spec)), count(spec), spec.toString());
        }
    }

    @Test
    void everyEnumeratedTraceIsACheckedDistinctScan() {
        SpaceSpec spec = SpaceSpec.talk(4, 4, 8);
        TraceCounts counts = TraceCounts.of(StateGraph.build(spec));
        ConcurrentLinkedQueue<SpaceTrace> all = new ConcurrentLinkedQueue<>();
        TraceEnumerator.Result result = new TraceEnumerator(counts).forEach(all::add, 2, 0, null, 0);
        assertEquals(180, result.progress().tracesFound());
        assertEquals(180, new HashSet<>(all).size());
        for (SpaceTrace t : all) {
            assertTrue(RangeChecker.check(t.network()).correct(), t.toString());
            assertTrue(t.ops() <= 8);
            for (int step = 0; step < 4; step++) {
                assertTrue(!t.fires(step, 0), "lane 0 has no angel offset in 1..0");
                for (int lane = 1; lane < 4; lane++) {
                    if (t.fires(step, lane)) assertTrue(t.offset(step, lane) >= 1 && t.offset(step, lane) <= lane);
                }
            }
        }
    }

    @Test
    void enumerationMatchesTheCountUnderEveryConstraint() {
        ScanSpec inc = ScanSpec.INCLUSIVE;
        List<SpaceSpec> cases = List.of(SpaceSpec.talk(5, 4, 8).withMaxFanout(2),
                SpaceSpec.talk(5, 4, 8).withMaxStepFanout(1).withMaxOpsPerStep(2),
                SpaceSpec.talk(4, 3, 6).withScan(inc.withAlgebra(Algebra.COMMUTATIVE)),
                SpaceSpec.talk(4, 3, 6).withScan(inc.withAlgebra(Algebra.IDEMPOTENT)),
                SpaceSpec.talk(4, 2, 5).withScan(inc.withKind(ResultKind.REDUCE).withDirection(Direction.BACKWARD)),
                SpaceSpec.talk(8, 6, 16).withMaxStepFanout(2).withMaxOpsPerStep(4)
                        .withPinnedRanges(3, new int[][] {{0, 0}, {0, 1}, {2, 2}, {0, 3}, {4, 4}, {4, 5}, {6, 6}, {0, 7}}));
        for (SpaceSpec spec : cases) {
            TraceSpace space = TraceSpace.of(spec);
            ConcurrentLinkedQueue<SpaceTrace> all = new ConcurrentLinkedQueue<>();
            space.enumerator().forEach(all::add, 2, 0, null, 0);
            assertEquals(space.count(), BigInteger.valueOf(all.size()), spec.toString());
            assertEquals(all.size(), new HashSet<>(all).size());
            for (SpaceTrace t : all) assertTrue(safe(spec, t.network()), spec + " " + t);
        }
    }

    @Test
    void distinctNetworksModuloScheduleAreFewerAndAllCorrect() {
        TraceSpace space = TraceSpace.of(SpaceSpec.talk(4, 4, 8));
        Set<Network> distinct = space.distinctNetworks(2);
        assertTrue(distinct.size() < 180, "distinct " + distinct.size());
        Set<Network> fromSamples = new HashSet<>();
        for (SpaceTrace t : space.sample(2000, 11)) {
            fromSamples.add(Schedules.canonical(t.network()).withoutEmptySteps());
        }
        assertTrue(distinct.containsAll(fromSamples));
        for (Network n : distinct) {
            assertTrue(RangeChecker.check(n).correct());
            assertEquals(n, Schedules.canonical(n).withoutEmptySteps());
        }
    }

    @Test
    void backwardTracesAreCorrectBackwardScans() {
        SpaceSpec spec = SpaceSpec.talk(4, 3, 8).withScan(ScanSpec.INCLUSIVE.withDirection(Direction.BACKWARD));
        TraceCounts counts = TraceCounts.of(StateGraph.build(spec));
        for (SpaceTrace t : new TraceSampler(counts, 7).sample(50)) {
            CheckResult r = RangeChecker.check(t.network());
            assertTrue(r.correct(), t + " " + r.failure());
        }
    }

    @Test
    void uniformSamplingPassesChiSquare() {
        long seed = 20261122L;
        System.out.println("chi-square sampling seed " + seed);
        TraceCounts counts = TraceCounts.of(StateGraph.build(SpaceSpec.talk(4, 4, 8)));
        int draws = 36_000;
        Map<SpaceTrace, Integer> seen = new HashMap<>();
        TraceSampler sampler = new TraceSampler(counts, seed);
        for (int i = 0; i < draws; i++) {
            SpaceTrace t = sampler.next();
            seen.merge(t, 1, Integer::sum);
        }
        assertEquals(180, seen.size());
        double expected = draws / 180.0;
        double chi = 0;
        for (int c : seen.values()) chi += (c - expected) * (c - expected) / expected;
        // 179 degrees of freedom: the 0.999 quantile is about 243.
        assertTrue(chi < 243, "chi-square " + chi);
        for (SpaceTrace t : seen.keySet()) assertTrue(RangeChecker.check(t.network()).correct());
    }

    @Test
    void tooLargeASpaceStopsWithAMessage() {
        SpaceTooLargeException e = org.junit.jupiter.api.Assertions.assertThrows(SpaceTooLargeException.class,
                () -> StateGraph.build(SpaceSpec.talk(8, 6, 16), 1000));
        assertTrue(e.getMessage().contains("more than 1000 transitions"), e.getMessage());
    }

    @Test
    void cancelStopsEarlyWithProgress() {
        TraceCounts counts = TraceCounts.of(StateGraph.build(SpaceSpec.talk(8, 6, 16)));
        TraceEnumerator e = new TraceEnumerator(counts);
        List<TraceEnumerator.Progress> reports = new ArrayList<>();
        TraceEnumerator.Result r = e.run(() -> (path, leaf) -> { }, 2, 200, reports::add, 50);
        assertTrue(r.stoppedEarly());
        assertTrue(r.progress().tracesFound() < 247_478_238L);
        assertEquals(BigInteger.valueOf(247_478_238L), r.progress().total());
        assertTrue(!reports.isEmpty());
        assertTrue(r.progress().secondsLeft() > 0, "a partial walk has time left at its rate");
    }

    private static BigInteger count(SpaceSpec spec) {
        return TraceCounts.of(StateGraph.build(spec)).total();
    }

    /** Tries every choice of every lane in every step, any offset; keeps what the foundation checker accepts. */
    static long bruteForce(SpaceSpec spec) {
        int n = spec.width();
        boolean backward = spec.backward();
        List<int[]> stepChoices = new ArrayList<>();
        int[] radix = new int[n];
        long perStep = 1;
        for (int lane = 0; lane < n; lane++) {
            radix[lane] = (backward ? n - 1 - lane : lane) + 1;
            perStep *= radix[lane];
        }
        for (long code = 0; code < perStep; code++) {
            int[] src = new int[n];
            long rest = code;
            for (int lane = 0; lane < n; lane++) {
                int k = (int) (rest % radix[lane]);
                rest /= radix[lane];
                src[lane] = k == 0 ? -1 : backward ? lane + k : lane - k;
            }
            stepChoices.add(src);
        }
        long total = 1;
        for (int s = 0; s < spec.steps(); s++) total *= perStep;
        long safe = 0;
        for (long code = 0; code < total; code++) {
            List<Step> steps = new ArrayList<>();
            long rest = code;
            for (int s = 0; s < spec.steps(); s++) {
                int[] src = stepChoices.get((int) (rest % perStep));
                rest /= perStep;
                List<Op> ops = new ArrayList<>();
                for (int lane = 0; lane < n; lane++) if (src[lane] >= 0) ops.add(Op.combine(lane, src[lane]));
                steps.add(new Step(ops));
            }
            Network net = Network.of(n, steps).withSpec(spec.scan());
            if (safe(spec, net)) safe++;
        }
        return safe;
    }

    private static boolean safe(SpaceSpec spec, Network net) {
        if (net.opCount() > spec.maxOps()) return false;
        if (!RangeChecker.check(net).correct()) return false;
        boolean[] died = {false};
        NetworkInterpreter.run(net, RangeChecker.algebraFor(spec.algebra()), (s, i, op, left, right, result) -> {
            if (result.isDead()) died[0] = true;
        });
        if (died[0]) return false;
        var metrics = Metrics.of(net);
        if (spec.maxFanout() > 0 && metrics.maxFanout() > spec.maxFanout()) return false;
        if (spec.maxStepFanout() > 0) {
            for (Step step : net.steps()) {
                int[] reads = new int[spec.width()];
                for (Op op : step.ops()) {
                    reads[op.dst()]++;
                    reads[op.src()]++;
                }
                for (int r : reads) if (r > spec.maxStepFanout()) return false;
            }
        }
        if (spec.maxOpsPerStep() > 0) {
            for (int c : metrics.opsPerStep()) if (c > spec.maxOpsPerStep()) return false;
        }
        for (Map.Entry<Integer, long[]> pin : spec.pinned().entrySet()) {
            Network prefix = net.withSteps(net.steps().subList(0, pin.getKey()));
            List<SymbolicValue> values = RangeChecker.check(prefix).outputs();
            for (int w = 0; w < spec.width(); w++) {
                if (!sameSet(values.get(w), pin.getValue()[w])) return false;
            }
        }
        return true;
    }

    private static boolean sameSet(SymbolicValue v, long mask) {
        BitSet want = BitSet.valueOf(new long[] {mask});
        if (v instanceof SymbolicValue.Range r) {
            BitSet got = new BitSet();
            got.set(r.lo(), r.hi() + 1);
            return got.equals(want);
        }
        return v instanceof SymbolicValue.Indices i && i.set().equals(want);
    }

}
