package org.entangle.network.families;

import org.entangle.network.Network;

/**
 * Radix-k Brent–Kung (the talk's BK3 for k = 3; Brent and Kung 1982 for k = 2). Up-sweep: at level l (stride
 * s = k^l) the k sub-block ends of every block of k^(l+1) wires are chained, each combining with the previous
 * one, in k − 1 steps, so that the last end holds the block's total and the others partial sums from the block
 * start. Down-sweep: at level l, from the top down, the last wire p of every complete prefix block of k^(l+1)
 * wires feeds, in one step, the k − 1 sub-block ends p + s, …, p + (k−1)s that follow it. Defined for every
 * n ≥ 1 by dropping the ops whose wires do not exist.
 */
public final class BrentKungRadix implements NetworkFamily {

    @Override
    public String name() {
        return "brent-kung-radix";
    }

    @Override
    public String citation() {
        return "R. P. Brent, H. T. Kung, IEEE Trans. Computers C-31(3), 1982; radix 3 (BK3) from Barman, Jain, Tung, Bodik, Update on Angelic Programming";
    }

    @Override
    public String parameterMeaning() {
        return "the radix k ≥ 2 (each block combines k sub-blocks)";
    }

    @Override
    public int defaultParameter() {
        return 3;
    }

    @Override
    public Network build(int n, int param) {
        if (param < 2) {
            throw new IllegalArgumentException("the radix must be at least 2, got " + param);
        }
        return withRadix(n, param);
    }

    static Network withRadix(int n, int radix) {
        Steps steps = new Steps(n);
        int levels = Steps.ceilLog(n, radix);
        long stride = 1;
        for (int level = 0; level < levels; level++, stride *= radix) {
            long block = stride * radix;
            for (int j = 1; j < radix; j++) {
                steps.step();
                for (long end = block - 1; end - block + 1 < n; end += block) {
                    long to = end - (radix - 1 - j) * stride;
                    steps.combineIfInRange((int) Math.min(to, Integer.MAX_VALUE), (int) (to - stride));
                }
            }
        }
        for (int level = levels - 2; level >= 0; level--) {
            long s = pow(radix, level);
            long block = s * radix;
            steps.step();
            for (long p = block - 1; p < n; p += block) {
                for (int t = 1; t < radix; t++) {
                    if (p + t * s < n) {
                        steps.combineIfInRange((int) (p + t * s), (int) p);
                    }
                }
            }
        }
        return steps.build();
    }

    private static long pow(int base, int exponent) {
        long r = 1;
        for (int i = 0; i < exponent; i++) r *= base;
        return r;
    }
}
