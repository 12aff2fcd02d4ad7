package org.entangle.architecture.plantedcycle.other;

import org.entangle.architecture.plantedcycle.Ping;

/** The other half of the planted package cycle ({@link Ping}). */
public final class Pong {

    private Pong() {
    }

    /** Calls back into {@link Ping}'s package. */
    public static int answer(int rally) {
        return rally <= 0 ? 0 : Ping.serve(rally - 1) + 1;
    }
}
