package org.entangle.network.families;

import org.entangle.network.Network;

/**
 * The Kogge–Stone (Hillis–Steele) network (P. M. Kogge and H. S. Stone, "A parallel algorithm for the
 * efficient solution of a general class of recurrence equations", IEEE Trans. Computers C-22(8), 1973): at step
 * k every wire i ≥ 2^k combines with wire i − 2^k. For n = 2^L: size n·L − n + 1, depth L, fan-out 2.
 */
public final class KoggeStone implements NetworkFamily {

    @Override
    public String name() {
        return "kogge-stone";
    }

    @Override
    public String citation() {
        return "P. M. Kogge, H. S. Stone, A parallel algorithm for the efficient solution of a general class of recurrence equations, IEEE Trans. Computers C-22(8), 1973";
    }

    @Override
    public Network build(int n, int param) {
        Steps steps = new Steps(n);
        for (int distance = 1; distance < n; distance *= 2) {
            steps.step();
            for (int i = distance; i < n; i++) {
                steps.combineIfInRange(i, i - distance);
            }
        }
        return steps.build();
    }
}
