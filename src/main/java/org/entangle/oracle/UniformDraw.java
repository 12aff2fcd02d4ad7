package org.entangle.oracle;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;

/** Exact uniform draws below a count, for the samplers that walk exact trace counts. */
public final class UniformDraw {

    private UniformDraw() {
    }

    /** A uniformly random integer in {@code [0, bound)}, by rejection over {@code bound}'s bit length. */
    public static BigInteger below(BigInteger bound, Random random) {
        BigInteger r;
        do {
            r = new BigInteger(bound.bitLength(), random);
        } while (r.compareTo(bound) >= 0);
        return r;
    }

    /**
     * An index drawn with probability {@code weights[i] / Σ weights} (the sum positive): one {@link #below} draw
     * under the sum, then the weights taken off in order.
     */
    public static int index(List<BigInteger> weights, Random random) {
        BigInteger r = below(weights.stream().reduce(BigInteger.ZERO, BigInteger::add), random);
        int i = 0;
        while (r.compareTo(weights.get(i)) >= 0) r = r.subtract(weights.get(i++));
        return i;
    }
}
