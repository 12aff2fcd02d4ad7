package org.entangle.cuda.patterns;

import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.stream.IntStream;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.ScanOperator;

/**
 * The CPU reference of {@link ReduceSource}: integers exactly (int32 sums wrap modulo 2^32 like the kernel),
 * floats in float64 with compensated (Kahan) summation per chunk of 2^20, so the reference's own error is far
 * below the tolerance the GPU result is held to. Max and min ignore NaN like {@code fmax}/{@code fmin}. Chunks
 * run in parallel; the result does not depend on their order (integer operators are associative and
 * commutative; float max/min are exact).
 */
public final class ReduceReference {

    private static final int CHUNK = 1 << 20;

    private ReduceReference() {
    }

    /** The reduction of integer elements {@code 0..n-1} (the identity when n = 0). */
    public static long ofLongs(ElementType type, ScanOperator op, int n, IntToLongFunction element) {
        return chunks(n).mapToLong(c -> {
            long acc = op.identityLong(type);
            for (int i = c * CHUNK, end = end(n, c); i < end; i++) acc = op.applyLong(type, acc, element.applyAsLong(i));
            return acc;
        }).reduce(op.identityLong(type), (a, b) -> op.applyLong(type, a, b));
    }

    /** The reduction of floating-point elements {@code 0..n-1} in float64 (the identity when n = 0). */
    public static double ofDoubles(ScanOperator op, int n, IntToDoubleFunction element) {
        if (op != ScanOperator.ADD) {
            return chunks(n).mapToDouble(c -> {
                double acc = op.identityDouble();
                for (int i = c * CHUNK, end = end(n, c); i < end; i++) acc = ignoringNaN(op, acc, element.applyAsDouble(i));
                return acc;
            }).reduce(op.identityDouble(), (a, b) -> ignoringNaN(op, a, b));
        }
        double[] partial = chunks(n).mapToDouble(c -> {
            double sum = 0;
            double compensation = 0;
            for (int i = c * CHUNK, end = end(n, c); i < end; i++) {
                double y = element.applyAsDouble(i) - compensation;
                double t = sum + y;
                compensation = (t - sum) - y;
                sum = t;
            }
            return sum;
        }).toArray();
        double total = 0;
        for (double p : partial) total += p;
        return total;
    }

    /** {@code fmax}/{@code fmin}: a NaN operand gives the other operand. */
    private static double ignoringNaN(ScanOperator op, double a, double b) {
        if (Double.isNaN(a)) return b;
        if (Double.isNaN(b)) return a;
        return op.applyDouble(a, b);
    }

    private static IntStream chunks(int n) {
        return IntStream.range(0, (n + CHUNK - 1) / CHUNK).parallel();
    }

    private static int end(int n, int chunk) {
        return (int) Math.min(n, (long) (chunk + 1) * CHUNK);
    }
}
