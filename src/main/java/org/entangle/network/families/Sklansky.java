package org.entangle.network.families;

import org.entangle.network.Network;

/**
 * Sklansky's divide-and-conquer prefix network (J. Sklansky, "Conditional-sum addition logic", IRE Trans.
 * Electronic Computers, 1960). At level k every wire in the upper half of a 2^(k+1) block combines with the
 * last wire of the lower half. For n = 2^L: size (n/2)·L, depth L, fan-out n/2. Often miscalled
 * "Ladner–Fischer" in VLSI texts.
 */
public final class Sklansky implements NetworkFamily {

    @Override
    public String name() {
        return "sklansky";
    }

    @Override
    public String citation() {
        return "J. Sklansky, Conditional-sum addition logic, IRE Trans. Electronic Computers EC-9(2), 1960";
    }

    @Override
    public Network build(int n, int param) {
        Steps steps = new Steps(n);
        for (int half = 1; half < n; half *= 2) {
            steps.step();
            for (int i = 0; i < n; i++) {
                if ((i & half) != 0) {
                    steps.combineIfInRange(i, (i / (2 * half)) * (2 * half) + half - 1);
                }
            }
        }
        return steps.build();
    }
}
