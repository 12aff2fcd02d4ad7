package org.entangle.banks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.OpKind;
import org.entangle.network.Step;
import org.entangle.network.eval.Monoid;
import org.entangle.network.eval.SequentialScan;

/**
 * Whether a remapped layout still computes the scan: the in-place network runs on a shared-memory array of
 * {@link IndexRemap#footprint} slots in which element i lives at slot(i) (what a kernel does when it writes
 * {@code s[slot(i)]} for every {@code x[i]}): each step reads all its operands, then writes, and an op's operands
 * keep the order of their indices (the README's op semantics), only their addresses move. Values are strings
 * under concatenation (associative, not commutative), read back at slot(i) and compared with the sequential
 * scan. A remap that sends two indices to one slot mixes their values and fails.
 */
public final class RemapCheck {

    private RemapCheck() {
    }

    public static boolean preserves(Network network, IndexRemap remap) {
        int n = network.width();
        if (!remap.injectiveUpTo(n) || remap.footprint(n) > Integer.MAX_VALUE) return false;
        Monoid<String> concat = Monoid.CONCAT;
        String[] memory = new String[(int) remap.footprint(n)];
        Arrays.fill(memory, concat.identity());
        Random random = new Random(n);
        List<String> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            values.add(Character.toString('a' + random.nextInt(26)) + i + ";");
            memory[slot(remap, i)] = values.get(i);
        }
        for (Step step : network.steps()) {
            String[] before = memory.clone();
            for (Op op : step.ops()) {
                if (op.readsOlderValue()) throw new IllegalArgumentException("a circuit-model network has no shared-memory layout");
                apply(op, remap, before, memory, concat);
            }
        }
        List<String> readBack = new ArrayList<>(n);
        for (int i = 0; i < n; i++) readBack.add(memory[slot(remap, i)]);
        return SequentialScan.agrees(network.spec(), values, concat, readBack);
    }

    private static void apply(Op op, IndexRemap remap, String[] before, String[] memory, Monoid<String> m) {
        int d = slot(remap, op.dst());
        if (op.kind() == OpKind.IDENTITY) {
            memory[d] = m.identity();
            return;
        }
        int s = slot(remap, op.src());
        boolean dstLower = op.dst() < op.src();
        if (op.kind() == OpKind.COPY) {
            memory[d] = before[s];
        } else if (op.kind() == OpKind.COMBINE) {
            memory[d] = dstLower ? m.combine(before[d], before[s]) : m.combine(before[s], before[d]);
        } else {
            memory[s] = before[d];
            memory[d] = dstLower ? m.combine(before[s], before[d]) : m.combine(before[d], before[s]);
        }
    }

    private static int slot(IndexRemap remap, int i) {
        return (int) remap.map(i);
    }
}
