package org.entangle.cuda;

import java.util.function.IntPredicate;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;

/**
 * The CPU reference for the generated kernels: scans the array in chunks of {@code chunk} elements (the
 * network width for the block and warp forms, the whole array for the device-wide form), each chunk on its
 * own, with the semantics of {@link ScanOptions}: backward chunks are read from their end; in a segmented scan
 * the running value restarts at every head (forward: an element whose bit is set; backward: an element whose
 * successor's bit is set), and an exclusive scan gives a head the identity. Integer results wrap like the
 * kernels' (int32 modulo 2^32); floating-point results are computed in float64.
 */
public final class ReferenceScan {

    private ReferenceScan() {
    }

    /** Integer reference; {@code heads} is consulted only when segmented. */
    public static long[] ofLongs(int n, IntToLongFunction input, IntPredicate heads, ScanOptions o, long chunk) {
        long[] out = new long[n];
        ElementType type = o.type();
        ScanOperator op = o.operator();
        for (long base = 0; base < n; base += chunk) {
            int len = (int) Math.min(chunk, n - base);
            long running = op.identityLong(type);
            for (int j = 0; j < len; j++) {
                int at = at(base, len, j, o);
                if (isHead(at, j, n, heads, o)) running = op.identityLong(type);
                long exclusive = running;
                running = op.applyLong(type, running, input.applyAsLong(at));
                out[at] = o.exclusive() ? exclusive : running;
            }
        }
        return out;
    }

    /** Floating-point reference in float64. */
    public static double[] ofDoubles(int n, IntToDoubleFunction input, IntPredicate heads, ScanOptions o, long chunk) {
        double[] out = new double[n];
        ScanOperator op = o.operator();
        for (long base = 0; base < n; base += chunk) {
            int len = (int) Math.min(chunk, n - base);
            double running = op.identityDouble();
            for (int j = 0; j < len; j++) {
                int at = at(base, len, j, o);
                if (isHead(at, j, n, heads, o)) running = op.identityDouble();
                double exclusive = running;
                running = op.applyDouble(running, input.applyAsDouble(at));
                out[at] = o.exclusive() ? exclusive : running;
            }
        }
        return out;
    }

    private static int at(long base, int len, int j, ScanOptions o) {
        return (int) (o.backward() ? base + len - 1 - j : base + j);
    }

    private static boolean isHead(int at, int j, int n, IntPredicate heads, ScanOptions o) {
        if (!o.segmented() || j == 0) return j == 0;
        return o.backward() ? heads.test(at + 1) : heads.test(at);
    }
}
