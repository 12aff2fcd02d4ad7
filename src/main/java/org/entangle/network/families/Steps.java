package org.entangle.network.families;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.Schedules;
import org.entangle.network.Step;

/** Collects ops step by step while a family builds its network. */
final class Steps {

    private final int width;
    private final List<Step> steps = new ArrayList<>();
    private List<Op> current;

    Steps(int width) {
        if (width < 1) {
            throw new IllegalArgumentException("width must be at least 1, got " + width);
        }
        this.width = width;
    }

    /** Starts a new step. */
    Steps step() {
        flush();
        current = new ArrayList<>();
        return this;
    }

    /** Adds an op to the current step. */
    Steps add(Op op) {
        current.add(op);
        return this;
    }

    /** Adds {@code combine(dst, src)} to the current step when both wires exist. */
    Steps combineIfInRange(int dst, int src) {
        if (dst >= 0 && dst < width && src >= 0 && src < width) {
            current.add(Op.combine(dst, src));
        }
        return this;
    }

    /** Appends a step holding one op: families defined recursively build a sequence, then compact it. */
    Steps sequential(Op op) {
        step();
        current.add(op);
        return this;
    }

    /** The network as built, empty steps dropped. */
    Network build() {
        flush();
        return Network.of(width, steps).withoutEmptySteps();
    }

    /** The network with every op moved to its earliest step (for sequentially built families). */
    Network buildAsap() {
        return Schedules.asap(build());
    }

    private void flush() {
        if (current != null) {
            steps.add(new Step(current));
            current = null;
        }
    }

    /** ⌈log_radix n⌉ for n ≥ 1. */
    static int ceilLog(int n, int radix) {
        int levels = 0;
        long reach = 1;
        while (reach < n) {
            reach *= radix;
            levels++;
        }
        return levels;
    }
}
