package org.entangle.network.families;

import org.entangle.network.Network;

/**
 * The Han–Carlson network (T. Han and D. A. Carlson, "Fast area-efficient VLSI adders", 8th IEEE Symposium on
 * Computer Arithmetic, 1987): odd wires first combine with their even neighbour, then run Kogge–Stone among
 * themselves (distances 2, 4, …), and a last step lets every even wire combine with the odd wire before it.
 * For n = 2^L: size (n/2)·L, depth L + 1.
 */
public final class HanCarlson implements NetworkFamily {

    @Override
    public String name() {
        return "han-carlson";
    }

    @Override
    public String citation() {
        return "T. Han, D. A. Carlson, Fast area-efficient VLSI adders, 8th IEEE Symposium on Computer Arithmetic, 1987";
    }

    @Override
    public Network build(int n, int param) {
        Steps steps = new Steps(n);
        steps.step();
        for (int i = 1; i < n; i += 2) {
            steps.combineIfInRange(i, i - 1);
        }
        for (int distance = 2; distance < n; distance *= 2) {
            steps.step();
            for (int i = 1; i < n; i += 2) {
                if (i - distance >= 0) {
                    steps.combineIfInRange(i, i - distance);
                }
            }
        }
        steps.step();
        for (int i = 2; i < n; i += 2) {
            steps.combineIfInRange(i, i - 1);
        }
        return steps.build();
    }
}
