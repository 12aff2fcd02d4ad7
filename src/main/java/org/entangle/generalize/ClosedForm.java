package org.entangle.generalize;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Fits a measure f(N) (size, depth, steps) to an exact closed form a·N·log_b N + b·N + c·log_b N + d with rational
 * coefficients, over powers of the base b (where log_b N is exact): powers of 2, 3 and 4 (the radix-k programs'
 * trees), the base whose form holds from the smallest N winning. The fit solves for the coefficients on the first
 * points with exact rational elimination, trying the forms with fewest terms first, and accepts a form only if
 * it reproduces <em>every</em> data point; e.g. Brent–Kung's size gives 2N − log2 N − 2, its radix-3 variant's
 * 2N − 2log3 N − 2.
 *
 * <p>Small cases are often special (N = 1 has no steps; Brent–Kung's depth is 2·log2 N − 2 only from N = 4 on), so
 * when no form fits every point the fit drops the smallest points one by one and returns the form that holds from
 * the smallest N on for every larger power tried; {@link #validFrom()} says from where. A form fitted on a tail,
 * or over the sparser powers of 3 and 4, must be confirmed by at least {@value #TAIL_CONFIRMATIONS} points beyond
 * the ones that determine its coefficients, so a few points cannot fit by accident.
 *
 * @param coefficients the coefficients of N·log2 N, N, log2 N and 1, as fractions {numerator, denominator}
 * @param validFrom    the smallest N the form was fitted on (it holds there and at every larger power of the base tried)
 * @param base         the base b of the logarithm and of the powers N the form was fitted on
 */
public record ClosedForm(List<BigInteger[]> coefficients, int validFrom, int base) {

    /** The bases tried, in order. */
    static final int[] BASES = {2, 3, 4};
    /** Points beyond a form's coefficients that must confirm a fit on a tail (one suffices on all the points). */
    static final int TAIL_CONFIRMATIONS = 2;

    /** A form fitted over powers of two. */
    public ClosedForm(List<BigInteger[]> coefficients, int validFrom) {
        this(coefficients, validFrom, 2);
    }

    /**
     * Fits {@code values} (N → f(N)) over the powers of each base of {@link #BASES} (N ≥ 1): for each base the form
     * that holds from the smallest N on, and among those the one with fewest terms; of these, the one that holds
     * from the smallest N (the smaller base on a tie). Empty when none fits.
     */
    public static Optional<ClosedForm> fit(Map<Integer, Long> values) {
        Optional<ClosedForm> best = Optional.empty();
        for (int base : BASES) {
            Optional<ClosedForm> form = fit(values, base);
            if (form.isPresent() && (best.isEmpty() || form.get().validFrom() < best.get().validFrom())) best = form;
        }
        return best;
    }

    private static Optional<ClosedForm> fit(Map<Integer, Long> values, int base) {
        List<long[]> points = new ArrayList<>();
        values.entrySet().stream()
                .filter(e -> e.getKey() >= 1 && logarithm(e.getKey(), base) >= 0)
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> points.add(new long[] {e.getKey(), logarithm(e.getKey(), base), e.getValue()}));
        for (int from = 0; from < points.size(); from++) {
            int confirmations = from == 0 && base == 2 ? 1 : TAIL_CONFIRMATIONS;
            Optional<ClosedForm> form = fitPoints(points.subList(from, points.size()), confirmations, base);
            if (form.isPresent()) return form;
        }
        return Optional.empty();
    }

    /** L when n = base^L, −1 when n is not a power of the base. */
    private static int logarithm(long n, int base) {
        int log = 0;
        while (n > 1 && n % base == 0) {
            n /= base;
            log++;
        }
        return n == 1 ? log : -1;
    }

    private static Optional<ClosedForm> fitPoints(List<long[]> points, int confirmations, int base) {
        if (points.size() < 2) return Optional.empty();
        for (int terms = 1; terms <= 4; terms++) {
            if (points.size() < terms + confirmations) break;
            for (int mask = 1; mask < 16; mask++) {
                if (Integer.bitCount(mask) != terms) continue;
                Optional<ClosedForm> form = solve(points, mask, base);
                if (form.isPresent()) return form;
            }
        }
        return Optional.empty();
    }

    private static BigInteger[] basis(long n, long log) {
        return new BigInteger[] {BigInteger.valueOf(n * log), BigInteger.valueOf(n), BigInteger.valueOf(log), BigInteger.ONE};
    }

    private static Optional<ClosedForm> solve(List<long[]> points, int mask, int base) {
        int k = Integer.bitCount(mask);
        int[] cols = new int[k];
        for (int i = 0, c = 0; i < 4; i++) if ((mask & (1 << i)) != 0) cols[c++] = i;
        Fraction[][] m = new Fraction[k][k + 1];
        for (int r = 0; r < k; r++) {
            BigInteger[] b = basis(points.get(r)[0], points.get(r)[1]);
            for (int c = 0; c < k; c++) m[r][c] = Fraction.of(b[cols[c]]);
            m[r][k] = Fraction.of(BigInteger.valueOf(points.get(r)[2]));
        }
        Optional<Fraction[]> solution = Fraction.gauss(m, k);
        if (solution.isEmpty()) return Optional.empty();
        Fraction[] coef = new Fraction[4];
        for (int i = 0; i < 4; i++) coef[i] = Fraction.ZERO;
        for (int c = 0; c < k; c++) coef[cols[c]] = solution.get()[c];
        for (long[] p : points) {
            BigInteger[] b = basis(p[0], p[1]);
            Fraction sum = Fraction.ZERO;
            for (int i = 0; i < 4; i++) sum = sum.add(coef[i].multiply(Fraction.of(b[i])));
            if (!sum.equals(Fraction.of(BigInteger.valueOf(p[2])))) return Optional.empty();
        }
        List<BigInteger[]> out = new ArrayList<>();
        for (Fraction f : coef) out.add(new BigInteger[] {f.numerator(), f.denominator()});
        return Optional.of(new ClosedForm(out, (int) points.get(0)[0], base));
    }

    /** The value of the form at N (a power of the base). */
    public double valueAt(int n) {
        long log = logarithm(n, base);
        BigInteger[] b = basis(n, log);
        double sum = 0;
        for (int i = 0; i < 4; i++) {
            sum += coefficients.get(i)[0].doubleValue() / coefficients.get(i)[1].doubleValue() * b[i].doubleValue();
        }
        return sum;
    }

    /** The form with where it holds, e.g. {@code 2log2 N − 2 for N = 2^k ≥ 4} (no bound when it holds from N = 1). */
    public String withDomain() {
        return this + " for N = " + base + "^k" + (validFrom > 1 ? " ≥ " + validFrom : "");
    }

    /** The form as text, e.g. {@code 2N − log2 N − 2}. */
    @Override
    public String toString() {
        String[] terms = {"N·log" + base + " N", "N", "log" + base + " N", ""};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            BigInteger num = coefficients.get(i)[0];
            BigInteger den = coefficients.get(i)[1];
            if (num.signum() == 0) continue;
            boolean negative = num.signum() < 0;
            BigInteger abs = num.abs();
            sb.append(sb.length() == 0 ? (negative ? "−" : "") : (negative ? " − " : " + "));
            boolean unit = abs.equals(BigInteger.ONE) && den.equals(BigInteger.ONE) && !terms[i].isEmpty();
            if (!unit) {
                sb.append(abs);
                if (!den.equals(BigInteger.ONE)) sb.append('/').append(den);
            }
            sb.append(terms[i]);
        }
        return sb.length() == 0 ? "0" : sb.toString();
    }
}
