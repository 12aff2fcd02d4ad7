package org.entangle.generalize.variants;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.Direction;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.Step;

/**
 * Functional variants of a scan network (the talk's "forward/backward × inclusive/exclusive"):
 * <ul>
 *   <li>{@link #backward}: mirror every wire index i → n − 1 − i. Because operands are ordered by wire index
 *       (and swap-combines put the higher wire first), the mirror of a forward scan is a backward scan for the
 *       same operator, and vice versa.</li>
 *   <li>{@link #exclusiveByShift}: after an inclusive scan, one more step moves wire i − 1 into wire i and
 *       writes the identity into wire 0 (reads before writes make it one step).</li>
 * </ul>
 * Blelloch's down-sweep is the other road to an exclusive scan; it is the {@code blelloch} family.
 */
public final class NetworkVariants {

    private NetworkVariants() {
    }

    /** The mirror image: a forward scan becomes a backward one and vice versa. */
    public static Network backward(Network network) {
        int n = network.width();
        List<Step> steps = new ArrayList<>(network.stepCount());
        for (Step step : network.steps()) {
            List<Op> ops = new ArrayList<>(step.size());
            for (Op op : step.ops()) ops.add(op.mapWires(i -> n - 1 - i));
            steps.add(new Step(ops));
        }
        ScanSpec spec = network.spec();
        Direction flipped = spec.direction() == Direction.FORWARD ? Direction.BACKWARD : Direction.FORWARD;
        return network.withSteps(steps).withSpec(spec.withDirection(flipped))
                .withName(network.name() == null ? null : network.name() + "-" + flipped.token());
    }

    /** An inclusive scan followed by the shift that makes it exclusive (in the network's direction). */
    public static Network exclusiveByShift(Network network) {
        if (network.spec().kind() != ResultKind.INCLUSIVE) {
            throw new IllegalArgumentException("the shift turns an inclusive scan into an exclusive one; this network is "
                    + network.spec().kind().token());
        }
        int n = network.width();
        boolean forward = network.spec().direction() == Direction.FORWARD;
        List<Op> shift = new ArrayList<>(n);
        for (int i = 1; i < n; i++) {
            shift.add(forward ? Op.copy(i, i - 1) : Op.copy(n - 1 - i, n - i));
        }
        shift.add(Op.identity(forward ? 0 : n - 1));
        List<Step> steps = new ArrayList<>(network.steps());
        steps.add(new Step(shift));
        return network.withSteps(steps).withSpec(network.spec().withKind(ResultKind.EXCLUSIVE))
                .withName(network.name() == null ? null : network.name() + "-exclusive");
    }
}
