package org.entangle.tournament;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.Step;

/**
 * Builds a scan network of width {@code parts × partWidth} from two narrower ones, the shape of CUB's
 * {@code BLOCK_SCAN_WARP_SCANS} (and of the reduce-then-scan tiles of Merrill and Garland 2016): every part (a warp
 * of 32 lanes) scans its own wires with the part network, all parts in the same steps; then the totals network scans
 * the parts' last wires; each part's other wires then add the preceding part's total in the first step after that
 * total is final (so the add-back shares steps with the totals network where it can, as the top level of Sklansky's
 * network does). If the part network is a correct inclusive scan of its width and the totals network one of the number
 * of parts, the result is a correct inclusive scan of the whole width in at most s(part) + s(totals) + 1 steps.
 */
public final class WideComposition {

    private WideComposition() {
    }

    /** The composed network of width {@code part.width() × totals.width()}. */
    public static Network compose(Network part, Network totals) {
        int p = part.width();
        int parts = totals.width();
        if (p < 2 || parts < 2) throw new IllegalArgumentException("a composition needs parts and totals at least 2 wide");
        List<Step> steps = new ArrayList<>();
        for (Step step : part.steps()) {
            List<Op> ops = new ArrayList<>();
            for (int w = 0; w < parts; w++) {
                int offset = w * p;
                for (Op op : step.ops()) ops.add(op.mapWires(wire -> wire + offset));
            }
            steps.add(new Step(ops));
        }
        int first = steps.size();
        for (Step step : totals.steps()) {
            List<Op> ops = new ArrayList<>();
            for (Op op : step.ops()) ops.add(op.mapWires(t -> t * p + p - 1));
            steps.add(new Step(ops));
        }
        for (int w = 1; w < parts; w++) {
            int total = w * p - 1;
            int ready = first;
            for (int s = first; s < steps.size(); s++) {
                for (Op op : steps.get(s).ops()) {
                    if (op.dst() == total) ready = s + 1;
                }
            }
            if (ready == steps.size()) steps.add(Step.EMPTY);
            List<Op> ops = new ArrayList<>(steps.get(ready).ops());
            for (int i = 0; i < p - 1; i++) ops.add(Op.combine(w * p + i, total));
            steps.set(ready, new Step(ops));
        }
        return Network.of(p * parts, steps).withoutEmptySteps();
    }
}
