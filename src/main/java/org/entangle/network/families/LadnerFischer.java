package org.entangle.network.families;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.Op;

/**
 * Ladner and Fischer's recursive family P_k (R. E. Ladner and M. J. Fischer, "Parallel prefix computation",
 * JACM 27(4), 1980). P_0(m) computes the left 2^(⌈log2 m⌉−1) wires (half of them when m is a power of two) with P_1 and the
 * remaining wires with P_0, then
 * combines the left total into every right wire; P_k(m), k ≥ 1, combines neighbouring pairs, runs P_(k−1) on
 * the odd wires, and fixes up the even wires. P_k has depth ⌈log2 n⌉ + k and trades depth for size (P_0 at
 * n = 16, 32, 64: sizes 31, 74, 168). Built as a sequence of ops and compacted into its ASAP schedule.
 */
public final class LadnerFischer implements NetworkFamily {

    @Override
    public String name() {
        return "ladner-fischer";
    }

    @Override
    public String citation() {
        return "R. E. Ladner, M. J. Fischer, Parallel prefix computation, J. ACM 27(4), 1980";
    }

    @Override
    public String parameterMeaning() {
        return "k ≥ 0: P_k has depth ⌈log2 n⌉ + k";
    }

    @Override
    public Network build(int n, int param) {
        if (param < 0) {
            throw new IllegalArgumentException("Ladner–Fischer's k must be at least 0, got " + param);
        }
        Steps steps = new Steps(n);
        List<Integer> wires = new ArrayList<>(n);
        for (int i = 0; i < n; i++) wires.add(i);
        emit(steps, wires, param);
        return steps.buildAsap();
    }

    private static void emit(Steps steps, List<Integer> wires, int k) {
        int m = wires.size();
        if (m <= 1) return;
        if (k == 0) {
            int leftSize = Integer.highestOneBit(m - 1);
            List<Integer> left = wires.subList(0, leftSize);
            List<Integer> right = wires.subList(leftSize, m);
            emit(steps, left, 1);
            emit(steps, right, 0);
            int total = left.get(left.size() - 1);
            for (int r : right) steps.sequential(Op.combine(r, total));
            return;
        }
        List<Integer> odd = new ArrayList<>();
        for (int j = 1; j < m; j += 2) {
            steps.sequential(Op.combine(wires.get(j), wires.get(j - 1)));
            odd.add(wires.get(j));
        }
        emit(steps, odd, k - 1);
        for (int j = 2; j < m; j += 2) {
            steps.sequential(Op.combine(wires.get(j), wires.get(j - 1)));
        }
    }
}
