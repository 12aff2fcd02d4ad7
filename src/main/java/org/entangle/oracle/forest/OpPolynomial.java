package org.entangle.oracle.forest;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Exact trace counts by extra ops: coefficient k is the number of ways that use k ops beyond one per wire,
 * truncated at a fixed degree. Kept in {@code long} and moved to {@link BigInteger} on overflow. Immutable.
 */
final class OpPolynomial {

    private final long[] small;
    private final BigInteger[] big;

    private OpPolynomial(long[] small, BigInteger[] big) {
        this.small = small;
        this.big = big;
    }

    /** {@code z^k}, truncated at {@code degree}. */
    static OpPolynomial monomial(int k, int degree) {
        long[] c = new long[degree + 1];
        c[k] = 1;
        return new OpPolynomial(c, null);
    }

    /** The polynomial with the given coefficients. */
    static OpPolynomial of(long[] coefficients) {
        return new OpPolynomial(coefficients.clone(), null);
    }

    /** Wraps {@code coefficients} without copying; the caller gives up the array. */
    static OpPolynomial wrap(long[] coefficients) {
        return new OpPolynomial(coefficients, null);
    }

    /** The coefficients while they fit in {@code long} (not a copy: read only), else null. */
    long[] smallCoefficients() {
        return small;
    }

    int degree() {
        return small != null ? small.length - 1 : big.length - 1;
    }

    BigInteger coefficient(int k) {
        return small != null ? BigInteger.valueOf(small[k]) : big[k];
    }

    /** The sum of the coefficients {@code 0..upTo}. */
    BigInteger sumUpTo(int upTo) {
        BigInteger s = BigInteger.ZERO;
        for (int k = 0; k <= Math.min(upTo, degree()); k++) s = s.add(coefficient(k));
        return s;
    }

    /** The lowest k with a non-zero coefficient, or −1 for the zero polynomial. */
    int lowest() {
        for (int k = 0; k <= degree(); k++) if (coefficient(k).signum() != 0) return k;
        return -1;
    }

    boolean isZero() {
        if (small != null) {
            for (long c : small) if (c != 0) return false;
            return true;
        }
        return lowest() < 0;
    }

    /** {@code a·b}, where null stands for no way: null when either is null or the truncated product is zero. */
    static OpPolynomial product(OpPolynomial a, OpPolynomial b) {
        if (a == null || b == null) return null;
        OpPolynomial p = a.times(b);
        return p.isZero() ? null : p;
    }

    OpPolynomial times(OpPolynomial o) {
        if (small != null && o.small != null) {
            try {
                long[] r = new long[small.length];
                for (int i = 0; i < small.length; i++) {
                    if (small[i] == 0) continue;
                    for (int j = 0; i + j < r.length; j++) {
                        if (o.small[j] != 0) r[i + j] = Math.addExact(r[i + j], Math.multiplyExact(small[i], o.small[j]));
                    }
                }
                return new OpPolynomial(r, null);
            } catch (ArithmeticException overflow) {
                return toBig().times(o.toBig());
            }
        }
        BigInteger[] a = toBig().big;
        BigInteger[] b = o.toBig().big;
        BigInteger[] r = zeros(a.length);
        for (int i = 0; i < a.length; i++) {
            if (a[i].signum() == 0) continue;
            for (int j = 0; i + j < r.length; j++) r[i + j] = r[i + j].add(a[i].multiply(b[j]));
        }
        return new OpPolynomial(null, r);
    }

    OpPolynomial plus(OpPolynomial o) {
        if (small != null && o.small != null) {
            try {
                long[] r = new long[small.length];
                for (int i = 0; i < r.length; i++) r[i] = Math.addExact(small[i], o.small[i]);
                return new OpPolynomial(r, null);
            } catch (ArithmeticException overflow) {
                return toBig().plus(o.toBig());
            }
        }
        BigInteger[] a = toBig().big;
        BigInteger[] b = o.toBig().big;
        BigInteger[] r = new BigInteger[a.length];
        for (int i = 0; i < r.length; i++) r[i] = a[i].add(b[i]);
        return new OpPolynomial(null, r);
    }

    private OpPolynomial toBig() {
        if (big != null) return this;
        BigInteger[] r = new BigInteger[small.length];
        for (int i = 0; i < r.length; i++) r[i] = BigInteger.valueOf(small[i]);
        return new OpPolynomial(null, r);
    }

    private static BigInteger[] zeros(int n) {
        BigInteger[] r = new BigInteger[n];
        Arrays.fill(r, BigInteger.ZERO);
        return r;
    }
}
