package org.entangle.network.families;

import org.entangle.network.Network;

/** The serial (ripple) scan: wire i combines with wire i − 1 in step i. Size n − 1, depth n − 1. */
public final class Serial implements NetworkFamily {

    @Override
    public String name() {
        return "serial";
    }

    @Override
    public String citation() {
        return "the sequential (ripple-carry) scan";
    }

    @Override
    public Network build(int n, int param) {
        Steps steps = new Steps(n);
        for (int i = 1; i < n; i++) {
            steps.step().combineIfInRange(i, i - 1);
        }
        return steps.build();
    }
}
