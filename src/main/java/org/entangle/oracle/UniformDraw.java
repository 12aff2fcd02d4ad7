package org.entangle.oracle;

import java.math.BigInteger;
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
}
