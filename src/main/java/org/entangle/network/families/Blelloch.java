package org.entangle.network.families;

import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;

/**
 * Blelloch's work-efficient exclusive scan (G. E. Blelloch, "Prefix sums and their applications", CMU-CS-90-190,
 * 1990): an up-sweep reduction tree, the identity written into the root, and a down-sweep of swap-and-combine
 * butterflies. Every subtree covers [a, b] split into a left part whose size is the largest power of two below
 * b − a + 1, so the tree is Brent–Kung's for n = 2^L and balanced enough for any n. Size 2(n − 1), of which
 * log2 n combines (for n = 2^L) have the identity as an operand. Built as a sequence and compacted ASAP.
 */
public final class Blelloch implements NetworkFamily {

    @Override
    public String name() {
        return "blelloch";
    }

    @Override
    public String citation() {
        return "G. E. Blelloch, Prefix sums and their applications, Tech. Report CMU-CS-90-190, 1990";
    }

    @Override
    public Network build(int n, int param) {
        Steps steps = new Steps(n);
        upSweep(steps, 0, n - 1);
        steps.sequential(Op.identity(n - 1));
        downSweep(steps, 0, n - 1);
        return steps.buildAsap().withSpec(ScanSpec.INCLUSIVE.withKind(ResultKind.EXCLUSIVE));
    }

    private static int split(int a, int b) {
        return a + Integer.highestOneBit(b - a) - 1;
    }

    private static void upSweep(Steps steps, int a, int b) {
        if (a == b) return;
        int m = split(a, b);
        upSweep(steps, a, m);
        upSweep(steps, m + 1, b);
        steps.sequential(Op.combine(b, m));
    }

    private static void downSweep(Steps steps, int a, int b) {
        if (a == b) return;
        int m = split(a, b);
        steps.sequential(Op.swapCombine(b, m));
        downSweep(steps, a, m);
        downSweep(steps, m + 1, b);
    }
}
