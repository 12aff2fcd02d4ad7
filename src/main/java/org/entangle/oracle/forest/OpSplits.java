package org.entangle.oracle.forest;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.entangle.oracle.UniformDraw;

/**
 * Ops split among independent parts of a trace (the hanging trees of a forest, the walks between pins): the parts'
 * op polynomials multiply, so with k ops in all, part i takes k_i with probability proportional to
 * (ways of part i with k_i) × (ways of the parts after it with the rest), drawn part by part. Every split then has
 * probability (its ways) / (ways with k), which keeps a sample uniform.
 */
final class OpSplits {

    private OpSplits() {
    }

    /** The product of {@code factors[from..]}, truncated at {@code degree}; null when one of them is (no way). */
    static OpPolynomial product(List<OpPolynomial> factors, int from, int degree) {
        OpPolynomial p = OpPolynomial.monomial(0, degree);
        for (int i = from; i < factors.size(); i++) {
            if (factors.get(i) == null) return null;
            p = p.times(factors.get(i));
        }
        return p;
    }

    /** The ops of part {@code i}, drawn among the ways to split {@code left} ops over parts {@code i..}. */
    static int draw(List<OpPolynomial> factors, int i, int left, int degree, Random random) {
        OpPolynomial rest = product(factors, i + 1, degree);
        List<BigInteger> weights = new ArrayList<>(left + 1);
        for (int k = 0; k <= left; k++) weights.add(coefficient(factors.get(i), k).multiply(coefficient(rest, left - k)));
        return UniformDraw.index(weights, random);
    }

    /** The ops of every part, {@code k} in all, drawn part by part. */
    static int[] split(List<OpPolynomial> factors, int k, int degree, Random random) {
        int[] out = new int[factors.size()];
        int left = k;
        for (int i = 0; i < factors.size(); i++) {
            out[i] = draw(factors, i, left, degree, random);
            left -= out[i];
        }
        return out;
    }

    /** Coefficient {@code k} of {@code p}; zero past its degree or when there is no polynomial. */
    static BigInteger coefficient(OpPolynomial p, int k) {
        return p == null || k < 0 || k > p.degree() ? BigInteger.ZERO : p.coefficient(k);
    }
}
