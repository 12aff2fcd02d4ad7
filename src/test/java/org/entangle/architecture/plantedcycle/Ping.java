package org.entangle.architecture.plantedcycle;

import org.entangle.architecture.plantedcycle.other.Pong;

/** Half of a planted package cycle: {@code ArchitectureTest} checks that its cycle rule reports it. */
public final class Ping {

    private Ping() {
    }

    /** Calls into the other package, which calls back into this one. */
    public static int serve(int rally) {
        return rally <= 0 ? 0 : Pong.answer(rally - 1) + 1;
    }
}
