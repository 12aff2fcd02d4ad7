package org.entangle.oracle.optimize;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.Step;

/**
 * A forward prefix circuit written as column chains (the usual prefix-graph drawing): column {@code c} computes
 * the ranges {@code [b_1, c] ⊃ … ⊃ [b_m, c] = [0, c]} for lower ends {@code c > b_1 > … > b_m = 0}, each from the
 * previous one on its column and the range {@code [b_{t+1}, b_t − 1]}, which must be on column {@code b_t − 1}
 * (an element of that column's chain, or an input). Every op of a network writes its destination's current value,
 * so every forward scan network — in either model — is a set of column chains; a circuit is determined by the
 * ranges it computes. Size is the total chain length.
 *
 * @param chains {@code chains[c]}: the lower ends of column c's chain in descending order, without c itself
 */
public record PrefixChains(int[][] chains) {

    public int width() {
        return chains.length;
    }

    public int size() {
        int s = 0;
        for (int[] ch : chains) s += ch.length;
        return s;
    }

    /** Index of lower end {@code b} in column {@code c}'s chain, 1-based; 0 for the input {@code [c, c]}; −1 if absent. */
    int position(int c, int b) {
        if (b == c) return 0;
        int[] ch = chains[c];
        for (int i = 0; i < ch.length; i++) if (ch[i] == b) return i + 1;
        return -1;
    }

    /** Lower end of chain element {@code k} (0 = the input) of column {@code c}. */
    int lowerEnd(int c, int k) {
        return k == 0 ? c : chains[c][k - 1];
    }

    /** Depth of every node, {@code depth[c][k]} (k = 0 is the input); null when a left operand is missing. */
    int[][] depths() {
        int n = width();
        int[][] depth = new int[n][];
        for (int c = 0; c < n; c++) {
            depth[c] = new int[chains[c].length + 1];
            for (int k = 1; k <= chains[c].length; k++) {
                int a = lowerEnd(c, k - 1);
                int b = lowerEnd(c, k);
                int left = position(a - 1, b);
                if (a - 1 >= c || left < 0) return null;
                depth[c][k] = 1 + Math.max(depth[c][k - 1], depth[a - 1][left]);
            }
        }
        return depth;
    }

    /** Longest path of the circuit, or −1 when it is malformed. */
    public int depth() {
        int[][] d = depths();
        if (d == null) return -1;
        int max = 0;
        for (int[] col : d) for (int x : col) max = Math.max(max, x);
        return max;
    }

    /** The largest number of ops that read one value (right operand on its column, left operand elsewhere). */
    public int maxFanout() {
        int n = width();
        int[][] reads = new int[n][];
        for (int c = 0; c < n; c++) reads[c] = new int[chains[c].length + 1];
        for (int c = 0; c < n; c++) {
            for (int k = 1; k <= chains[c].length; k++) {
                reads[c][k - 1]++;
                int a = lowerEnd(c, k - 1);
                reads[a - 1][position(a - 1, lowerEnd(c, k))]++;
            }
        }
        int max = 0;
        for (int[] col : reads) for (int x : col) max = Math.max(max, x);
        return max;
    }

    /**
     * The earliest in-place schedule within {@code steps} steps, as the 1-based step of every node, or null if
     * none exists: a node comes after the previous node of its column and after its left operand, and its left
     * operand must still be current — the next node of that column may not run before it (reads happen before
     * writes, so the same step is fine). Difference constraints, solved by longest paths (Bellman–Ford).
     */
    public int[][] inPlaceSchedule(int steps) {
        int n = width();
        int[][] time = new int[n][];
        for (int c = 0; c < n; c++) time[c] = new int[chains[c].length + 1];
        for (int c = 0; c < n; c++) for (int k = 1; k < time[c].length; k++) time[c][k] = k;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int c = 0; c < n; c++) {
                for (int k = 1; k <= chains[c].length; k++) {
                    int t = time[c][k - 1] + 1;
                    int a = lowerEnd(c, k - 1);
                    int left = position(a - 1, lowerEnd(c, k));
                    if (left > 0) t = Math.max(t, time[a - 1][left] + 1);
                    if (t > time[c][k]) {
                        time[c][k] = t;
                        changed = true;
                    }
                    if (left + 1 < time[a - 1].length && time[a - 1][left + 1] < time[c][k]) {
                        time[a - 1][left + 1] = time[c][k];
                        changed = true;
                    }
                    if (time[c][k] > steps) return null;
                }
            }
        }
        return time;
    }

    /**
     * The circuit as a network. In the circuit model every node runs at its depth (the ASAP schedule) and reads an
     * older value of its left operand's wire when that wire has moved on; in the in-place model the nodes run at
     * the earliest in-place schedule within {@code steps} (null if there is none) and read only current values.
     */
    public Network toNetwork(MemoryModel model, int steps) {
        int n = width();
        int[][] time = model == MemoryModel.CIRCUIT ? depths() : inPlaceSchedule(steps);
        if (time == null) return null;
        int last = 0;
        for (int[] col : time) for (int x : col) last = Math.max(last, x);
        List<List<Op>> ops = new ArrayList<>();
        for (int s = 0; s < last; s++) ops.add(new ArrayList<>());
        for (int c = 0; c < n; c++) {
            for (int k = 1; k <= chains[c].length; k++) {
                int a = lowerEnd(c, k - 1);
                int src = a - 1;
                int left = position(src, lowerEnd(c, k));
                int step = time[c][k] - 1;
                boolean current = left + 1 >= time[src].length || time[src][left + 1] - 1 >= step;
                Op op = Op.combine(c, src);
                if (!current) op = op.withSrcStep(left == 0 ? Op.INPUT : time[src][left] - 1);
                ops.get(step).add(op);
            }
        }
        List<Step> list = new ArrayList<>();
        for (List<Op> s : ops) list.add(new Step(s));
        return Network.of(n, list, model);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PrefixChains p && Arrays.deepEquals(p.chains, chains);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(chains);
    }

    @Override
    public String toString() {
        return "chains" + Arrays.deepToString(chains);
    }
}
