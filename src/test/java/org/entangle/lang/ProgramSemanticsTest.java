package org.entangle.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.entangle.network.Network;
import org.entangle.network.Schedules;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.families.Families;
import org.entangle.network.metrics.Metrics;
import org.entangle.work.CancellationToken;
import org.entangle.work.ProgressListener;
import org.entangle.oracle.Trace;
import org.entangle.oracle.TraceCounter;
import org.entangle.oracle.TraceEnumerator;
import org.junit.jupiter.api.Test;

/** The semantics of resources/docs/language.md, one rule per test. */
class ProgramSemanticsTest {

    static final String BRENT_KUNG = """
            offset = 1
            for step in 1 .. log2(N) {
              parallel i in 0 .. N - 1 {
                if ((i + 1) % (2 * offset) == 0) { x[i] = x[i - offset] + x[i] }
              }
              offset = offset * 2
            }
            for step in 1 .. log2(N) {
              offset = offset / 2
              parallel i in 0 .. N - 1 {
                if ((i + 1) % (2 * offset) == 0 && i + offset < N) { x[i + offset] = x[i] + x[i + offset] }
              }
            }
            assert scan(x)
            """;

    static TraceCounter counter(String source, Map<String, Integer> params) {
        return new TraceCounter(Machine.of(Program.parse(source), params), new CancellationToken());
    }

    static List<Trace> traces(String source, Map<String, Integer> params) {
        List<Trace> all = new ArrayList<>();
        new TraceEnumerator(counter(source, params), false, new CancellationToken(), ProgressListener.NONE).run(all::add);
        return all;
    }

    @Test
    void brentKungProgramIsDeterministicAndBuildsTheCataloguesNetwork() {
        for (int n : new int[] {2, 4, 8, 16, 32, 64}) {
            List<Trace> all = traces(BRENT_KUNG, Map.of("N", n));
            assertEquals(1, all.size(), "a deterministic program has one trace, N = " + n);
            Network net = all.get(0).network();
            assertTrue(RangeChecker.check(net).correct(), "N = " + n);
            int log = Integer.numberOfTrailingZeros(n);
            assertEquals(2 * n - log - 2, Metrics.of(net).size(), "Brent-Kung size 2N - log2 N - 2 at N = " + n);
            assertTrue(Schedules.sameComputation(net, Families.build("brent-kung", n)), "same computation as the catalogue's, N = " + n);
        }
    }

    @Test
    void lanesReadValuesFromBeforeTheBlockAndWritesLandTogether() {
        String p = """
                N = 4
                parallel i in 1 .. N - 1 { x[i] = x[i - 1] + x[i] }
                assert x[2] == range(1, 2)
                assert x[3] == range(2, 3)
                """;
        List<Trace> all = traces(p, Map.of());
        assertEquals(1, all.size());
        assertEquals(1, all.get(0).network().stepCount(), "one block is one step");
        assertEquals(3, all.get(0).network().step(0).size());
    }

    @Test
    void aBlockWithoutWritesAddsNoStep() {
        String p = "N = 4\nparallel i in 0 .. N - 1 { if (i > 9) { x[i] = x[i - 1] + x[i] } }\n";
        assertEquals(0, traces(p, Map.of()).get(0).network().stepCount());
    }

    @Test
    void plusEqualsOnAScalarSumsOverLanes() {
        String p = "N = 4\ns = 10\nparallel i in 0 .. N - 1 { s += i }\nassert s == 16\n";
        assertEquals(BigInteger.ONE, counter(p, Map.of()).countAll());
    }

    @Test
    void twoLanesWritingOneElementFail() {
        String p = "N = 4\nparallel i in 1 .. 2 { x[3] = x[i] }\n";
        TraceCounter c = counter(p, Map.of());
        assertEquals(BigInteger.ZERO, c.countAll());
        assertTrue(c.machine().failureSamples().toString().contains("lanes 1 and 2 both write x[3]"), c.machine().failureSamples().toString());
    }

    @Test
    void aDeadCombinationFailsTheExecutionAtOnce() {
        String p = "N = 4\nx[3] = x[1] + x[3]\nassert false\n";
        TraceCounter c = counter(p, Map.of());
        assertEquals(BigInteger.ZERO, c.countAll());
        assertEquals(List.of("2:13: [1,1] + [3,3] is dead (no correct scan contains it)"), c.machine().failureSamples());
    }

