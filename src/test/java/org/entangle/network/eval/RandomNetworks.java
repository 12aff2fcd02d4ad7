package org.entangle.network.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.entangle.network.InvalidNetworkException;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.Step;

/** Random networks for agreement tests: correct ones, one-op mutations of them, and fully random ones. */
final class RandomNetworks {

    private RandomNetworks() {
    }

    /**
     * A random correct in-place forward inclusive scan, drawn from the talk's trace space: in each step every
     * incomplete wire i (holding [lo, i], lo &gt; 0) may combine with wire lo − 1, which keeps its range
     * contiguous; steps repeat until every wire holds [0, i].
     */
    static Network correctScan(Random random, int width) {
        int[] lo = new int[width];
        for (int i = 0; i < width; i++) lo[i] = i;
        List<Step> steps = new ArrayList<>();
        double p = 0.2 + 0.7 * random.nextDouble();
        while (!complete(lo)) {
            List<Op> ops = new ArrayList<>();
            int[] next = lo.clone();
            for (int i = 0; i < width; i++) {
                if (lo[i] > 0 && random.nextDouble() < p) {
                    ops.add(Op.combine(i, lo[i] - 1));
                    next[i] = lo[lo[i] - 1];
                }
            }
            lo = next;
            steps.add(new Step(ops));
        }
        return Network.of(width, steps);
    }

    /** The network mirrored (wire i becomes n−1−i): a forward scan becomes a backward one. */
    static Network mirrored(Network network) {
        int last = network.width() - 1;
        List<Step> steps = new ArrayList<>();
        for (Step s : network.steps()) {
            List<Op> ops = new ArrayList<>();
            for (Op op : s.ops()) ops.add(op.mapWires(w -> last - w));
            steps.add(new Step(ops));
        }
        return Network.of(network.width(), steps, network.model());
    }

    /** An inclusive scan followed by one step that shifts every value up a wire and puts the identity on wire 0. */
    static Network shiftedToExclusive(Network inclusive) {
        List<Op> shift = new ArrayList<>();
        shift.add(Op.identity(0));
        for (int i = 1; i < inclusive.width(); i++) shift.add(Op.copy(i, i - 1));
        List<Step> steps = new ArrayList<>(inclusive.steps());
        steps.add(new Step(shift));
        return Network.of(inclusive.width(), steps, inclusive.model());
    }

    /** The network with one random op deleted or moved to another random step; null when that breaks a rule. */
    static Network mutated(Random random, Network network) {
        List<List<Op>> steps = new ArrayList<>();
        for (Step s : network.steps()) steps.add(new ArrayList<>(s.ops()));
        int total = network.opCount();
        if (total == 0) return null;
        int pick = random.nextInt(total);
        int s = 0;
        while (pick >= steps.get(s).size()) pick -= steps.get(s++).size();
        Op op = steps.get(s).remove(pick);
        if (random.nextBoolean()) {
            int target = random.nextInt(steps.size() + 1);
            if (target == steps.size()) steps.add(new ArrayList<>());
            steps.get(target).add(op);
        }
        List<Step> built = new ArrayList<>();
        for (List<Op> ops : steps) built.add(new Step(ops));
        try {
            return Network.of(network.width(), built, network.model());
        } catch (InvalidNetworkException e) {
            return null;
        }
    }

    /** A network of random ops of every kind, in either model (older reads in the circuit model). */
    static Network fullyRandom(Random random) {
        int width = 1 + random.nextInt(8);
        MemoryModel model = random.nextBoolean() ? MemoryModel.CIRCUIT : MemoryModel.IN_PLACE;
        List<Step> steps = new ArrayList<>();
        int stepCount = 1 + random.nextInt(6);
        for (int s = 0; s < stepCount; s++) {
            List<Op> ops = new ArrayList<>();
            boolean[] written = new boolean[width];
            for (int k = random.nextInt(width + 1); k > 0; k--) {
                int dst = random.nextInt(width);
                int src = random.nextInt(width);
                int choice = random.nextInt(10);
                Op op = dst == src || choice == 0 ? Op.identity(dst)
                        : choice == 1 ? Op.swapCombine(dst, src)
                        : choice == 2 ? Op.copy(dst, src)
                        : Op.combine(dst, src);
                if (model == MemoryModel.CIRCUIT && op.kind().readsSource() && random.nextInt(3) == 0) {
                    op = op.withSrcStep(random.nextInt(s + 1) - 1);
                }
                if (written[op.dst()] || (op.kind().writesSource() && written[op.src()])) continue;
                written[op.dst()] = true;
                if (op.kind().writesSource()) written[op.src()] = true;
                ops.add(op);
            }
            steps.add(new Step(ops));
        }
        return Network.of(width, steps, model);
    }

    private static boolean complete(int[] lo) {
        for (int l : lo) {
            if (l != 0) return false;
        }
        return true;
    }
}
