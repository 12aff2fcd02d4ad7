package org.entangle.oracle.forest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigInteger;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The outcome sums in {@code long} and in exact arithmetic against a direct evaluation with {@link BigInteger}
 * polynomials on random outcomes and factors; in {@code long} they give up on overflow instead of wrapping.
 */
class OutcomeSumsTest {

    private static final long SEED = 20261202L;

    @Test
    void bothSumsEqualADirectEvaluation() {
        System.out.println("OutcomeSumsTest: seed " + SEED);
        Random random = new Random(SEED);
        for (int round = 0; round < 200; round++) {
            int steps = 2 + random.nextInt(5);
            int degree = random.nextInt(6);
            Map<Integer, OpPolynomial[]> factors = new HashMap<>();
            for (int tree = 0; tree < 6; tree++) {
                OpPolynomial[] f = random.nextInt(8) == 0 ? null : new OpPolynomial[steps];
                if (f != null) for (int s = 1; s < steps; s++) f[s] = random.nextInt(4) == 0 ? null : randomPolynomial(random, degree, 1000);
                factors.put(tree, f);
            }
            List<Map.Entry<ForestCounts.Outcome, long[]>> outcomes = new ArrayList<>();
            for (int o = 0; o < 1 + random.nextInt(6); o++) {
                int[] trees = new int[1 + random.nextInt(3)];
                for (int i = 0; i < trees.length; i++) trees[i] = random.nextInt(6);
                outcomes.add(new AbstractMap.SimpleEntry<>(new ForestCounts.Outcome(trees), randomCoefficients(random, degree, 50)));
            }
            OutcomeSums.Factors lookup = (tree, first) -> factors.get(tree);
            BigInteger[][] expected = direct(outcomes, steps, degree, factors);
            assertSums(expected, OutcomeSums.sum(outcomes, steps, degree, lookup), "long, round " + round);
            assertSums(expected, OutcomeSums.sumExactly(outcomes, steps, lookup), "exact, round " + round);
        }
    }

    @Test
    void theLongSumGivesUpOnOverflowAndTheExactSumDoesNot() {
        long[] huge = {Long.MAX_VALUE / 2, 0};
        OpPolynomial[] f = {null, OpPolynomial.of(new long[] {3, 0})};
        List<Map.Entry<ForestCounts.Outcome, long[]>> outcomes =
                List.of(new AbstractMap.SimpleEntry<>(new ForestCounts.Outcome(new int[] {0}), huge));
        assertNull(OutcomeSums.sum(outcomes, 2, 1, (tree, first) -> f));
        OpPolynomial[] exact = OutcomeSums.sumExactly(outcomes, 2, (tree, first) -> f);
        assertEquals(BigInteger.valueOf(Long.MAX_VALUE / 2).multiply(BigInteger.valueOf(3)), exact[1].coefficient(0));
    }

    private static BigInteger[][] direct(List<Map.Entry<ForestCounts.Outcome, long[]>> outcomes, int steps, int degree,
            Map<Integer, OpPolynomial[]> factors) {
        BigInteger[][] sums = new BigInteger[steps][degree + 1];
        for (BigInteger[] row : sums) java.util.Arrays.fill(row, BigInteger.ZERO);
        for (Map.Entry<ForestCounts.Outcome, long[]> e : outcomes) {
            for (int s = 1; s < steps; s++) {
                BigInteger[] product = new BigInteger[degree + 1];
                for (int k = 0; k <= degree; k++) product[k] = BigInteger.valueOf(e.getValue()[k]);
                for (int tree : e.getKey().trees()) {
                    OpPolynomial[] f = factors.get(tree);
                    OpPolynomial p = f == null ? null : f[s];
                    BigInteger[] next = new BigInteger[degree + 1];
                    for (int k = 0; k <= degree; k++) {
                        next[k] = BigInteger.ZERO;
                        for (int j = 0; j <= k && p != null; j++) next[k] = next[k].add(product[j].multiply(p.coefficient(k - j)));
                    }
                    product = next;
                }
                for (int k = 0; k <= degree; k++) sums[s][k] = sums[s][k].add(product[k]);
            }
        }
        return sums;
    }

    private static void assertSums(BigInteger[][] expected, OpPolynomial[] actual, String what) {
        for (int s = 1; s < expected.length; s++) {
            for (int k = 0; k < expected[s].length; k++) {
                BigInteger got = actual[s] == null ? BigInteger.ZERO : actual[s].coefficient(k);
                assertEquals(expected[s][k], got, what + ", s " + s + ", z^" + k);
            }
        }
    }

    private static OpPolynomial randomPolynomial(Random random, int degree, int bound) {
        return OpPolynomial.of(randomCoefficients(random, degree, bound));
    }

    private static long[] randomCoefficients(Random random, int degree, int bound) {
        long[] c = new long[degree + 1];
        for (int k = 0; k <= degree; k++) c[k] = random.nextInt(3) == 0 ? 0 : random.nextInt(bound);
        return c;
    }
}
