package org.entangle.network.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.Network;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.check.RangeChecker;
import org.junit.jupiter.api.Test;

/**
 * Networks that are correct only for a smaller class of operators (the range and set semantics): one that leaves a gap
 * and fills it later is a scan for every commutative operator but not for every associative one; one that combines
 * overlapping sets is a scan only for idempotent operators. Evaluation with +, max and concatenation agrees.
 */
class AlgebraClassesTest {

    /** Wire 2 first takes input 0 (leaving a gap at 1), then input 1 fills the gap: {0,2} + {1}. */
    static final Network FILLS_A_GAP_LATER = Network.ofPairs(3,
            new int[][] {{2, 0}},
            new int[][] {{2, 1}, {1, 0}});

    /** Wire 2 combines [1,2] with [0,1]: both hold input 1. */
    static final Network OVERLAPPING = Network.ofPairs(3,
            new int[][] {{1, 0}, {2, 1}},
            new int[][] {{2, 1}});

    private static final long SEED = 4242L;

    @Test
    void aNetworkThatFillsAGapLaterIsAScanForCommutativeOperatorsOnly() {
        assertTrue(RangeChecker.check(FILLS_A_GAP_LATER, spec(Algebra.COMMUTATIVE)).correct());
        assertTrue(RangeChecker.check(FILLS_A_GAP_LATER, spec(Algebra.IDEMPOTENT)).correct());
        assertFalse(RangeChecker.check(FILLS_A_GAP_LATER, spec(Algebra.ASSOCIATIVE)).correct());
        System.out.println("AlgebraClassesTest seed " + SEED);
        Random random = new Random(SEED);
        for (int trial = 0; trial < 20; trial++) {
            assertTrue(scanOf(FILLS_A_GAP_LATER, randomLongs(random), Monoid.ADD));
            assertTrue(scanOf(FILLS_A_GAP_LATER, randomLongs(random), Monoid.MAX));
        }
        List<String> letters = List.of("a", "b", "c");
        assertEquals(List.of("a", "ab", "bac"), Evaluator.evaluate(FILLS_A_GAP_LATER, letters, Monoid.CONCAT));
        assertFalse(scanOf(FILLS_A_GAP_LATER, letters, Monoid.CONCAT));
    }

    @Test
    void anOverlappingNetworkIsAScanForIdempotentOperatorsOnly() {
        assertTrue(RangeChecker.check(OVERLAPPING, spec(Algebra.IDEMPOTENT)).correct());
        assertFalse(RangeChecker.check(OVERLAPPING, spec(Algebra.COMMUTATIVE)).correct());
        assertFalse(RangeChecker.check(OVERLAPPING, spec(Algebra.ASSOCIATIVE)).correct());
        Random random = new Random(SEED);
        for (int trial = 0; trial < 20; trial++) {
            assertTrue(scanOf(OVERLAPPING, randomLongs(random), Monoid.MAX));
        }
        List<Long> inputs = List.of(3L, 1L, 4L);
        assertEquals(List.of(3L, 4L, 9L), Evaluator.evaluate(OVERLAPPING, inputs, Monoid.ADD), "input 1 is counted twice");
        assertFalse(scanOf(OVERLAPPING, inputs, Monoid.ADD));
    }

    @Test
    void theSequentialScanCoversEveryKindAndDirection() {
        List<String> x = List.of("a", "b", "c");
        assertEquals(List.of("a", "ab", "abc"), SequentialScan.expected(ScanSpec.INCLUSIVE, x, Monoid.CONCAT));
        assertEquals(List.of("", "a", "ab"), SequentialScan.expected(ScanSpec.INCLUSIVE.withKind(ResultKind.EXCLUSIVE), x, Monoid.CONCAT));
        ScanSpec backward = ScanSpec.INCLUSIVE.withDirection(Direction.BACKWARD);
        assertEquals(List.of("abc", "bc", "c"), SequentialScan.expected(backward, x, Monoid.CONCAT));
        assertEquals(List.of("bc", "c", ""), SequentialScan.expected(backward.withKind(ResultKind.EXCLUSIVE), x, Monoid.CONCAT));
        List<String> reduce = SequentialScan.expected(ScanSpec.INCLUSIVE.withKind(ResultKind.REDUCE), x, Monoid.CONCAT);
        assertEquals(Arrays.asList(null, null, "abc"), reduce);
    }

    @Test
    void matricesDoNotCommute() {
        Matrix2 a = new Matrix2(1, 1, 0, 1);
        Matrix2 b = new Matrix2(1, 0, 1, 1);
        assertEquals(new Matrix2(2, 1, 1, 1), a.times(b));
        assertEquals(new Matrix2(1, 1, 1, 2), b.times(a));
        assertEquals(a, a.times(Matrix2.IDENTITY));
    }

    private static ScanSpec spec(Algebra algebra) {
        return ScanSpec.INCLUSIVE.withAlgebra(algebra);
    }

    private static <T> boolean scanOf(Network network, List<T> inputs, Monoid<T> monoid) {
        return SequentialScan.agrees(ScanSpec.INCLUSIVE, inputs, monoid, Evaluator.evaluate(network, inputs, monoid));
    }

    private static List<Long> randomLongs(Random random) {
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < 3; i++) values.add((long) random.nextInt(1_000_000) + 1);
        return values;
    }
}
