package org.entangle.oracle;
import org.entangle.work.SearchCancelled;
import org.entangle.work.Progress;
import org.entangle.work.ProgressListener;
import org.entangle.work.CancellationToken;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.entangle.lang.AngelChoice;
import org.entangle.lang.Machine;
import org.entangle.lang.MachineState;
import org.entangle.lang.Program;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.Network;
import org.entangle.network.ResultKind;
import org.entangle.network.Schedules;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The oracle against brute force, the checker, and the statistics of uniform sampling. */
class OracleTest {

    static final Constraints NONE = Constraints.NONE;

    static Stream<SpecForm> smallSpaces() {
        return Stream.of(
                new SpecForm(1, 1, 0, NONE),
                new SpecForm(2, 1, 1, NONE),
                new SpecForm(3, 2, 4, NONE),
                new SpecForm(4, 4, 8, NONE),
                new SpecForm(5, 3, 8, NONE),
                new SpecForm(4, 2, 8, NONE),
                new SpecForm(4, 1, 8, NONE),
                new SpecForm(4, 3, 4, NONE),
                new SpecForm(4, 4, 8, NONE.withMaxFanout(2)),
                new SpecForm(4, 4, 8, NONE.withMaxStepFanout(1)),
                new SpecForm(5, 4, 8, NONE.withMaxOpsPerStep(2)),
                new SpecForm(4, 3, 6, NONE.withAlgebra(Algebra.COMMUTATIVE)),
                new SpecForm(3, 2, 6, NONE.withAlgebra(Algebra.IDEMPOTENT)),
                new SpecForm(4, 3, 6, NONE.withKind(ResultKind.REDUCE)),
                new SpecForm(4, 3, 6, NONE.withDirection(Direction.BACKWARD)),
                new SpecForm(4, 3, 5, NONE.withKind(ResultKind.EXCLUSIVE)),
                new SpecForm(4, 3, 5, NONE.withKind(ResultKind.EXCLUSIVE).withDirection(Direction.BACKWARD)),
                new SpecForm(4, 4, 8, NONE.withPin(Pin.brentKungUpSweep(4, 2))));
    }

    static Machine machine(SpecForm spec) {
        return Machine.of(Program.parse(spec.programText()), Map.of());
    }

    /** A plain depth-first walk over every execution, without memoisation. */
    static long bruteForce(Machine m, MachineState s) {
        if (m.isFinal(s)) return 1;
        long[] total = {0};
        m.successors(s, false, t -> total[0] += bruteForce(m, t.next()));
        return total[0];
    }

    static List<Trace> enumerate(Machine m, boolean distinct) {
        List<Trace> all = new ArrayList<>();
        new TraceEnumerator(new TraceCounter(m, new CancellationToken()), distinct, new CancellationToken(), ProgressListener.NONE).run(all::add);
        return all;
    }

    @ParameterizedTest
    @MethodSource("smallSpaces")
    void memoisedCountEqualsBruteForceAndEnumeration(SpecForm spec) {
        Machine m = machine(spec);
        BigInteger counted = new TraceCounter(m, new CancellationToken()).countAll();
        long brute = bruteForce(machine(spec), machine(spec).initial());
        assertEquals(BigInteger.valueOf(brute), counted, spec.toString());
        List<Trace> all = enumerate(machine(spec), false);
        assertEquals(brute, all.size());
        Set<String> distinctTraces = new HashSet<>();
        for (Trace t : all) distinctTraces.add(key(t));
        assertEquals(all.size(), distinctTraces.size(), "every trace is a distinct vector of angel values");
    }

    @ParameterizedTest
    @MethodSource("smallSpaces")
    void everyEnumeratedNetworkIsCorrectAndMeetsItsConstraints(SpecForm spec) {
        for (Trace t : enumerate(machine(spec), false)) {
            Network net = t.network();
            assertTrue(RangeChecker.check(net).correct(), () -> spec + ": " + RangeChecker.check(net).failure());
            NetworkMetrics metrics = Metrics.of(net);
            Constraints c = spec.constraints();
            assertTrue(metrics.size() <= spec.budget(), "budget");
            assertTrue(net.stepCount() <= spec.steps(), "steps");
            if (c.maxFanout() > 0) assertTrue(metrics.maxFanout() <= c.maxFanout(), "fan-out");
            if (c.maxOpsPerStep() > 0) assertTrue(metrics.opsPerStep().stream().allMatch(k -> k <= c.maxOpsPerStep()), "ops per step");
            for (Pin p : c.pins()) assertPinned(net, p);
        }
    }

    private static void assertPinned(Network net, Pin pin) {
        Network prefix = net.withSteps(net.steps().subList(0, Math.min(pin.afterStep(), net.stepCount())));
        List<org.entangle.network.check.SymbolicValue> values = org.entangle.network.NetworkInterpreter.run(prefix, RangeChecker.algebraFor(Algebra.ASSOCIATIVE));
        for (int w = 0; w < pin.lo().length; w++) {
            assertEquals(new org.entangle.network.check.SymbolicValue.Range(pin.lo()[w], pin.hi()[w]), values.get(w), "pinned wire " + w);
        }
    }

