package org.entangle.generalize;

import java.math.BigInteger;
import java.util.Optional;

/** An exact rational number, always in lowest terms with a positive denominator; used by {@link ClosedForm}. */
record Fraction(BigInteger numerator, BigInteger denominator) {

    static final Fraction ZERO = new Fraction(BigInteger.ZERO, BigInteger.ONE);

    Fraction {
        if (denominator.signum() == 0) throw new ArithmeticException("zero denominator");
        if (denominator.signum() < 0) {
            numerator = numerator.negate();
            denominator = denominator.negate();
        }
        BigInteger g = numerator.gcd(denominator);
        if (!g.equals(BigInteger.ONE) && g.signum() != 0) {
            numerator = numerator.divide(g);
            denominator = denominator.divide(g);
        }
    }

    static Fraction of(BigInteger value) {
        return new Fraction(value, BigInteger.ONE);
    }

    Fraction add(Fraction o) {
        return new Fraction(numerator.multiply(o.denominator).add(o.numerator.multiply(denominator)), denominator.multiply(o.denominator));
    }

    Fraction subtract(Fraction o) {
        return add(new Fraction(o.numerator.negate(), o.denominator));
    }

    Fraction multiply(Fraction o) {
        return new Fraction(numerator.multiply(o.numerator), denominator.multiply(o.denominator));
    }

    Fraction divide(Fraction o) {
        return new Fraction(numerator.multiply(o.denominator), denominator.multiply(o.numerator));
    }

    boolean isZero() {
        return numerator.signum() == 0;
    }

    /** Solves the k×k system in the augmented matrix {@code m} by Gauss–Jordan elimination; empty when singular. */
    static Optional<Fraction[]> gauss(Fraction[][] m, int k) {
        for (int col = 0; col < k; col++) {
            int pivot = -1;
            for (int r = col; r < k; r++) {
                if (!m[r][col].isZero()) {
                    pivot = r;
                    break;
                }
            }
            if (pivot < 0) return Optional.empty();
            Fraction[] tmp = m[col];
            m[col] = m[pivot];
            m[pivot] = tmp;
            for (int r = 0; r < k; r++) {
                if (r == col || m[r][col].isZero()) continue;
                Fraction factor = m[r][col].divide(m[col][col]);
                for (int c = col; c <= k; c++) m[r][c] = m[r][c].subtract(factor.multiply(m[col][c]));
            }
        }
        Fraction[] x = new Fraction[k];
        for (int r = 0; r < k; r++) x[r] = m[r][k].divide(m[r][r]);
        return Optional.of(x);
    }
}
