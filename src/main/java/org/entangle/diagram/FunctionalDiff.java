package org.entangle.diagram;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.entangle.network.Network;
import org.entangle.network.Op;

/**
 * Which ops two networks of one width have in common, compared by what they compute rather than when (the talk's
 * "functional view"): an op is identified by its destination, source and kind and by the ranges of its two
 * operands, so the same combination scheduled in another step still counts as common. Ops are matched as
 * multisets. Unlike {@link org.entangle.network.NetworkDiff}, which compares two schedules step by step, this
 * diff ignores schedules and reports positions, which is what a diagram colours.
 *
 * @param common    flat indices (in {@code here}) of the ops the other network also performs
 * @param onlyThere (step, index) positions in the other network of the ops {@code here} lacks
 */
public record FunctionalDiff(BitSet common, List<int[]> onlyThere) {

    public static FunctionalDiff of(Network here, Network there) {
        if (here.width() != there.width()) {
            throw new IllegalArgumentException("cannot diff networks of widths " + here.width() + " and " + there.width());
        }
        ValueRanges hereRanges = ValueRanges.of(here);
        ValueRanges thereRanges = ValueRanges.of(there);
        Map<String, List<int[]>> unmatched = new HashMap<>();
        int k = 0;
        for (int s = 0; s < there.stepCount(); s++) {
            List<Op> ops = there.step(s).ops();
            for (int i = 0; i < ops.size(); i++, k++) {
                unmatched.computeIfAbsent(key(ops.get(i), thereRanges, k), x -> new ArrayList<>()).add(new int[] {s, i});
            }
        }
        BitSet common = new BitSet();
        k = 0;
        for (int s = 0; s < here.stepCount(); s++) {
            for (Op op : here.step(s).ops()) {
                List<int[]> same = unmatched.get(key(op, hereRanges, k));
                if (same != null && !same.isEmpty()) {
                    same.remove(0);
                    common.set(k);
                }
                k++;
            }
        }
        List<int[]> onlyThere = new ArrayList<>();
        for (List<int[]> rest : unmatched.values()) onlyThere.addAll(rest);
        onlyThere.sort((a, b) -> a[0] != b[0] ? Integer.compare(a[0], b[0]) : Integer.compare(a[1], b[1]));
        return new FunctionalDiff(common, onlyThere);
    }

    private static String key(Op op, ValueRanges ranges, int flat) {
        return op.dst() + " " + op.src() + " " + op.kind() + " " + ranges.left()[flat] + " " + ranges.right()[flat];
    }
}
