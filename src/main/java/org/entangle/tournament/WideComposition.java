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
 * the parts' last wires; then one step adds each part's preceding total to its other wires. If the part network is a
 * correct inclusive scan of its width and the totals network one of the number of parts, the result is a correct
 * inclusive scan of the whole width, in s(part) + s(totals) + 1 steps (depth at most d(part) + d(totals) + 1: a part's
 * last wire may be ready before the part's last step).
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
        for (Step step : totals.steps()) {
            List<Op> ops = new ArrayList<>();
            for (Op op : step.ops()) ops.add(op.mapWires(t -> t * p + p - 1));
            steps.add(new Step(ops));
        }
        List<Op> addBack = new ArrayList<>();
        for (int w = 1; w < parts; w++) {
            for (int i = 0; i < p - 1; i++) addBack.add(Op.combine(w * p + i, w * p - 1));
        }
        steps.add(new Step(addBack));
        return Network.of(p * parts, steps).withoutEmptySteps();
    }
}
