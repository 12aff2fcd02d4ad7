package org.entangle.oracle;

import java.util.List;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.ResultKind;

/**
 * The constraints a search may add to the talk's problem beyond step count and op budget: fan-out, ops per step,
 * algebra, kind of result and pinned intermediate states. The model is always the in-place SIMD model here
 * (angelic programs are SIMD programs); circuit-model searches are the optimiser's.
 *
 * @param maxFanout     the most ops that may read one value over the whole network (the metrics' fan-out; 0: unbounded)
 * @param maxStepFanout the most ops of one step that may read one value (fan-out per layer, as in the
 *                      original Scan6 experiment; 0: unbounded)
 * @param maxOpsPerStep the most ops in one step (0: unbounded)
 * @param algebra       the operators the result must be correct for
 * @param kind          inclusive, exclusive or reduce
 * @param direction     forward or backward
 * @param pins          pinned intermediate states
 */
public record Constraints(int maxFanout, int maxStepFanout, int maxOpsPerStep, Algebra algebra, ResultKind kind, Direction direction,
                          List<Pin> pins) {

    /** No constraint beyond steps and budget: the talk's forward inclusive scan for every associative operator. */
    public static final Constraints NONE = new Constraints(0, 0, 0, Algebra.ASSOCIATIVE, ResultKind.INCLUSIVE, Direction.FORWARD, List.of());

    public Constraints {
        pins = List.copyOf(pins);
    }

    public Constraints withMaxFanout(int f) {
        return new Constraints(f, maxStepFanout, maxOpsPerStep, algebra, kind, direction, pins);
    }

    public Constraints withMaxStepFanout(int f) {
        return new Constraints(maxFanout, f, maxOpsPerStep, algebra, kind, direction, pins);
    }

    public Constraints withMaxOpsPerStep(int k) {
        return new Constraints(maxFanout, maxStepFanout, k, algebra, kind, direction, pins);
    }

    public Constraints withAlgebra(Algebra a) {
        return new Constraints(maxFanout, maxStepFanout, maxOpsPerStep, a, kind, direction, pins);
    }

    public Constraints withKind(ResultKind k) {
        return new Constraints(maxFanout, maxStepFanout, maxOpsPerStep, algebra, k, direction, pins);
    }

    public Constraints withDirection(Direction d) {
        return new Constraints(maxFanout, maxStepFanout, maxOpsPerStep, algebra, kind, d, pins);
    }

    public Constraints withPin(Pin pin) {
        List<Pin> more = new java.util.ArrayList<>(pins);
        more.add(pin);
        return new Constraints(maxFanout, maxStepFanout, maxOpsPerStep, algebra, kind, direction, more);
    }
}
