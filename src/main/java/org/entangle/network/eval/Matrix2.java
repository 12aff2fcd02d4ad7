package org.entangle.network.eval;

import java.util.Random;

/**
 * A 2×2 integer matrix {@code [[a, b], [c, d]]} with entries modulo the prime {@value #MODULUS}, so that
 * products of any length stay exact. Matrix multiplication is associative and not commutative, which makes it
 * a second witness (besides string concatenation) that a network respects operand order.
 */
public record Matrix2(long a, long b, long c, long d) {

    /** The prime 2^31 − 1: entries stay below it, so a product of two entries fits in a long. */
    public static final long MODULUS = 2_147_483_647L;

    public static final Matrix2 IDENTITY = new Matrix2(1, 0, 0, 1);

    public Matrix2 {
        a = Math.floorMod(a, MODULUS);
        b = Math.floorMod(b, MODULUS);
        c = Math.floorMod(c, MODULUS);
        d = Math.floorMod(d, MODULUS);
    }

    /** {@code this × other}. */
    public Matrix2 times(Matrix2 o) {
        return new Matrix2(
                (a * o.a + b * o.c) % MODULUS, (a * o.b + b * o.d) % MODULUS,
                (c * o.a + d * o.c) % MODULUS, (c * o.b + d * o.d) % MODULUS);
    }

    /** A matrix with uniformly random entries. */
    public static Matrix2 random(Random random) {
        return new Matrix2(random.nextInt((int) MODULUS), random.nextInt((int) MODULUS),
                random.nextInt((int) MODULUS), random.nextInt((int) MODULUS));
    }

    @Override
    public String toString() {
        return "[[" + a + "," + b + "],[" + c + "," + d + "]]";
    }
}
