package org.entangle.discovery;

import java.util.List;
import org.entangle.network.metrics.NetworkMetrics;
import org.entangle.oracle.Pin;

/**
 * One constraint added to the talk's problem from an entanglement result, in one gesture (the talk's loop: ask the
 * angels, partition them, read a partition, constrain, ask again). Each is written into the program text where the
 * user reads it, and each stage keeps the constraints that made it, so undoing one is going back a stage.
 */
public sealed interface Constraint {

    /** One line for people: what the constraint keeps. */
    String describe();

    /**
     * Pin the whole state after a step, as the command line's {@code --pin} does: after step {@code pin.afterStep()}
     * wire i holds the range [lo_i, hi_i].
     */
    record PinState(Pin pin, String reason) implements Constraint {
        @Override
        public String describe() {
            return "pin the state after step " + pin.afterStep() + " to " + pin.format().substring(pin.format().indexOf(':') + 1)
                    + " (" + reason + ")";
        }
    }

    /**
     * Keep the traces of one point of the Pareto front over (size, depth): the op budget becomes {@code size}
     * (written into the program as its {@code assert ops <= size}) and the traces whose network is deeper than
     * {@code depth} or smaller than {@code size} are left out (a stated filter, written as a comment).
     */
    record Slice(int size, int depth) implements Constraint {
        @Override
        public String describe() {
            return "keep the networks of size " + size + " and depth " + depth;
        }

        /** Whether a network's metrics lie in the slice. */
        public boolean keeps(NetworkMetrics metrics) {
            return metrics.size() == size && metrics.depth() == depth;
        }
    }

    /**
     * Fix one block of the finest partition to one of its value combinations. The block's angels are the choices of
     * some lanes in some steps; in the range semantics a lane's choice in a step is its wire's range after the step,
     * so the fix is written as the ranges those wires hold after those steps.
     *
     * @param label   which block and which combination, for people
     * @param fixes   the wire ranges the combination gives
     */
    record FixBlock(String label, List<WireRange> fixes) implements Constraint {
        public FixBlock {
            fixes = List.copyOf(fixes);
        }

        @Override
        public String describe() {
            return "fix " + label;
        }
    }

    /** Wire {@code wire} holds the inputs [lo, wire] after step {@code afterStep}. */
    record WireRange(int afterStep, int wire, int lo) {
    }
}
