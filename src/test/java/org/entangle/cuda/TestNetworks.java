package org.entangle.cuda;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.Step;

/** Small scan networks built by hand for the tests (every op kind appears in one of them). */
final class TestNetworks {

    private TestNetworks() {
    }

    /** Kogge–Stone (1973): in step d every wire i ≥ 2^d combines with wire i − 2^d. */
    static Network koggeStone(int n) {
        List<Step> steps = new ArrayList<>();
        for (int d = 1; d < n; d <<= 1) {
            List<Op> ops = new ArrayList<>();
            for (int i = d; i < n; i++) ops.add(Op.combine(i, i - d));
            steps.add(new Step(ops));
        }
        return Network.of(n, steps).withName("kogge-stone-" + n);
    }

    /** Sklansky (1960) for n a power of two: in step d the upper half of every 2^(d+1) block reads the lower half's last wire. */
    static Network sklansky(int n) {
        List<Step> steps = new ArrayList<>();
        for (int d = 1; d < n; d <<= 1) {
            List<Op> ops = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if ((i & d) != 0) ops.add(Op.combine(i, (i & ~(d - 1)) - 1));
            }
            steps.add(new Step(ops));
        }
        return Network.of(n, steps).withName("sklansky-" + n);
    }

    /** Blelloch (1990), exclusive, n a power of two: up-sweep, identity at the root, swap-combine down-sweep. */
    static Network blelloch(int n) {
        List<Step> steps = new ArrayList<>();
        for (int d = 1; d < n; d <<= 1) {
            List<Op> ops = new ArrayList<>();
            for (int i = 2 * d - 1; i < n; i += 2 * d) ops.add(Op.combine(i, i - d));
            steps.add(new Step(ops));
        }
        steps.add(Step.of(Op.identity(n - 1)));
        for (int d = n / 2; d >= 1; d >>= 1) {
            List<Op> ops = new ArrayList<>();
            for (int i = 2 * d - 1; i < n; i += 2 * d) ops.add(Op.swapCombine(i, i - d));
            steps.add(new Step(ops));
        }
        return Network.of(n, steps).withName("blelloch-" + n)
                .withSpec(new ScanSpec(ResultKind.EXCLUSIVE, Direction.FORWARD, Algebra.ASSOCIATIVE));
    }

    /** Kogge–Stone followed by a shift: copies down by one wire and the identity into wire 0 (exclusive). */
    static Network shiftedKoggeStone(int n) {
        List<Step> steps = new ArrayList<>(koggeStone(n).steps());
        List<Op> shift = new ArrayList<>();
        shift.add(Op.identity(0));
        for (int i = 1; i < n; i++) shift.add(Op.copy(i, i - 1));
        steps.add(new Step(shift));
        return Network.of(n, steps).withName("shifted-kogge-stone-" + n)
                .withSpec(new ScanSpec(ResultKind.EXCLUSIVE, Direction.FORWARD, Algebra.ASSOCIATIVE));
    }
}
