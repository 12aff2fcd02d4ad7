package org.entangle.network.families;

import org.entangle.network.Network;

/**
 * The Brent–Kung network (R. P. Brent and H. T. Kung, "A regular layout for parallel adders", IEEE Trans.
 * Computers C-31(3), 1982), as the talk's program writes it: an up-sweep where at level k every wire i with
 * (i+1) mod 2^(k+1) = 0 combines with wire i − 2^k, then a down-sweep where at level k every such wire feeds
 * wire i + 2^k. It is the radix-2 case of {@link BrentKungRadix}. For n = 2^L: size 2n − L − 2, depth 2L − 2,
 * 2L − 1 steps, fan-out 2.
 */
public final class BrentKung implements NetworkFamily {

    @Override
    public String name() {
        return "brent-kung";
    }

    @Override
    public String citation() {
        return "R. P. Brent, H. T. Kung, A regular layout for parallel adders, IEEE Trans. Computers C-31(3), 1982";
    }

    @Override
    public Network build(int n, int param) {
        return BrentKungRadix.withRadix(n, 2);
    }
}