    @Test
    void theSpecFormAndTheTalksProgramCountTheSame() throws Exception {
        String talk = Files.readString(Path.of("networks/talk-scan16.angel"));
        BigInteger program = new TraceCounter(Machine.of(Program.parse(talk), Map.of("N", 4)), new CancellationToken()).countAll();
        BigInteger spec = new TraceCounter(machine(new SpecForm(4, 4, 8, NONE)), new CancellationToken()).countAll();
        assertEquals(BigInteger.valueOf(180), program);
        assertEquals(program, spec);
    }

    @Test
    void distinctKeepsOneTracePerNetworkModuloScheduleAndReportsBothCounts() {
        SpecForm spec = new SpecForm(4, 4, 8, NONE);
        Set<Network> canonical = new HashSet<>();
        for (Trace t : enumerate(machine(spec), false)) canonical.add(Schedules.canonical(t.network()));
        List<Trace> distinct = new ArrayList<>();
        TraceEnumerator.Result r = new TraceEnumerator(new TraceCounter(machine(spec), new CancellationToken()), true,
                new CancellationToken(), ProgressListener.NONE).run(distinct::add);
        assertEquals(180, r.traces());
        assertEquals(canonical.size(), r.distinct());
        assertEquals(canonical.size(), distinct.size());
    }

    @Test
    void uniformSamplingPassesAChiSquareTest() {
        long seed = 20261122L;
        SpecForm spec = new SpecForm(4, 4, 8, NONE);
        Map<String, Integer> index = new HashMap<>();
        for (Trace t : enumerate(machine(spec), false)) index.put(key(t), index.size());
        int cells = index.size();
        int perCell = 100;
        int draws = cells * perCell;
        int[] observed = new int[cells];
        TraceSampler sampler = new TraceSampler(new TraceCounter(machine(spec), new CancellationToken()), seed);
        for (int i = 0; i < draws; i++) {
            Trace t = sampler.sample();
            assertTrue(RangeChecker.check(t.network()).correct());
            observed[index.get(key(t))]++;
        }
        double chi2 = 0;
        for (int o : observed) chi2 += (o - perCell) * (double) (o - perCell) / perCell;
        int df = cells - 1;
        double critical = df + 3.09 * Math.sqrt(2.0 * df) + 8;
        System.out.printf("chi-square uniformity: seed %d, %d cells, %d draws, chi2 = %.1f, df = %d, critical(p=0.001) ~ %.1f%n",
                seed, cells, draws, chi2, df, critical);
        assertTrue(chi2 < critical, "chi2 " + chi2 + " >= " + critical);
        assertTrue(chi2 > df - 3.09 * Math.sqrt(2.0 * df), "suspiciously uniform: " + chi2);
    }

    @Test
    void aCancelledCountStopsAndAnEnumerationKeepsWhatItFound() {
        CancellationToken cancelled = new CancellationToken();
        cancelled.cancel();
        assertThrows(SearchCancelled.class, () -> new TraceCounter(machine(new SpecForm(4, 4, 8, NONE)), cancelled).countAll());
        CancellationToken token = new CancellationToken();
        TraceCounter counter = new TraceCounter(machine(new SpecForm(5, 4, 10, NONE)), token);
        counter.countAll();
        List<Progress> reports = new ArrayList<>();
        List<Trace> found = new ArrayList<>();
        TraceEnumerator.Result r = new TraceEnumerator(counter, false, token, reports::add).run(t -> {
            found.add(t);
            if (found.size() == 50) token.cancel();
            return true;
        });
        assertFalse(r.complete());
        assertEquals("cancelled", r.stoppedBy());
        assertTrue(found.size() >= 50 && r.traces() == found.size());
        Progress last = reports.get(reports.size() - 1);
        assertEquals(found.size(), last.tracesFound());
        assertEquals(counter.countAll(), last.estimatedTotal());
    }

    @Test
    void knownBoundsExplainEmptySpaces() {
        SpecForm shallow = new SpecForm(8, 2, 16, NONE);
        assertTrue(shallow.knownBoundViolated().contains("depth bound"));
        assertEquals(BigInteger.ZERO, new TraceCounter(machine(shallow), new CancellationToken()).countAll());
        SpecForm small = new SpecForm(8, 4, 9, NONE);
        assertTrue(small.knownBoundViolated().startsWith("Snir's bound"));
        SpecForm fine = new SpecForm(8, 6, 16, NONE);
        assertEquals(null, fine.knownBoundViolated());
    }

    static String key(Trace t) {
        StringBuilder sb = new StringBuilder();
        for (AngelChoice c : t.choices()) sb.append(c.name()).append('=').append(c.value()).append(';');
        return sb.toString();
    }
}
