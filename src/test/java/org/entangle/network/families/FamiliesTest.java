package org.entangle.network.families;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.entangle.network.Network;
import org.entangle.network.check.CheckResult;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every family is a correct scan (for the spec it declares) at every width 1..300, with several parameters. */
class FamiliesTest {

    static Stream<Arguments> familiesAndParameters() {
        return Stream.of(
                Arguments.of("serial", 0), Arguments.of("sklansky", 0), Arguments.of("kogge-stone", 0),
                Arguments.of("brent-kung", 0), Arguments.of("han-carlson", 0),
                Arguments.of("ladner-fischer", 0), Arguments.of("ladner-fischer", 1), Arguments.of("ladner-fischer", 2),
                Arguments.of("knowles", 0), Arguments.of("knowles", 1), Arguments.of("knowles", 2), Arguments.of("knowles", 9),
                Arguments.of("blelloch", 0),
                Arguments.of("brent-kung-radix", 2), Arguments.of("brent-kung-radix", 3), Arguments.of("brent-kung-radix", 4));
    }

    @ParameterizedTest(name = "{0} p={1}")
    @MethodSource("familiesAndParameters")
    void correctForEveryWidthUpTo300(String family, int param) {
        for (int n = 1; n <= 300; n++) {
            Network net = Families.build(family, n, param);
            CheckResult result = RangeChecker.check(net);
            assertTrue(result.correct(), family + " n=" + n + ": " + (result.failure() == null ? "" : result.failure().message()));
            assertEquals(n, net.width());
        }
    }

    @ParameterizedTest(name = "{0} p={1}")
    @MethodSource("familiesAndParameters")
    void depthIsTheLengthOfTheAsapScheduleAndNoStepIsEmpty(String family, int param) {
        for (int n : new int[] {1, 2, 3, 7, 16, 33, 100}) {
            Network net = Families.build(family, n, param);
            NetworkMetrics m = Metrics.of(net);
            assertTrue(m.depth() <= m.steps(), family + " n=" + n);
            assertTrue(net.steps().stream().noneMatch(s -> s.isEmpty()), family + " n=" + n + " has an empty step");
        }
    }

    @ParameterizedTest(name = "ladner-fischer p={0}")
    @MethodSource("ladnerFischerParameters")
    void ladnerFischerHasDepthAtMostCeilLog2PlusKAndP0HasMinimumDepth(int k) {
        for (int n = 2; n <= 300; n++) {
            int ceilLog = 32 - Integer.numberOfLeadingZeros(n - 1);
            int depth = Metrics.of(Families.build("ladner-fischer", n, k)).depth();
            assertTrue(depth <= ceilLog + k, "n=" + n + " depth " + depth);
            if (k == 0) {
                assertEquals(ceilLog + k, depth, "n=" + n);
            }
        }
    }

    static IntStream ladnerFischerParameters() {
        return IntStream.rangeClosed(0, 3);
    }
}
