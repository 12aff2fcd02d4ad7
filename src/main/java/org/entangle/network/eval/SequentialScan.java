package org.entangle.network.eval;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import org.entangle.network.Direction;
import org.entangle.network.ScanSpec;

/**
 * The reference a network's evaluation is compared with: the scan computed by one sequential loop, written
 * independently of any network (Blelloch 1990, "Prefix sums and their applications", §1). Forward inclusive:
 * {@code out[i] = x[0] ⊕ … ⊕ x[i]}; exclusive: {@code x[0] ⊕ … ⊕ x[i−1]} (the identity at wire 0);
 * backward: {@code x[i] ⊕ … ⊕ x[n−1]} (inclusive) or {@code x[i+1] ⊕ … ⊕ x[n−1]} (exclusive); reduction: only
 * the last wire (forward) or wire 0 (backward) is required, holding the total. Operands keep index order.
 */
public final class SequentialScan {

    private SequentialScan() {
    }

    /** The value each wire must end with under {@code spec}; null for wires the spec leaves free. */
    public static <T> List<T> expected(ScanSpec spec, List<T> inputs, Monoid<T> monoid) {
        int n = inputs.size();
        List<T> out = new ArrayList<>(Collections.nCopies(n, null));
        boolean forward = spec.direction() == Direction.FORWARD;
        T acc = monoid.identity();
        for (int k = 0; k < n; k++) {
            int i = forward ? k : n - 1 - k;
            T before = acc;
            acc = forward ? monoid.combine(acc, inputs.get(i)) : monoid.combine(inputs.get(i), acc);
            switch (spec.kind()) {
                case INCLUSIVE -> out.set(i, acc);
                case EXCLUSIVE -> out.set(i, before);
                case REDUCE -> {
                    if (k == n - 1) out.set(i, acc);
                }
                default -> throw new IllegalStateException(spec.kind().toString());
            }
        }
        return out;
    }

    /** Whether {@code outputs} agree with the sequential scan on every wire the spec constrains. */
    public static <T> boolean agrees(ScanSpec spec, List<T> inputs, Monoid<T> monoid, List<T> outputs) {
        List<T> expected = expected(spec, inputs, monoid);
        for (int i = 0; i < expected.size(); i++) {
            if (expected.get(i) != null && !Objects.equals(expected.get(i), outputs.get(i))) return false;
        }
        return true;
    }
}
