package org.entangle.oracle.forest;

import java.util.Map;

/**
 * The inner sum of {@link ForestCounts#under}: over the merged step outcomes of a subtree, the outcome's cost times
 * the product of its trees' factors, for every number of steps its anchor stays. Done in place on {@code long}
 * coefficient arrays, skipping the zero low coefficients that the op budget leaves; it gives up (returns null) on
 * overflow or on a factor already held as a {@link java.math.BigInteger}, and the caller then sums exactly
 * ({@link #sumExactly}).
 */
final class OutcomeSums {

    /** The factors of a tree that an outcome leaves, by steps its anchor stays (index 1..steps−1; null entries impossible). */
    interface Factors {
        OpPolynomial[] of(int tree, boolean first);
    }

    private OutcomeSums() {
    }

    /** {@code sums[s]} for s in 1..steps−1, or null when {@code long} arithmetic cannot hold it. */
    static OpPolynomial[] sum(Iterable<Map.Entry<ForestCounts.Outcome, long[]>> outcomes, int steps, int degree, Factors factors) {
        long[][] acc = new long[steps][degree + 1];
        long[][] product = new long[steps][degree + 1];
        long[] scratch = new long[degree + 1];
        boolean[] live = new boolean[steps];
        boolean[] any = new boolean[steps];
        try {
            for (Map.Entry<ForestCounts.Outcome, long[]> e : outcomes) {
                int[] trees = e.getKey().trees();
                long[] cost = e.getValue();
                int alive = 0;
                for (int s = 1; s < steps; s++) {
                    System.arraycopy(cost, 0, product[s], 0, degree + 1);
                    live[s] = true;
                    alive++;
                }
                for (int i = 0; i < trees.length && alive > 0; i++) {
                    OpPolynomial[] f = factors.of(trees[i], i == 0);
                    for (int s = 1; s < steps; s++) {
                        if (!live[s]) continue;
                        OpPolynomial p = f == null ? null : f[s];
                        long[] c = p == null ? null : p.smallCoefficients();
                        if (p != null && c == null) return null;
                        if (c == null || !multiply(product[s], c, scratch)) {
                            live[s] = false;
                            alive--;
                        }
                    }
                }
                for (int s = 1; s < steps; s++) {
                    if (!live[s]) continue;
                    long[] a = acc[s];
                    long[] p = product[s];
                    for (int k = 0; k <= degree; k++) a[k] = Math.addExact(a[k], p[k]);
                    any[s] = true;
                }
            }
        } catch (ArithmeticException overflow) {
            return null;
        }
        OpPolynomial[] out = new OpPolynomial[steps];
        for (int s = 1; s < steps; s++) if (any[s]) out[s] = OpPolynomial.wrap(acc[s]);
        return out;
    }

    /** The same sums in {@link OpPolynomial}'s exact arithmetic, for counts past {@code long}. */
    static OpPolynomial[] sumExactly(Iterable<Map.Entry<ForestCounts.Outcome, long[]>> outcomes, int steps, Factors factors) {
        OpPolynomial[] sums = new OpPolynomial[steps];
        for (Map.Entry<ForestCounts.Outcome, long[]> e : outcomes) {
            int[] trees = e.getKey().trees();
            OpPolynomial[] rest = new OpPolynomial[steps];
            OpPolynomial cost = OpPolynomial.of(e.getValue());
            for (int s = 1; s < steps; s++) rest[s] = cost;
            for (int i = 0; i < trees.length; i++) {
                OpPolynomial[] f = factors.of(trees[i], i == 0);
                for (int s = 1; s < steps; s++) rest[s] = OpPolynomial.product(rest[s], f == null ? null : f[s]);
            }
            for (int s = 1; s < steps; s++) {
                if (rest[s] != null) sums[s] = sums[s] == null ? rest[s] : sums[s].plus(rest[s]);
            }
        }
        return sums;
    }


    /** {@code a ← a·b} truncated at a's degree; false when the product is zero. */
    private static boolean multiply(long[] a, long[] b, long[] scratch) {
        int n = a.length;
        int la = lowest(a);
        int lb = lowest(b);
        if (la < 0 || lb < 0 || la + lb >= n) return false;
        java.util.Arrays.fill(scratch, 0, n, 0L);
        for (int i = la; i + lb < n; i++) {
            long x = a[i];
            if (x == 0) continue;
            for (int j = lb; i + j < n; j++) {
                long y = b[j];
                if (y != 0) scratch[i + j] = Math.addExact(scratch[i + j], Math.multiplyExact(x, y));
            }
        }
        System.arraycopy(scratch, 0, a, 0, n);
        return true;
    }

    private static int lowest(long[] c) {
        for (int k = 0; k < c.length; k++) if (c[k] != 0) return k;
        return -1;
    }
}