    @Test
    void anEmptyAngelRangeHasNoSafeContinuation() {
        assertEquals(BigInteger.ZERO, counter("a = !!(3 .. 2)\n", Map.of()).countAll());
        assertEquals(BigInteger.valueOf(4), counter("a = !!(0 .. 3)\n", Map.of()).countAll());
    }

    @Test
    void assumePrunesWithoutCountingAsAFailure() {
        TraceCounter c = counter("a = !!(0 .. 3)\nassume a > 1\n", Map.of());
        assertEquals(BigInteger.TWO, c.countAll());
        assertEquals(0, c.machine().failureCount());
        TraceCounter d = counter("a = !!(0 .. 3)\nassert a > 1\n", Map.of());
        assertEquals(BigInteger.TWO, d.countAll());
        assertEquals(2, d.machine().failureCount());
    }

    @Test
    void angelsAreNamedBySiteAndEnclosingLoopValues() throws Exception {
        String talk = Files.readString(Path.of("networks/talk-scan16.angel"));
        List<Trace> all = traces(talk, Map.of("N", 4));
        assertEquals(180, all.size());
        assertEquals("!!@6:9[step=1,r=0]", all.get(0).choices().get(0).name());
        assertTrue(all.stream().flatMap(t -> t.choices().stream()).anyMatch(c -> c.name().equals("!!@7:20[step=3,r=3]")));
    }

    @Test
    void theParameterOverridesTheProgramsOwnN() throws Exception {
        String talk = Files.readString(Path.of("networks/talk-scan16.angel"));
        assertEquals(BigInteger.valueOf(180), counter(talk, Map.of("N", 4)).countAll());
    }

    @Test
    void theAlgebraDeclarationChangesWhatPlusMeans() {
        String body = "N = 3\nx[2] = x[2] + x[0]\nx[2] = x[1] + x[2]\nassert reduce(x)\n";
        assertEquals(BigInteger.ZERO, counter(body, Map.of()).countAll(), "associative: [2,2] + [0,0] is dead");
        assertEquals(BigInteger.ONE, counter("algebra commutative\n" + body, Map.of()).countAll());
        String overlap = "N = 2\nx[1] = x[0] + x[1]\nx[1] = x[0] + x[1]\nassert reduce(x)\n";
        assertEquals(BigInteger.ZERO, counter("algebra commutative\n" + overlap, Map.of()).countAll());
        assertEquals(BigInteger.ONE, counter("algebra idempotent\n" + overlap, Map.of()).countAll());
    }

    @Test
    void integerOperatorsFollowJavaIntegerArithmetic() {
        String p = "a = 7 / 2 + 7 % 3 * 10 - (1 << 3) + log2(1000)\nassert a == 3 + 10 - 8 + 9 && !(a < 0) || false\n";
        assertEquals(BigInteger.ONE, counter(p, Map.of()).countAll());
    }

    @Test
    void divisionByZeroIsAProgramError() {
        LangError e = assertThrows(LangError.class, () -> counter("a = 1 / 0\n", Map.of()).countAll());
        assertEquals("1:7: division by zero", e.getMessage());
    }

    @Test
    void accumulatorBoundsCountLikeAnyOtherAssertion() {
        String loop = "s = 0\nfor i in 1 .. 3 { a = !!(0 .. 2)\n s += %s }\nassert s %s\n";
        assertEquals(BigInteger.valueOf(17), counter(String.format(loop, "a", "<= 3"), Map.of()).countAll(), "sum of three 0..2 at most 3");
        assertEquals(BigInteger.valueOf(10), counter(String.format(loop, "a", "< 3"), Map.of()).countAll(), "sum below 3");
        assertEquals(BigInteger.valueOf(23), counter(String.format(loop, "a - 1", "<= 1"), Map.of()).countAll(),
                "a decreasing accumulator falls back to exact counting");
        String reset = "s = 5\nb = !!(0 .. 3)\ns = 0\ns += b\nassert s <= 1\n";
        assertEquals(BigInteger.TWO, counter(reset, Map.of()).countAll(), "a reset forgets the earlier value");
    }
}
