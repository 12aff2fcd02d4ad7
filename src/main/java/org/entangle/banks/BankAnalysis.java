package org.entangle.banks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.OpKind;
import org.entangle.network.Step;

/**
 * Counts the bank conflicts of running a network in shared memory under a {@link BankModel}: every step runs its
 * ops on lanes ({@link LaneMapping}); each op reads its source, reads its destination and writes its
 * destination (a swap also writes its source), and each of these access phases is one warp-wide access per
 * warp. Linear in the number of ops.
 */
public final class BankAnalysis {

    private BankAnalysis() {
    }

    private enum Phase { READ_SRC, READ_DST, WRITE_DST, WRITE_SRC }

    public static BankReport analyse(Network network, BankModel model, LaneMapping mapping, IndexRemap remap) {
        int warpAccesses = 0;
        long extra = 0;
        int maxDegree = 0;
        List<Long> perStep = new ArrayList<>();
        int[][] load = new int[network.stepCount()][model.banks()];
        for (int s = 0; s < network.stepCount(); s++) {
            Step step = network.step(s);
            long stepExtra = 0;
            for (Phase phase : Phase.values()) {
                Map<Integer, List<Long>> slotsByWarp = new HashMap<>();
                for (int k = 0; k < step.size(); k++) {
                    Op op = step.ops().get(k);
                    int wire = wireOf(op, phase);
                    if (wire < 0) continue;
                    int lane = mapping == LaneMapping.COMPACT ? k : op.dst();
                    slotsByWarp.computeIfAbsent(lane / model.warpSize(), w -> new ArrayList<>()).add(remap.map(wire));
                }
                for (List<Long> slots : slotsByWarp.values()) {
                    int degree = degree(slots, model, load[s]);
                    warpAccesses++;
                    stepExtra += degree - 1;
                    maxDegree = Math.max(maxDegree, degree);
                }
            }
            perStep.add(stepExtra);
            extra += stepExtra;
        }
        return new BankReport(remap, mapping, warpAccesses, extra, maxDegree, List.copyOf(perStep), load);
    }

    /**
     * The distinct wires of every warp access (one per step, access phase and warp, as {@link #analyse} counts
     * them), with at least two wires: the groups that {@link BankColouring} must give distinct banks.
     */
    public static List<int[]> warpAccesses(Network network, BankModel model, LaneMapping mapping) {
        List<int[]> groups = new ArrayList<>();
        for (Step step : network.steps()) {
            for (Phase phase : Phase.values()) {
                Map<Integer, Set<Integer>> wiresByWarp = new HashMap<>();
                for (int k = 0; k < step.size(); k++) {
                    Op op = step.ops().get(k);
                    int wire = wireOf(op, phase);
                    if (wire < 0) continue;
                    int lane = mapping == LaneMapping.COMPACT ? k : op.dst();
                    wiresByWarp.computeIfAbsent(lane / model.warpSize(), w -> new HashSet<>()).add(wire);
                }
                for (Set<Integer> wires : wiresByWarp.values()) {
                    if (wires.size() > 1) groups.add(wires.stream().mapToInt(Integer::intValue).sorted().toArray());
                }
            }
        }
        return groups;
    }

    private static int wireOf(Op op, Phase phase) {
        OpKind kind = op.kind();
        return switch (phase) {
            case READ_SRC -> kind.readsSource() ? op.src() : -1;
            case READ_DST -> kind.readsDestination() ? op.dst() : -1;
            case WRITE_DST -> op.dst();
            case WRITE_SRC -> kind.writesSource() ? op.src() : -1;
        };
    }

    private static int degree(List<Long> slots, BankModel model, int[] load) {
        Map<Integer, Set<Long>> wordsByBank = new HashMap<>();
        for (long slot : slots) {
            wordsByBank.computeIfAbsent(model.bankOf(slot), b -> new HashSet<>()).add(model.wordOf(slot));
        }
        int degree = 1;
        for (Map.Entry<Integer, Set<Long>> e : wordsByBank.entrySet()) {
            degree = Math.max(degree, e.getValue().size());
            load[e.getKey()] += e.getValue().size();
        }
        return degree;
    }
}
