package org.entangle.network.check;

import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.Network;
import org.entangle.network.NetworkInterpreter;
import org.entangle.network.Op;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.ValueAlgebra;

/**
 * The exact checker of the range semantics: runs a network on symbolic inputs (ranges for associative operators, index
 * sets for commutative and idempotent ones) and compares every output with the range its spec requires. A
 * network passes iff it computes the spec for <em>every</em> operator of the algebra, because the symbolic
 * algebra is the free one. When it fails, the result names the first wrong output wire and, if that wire is
 * dead, the op (step and index) where its value died.
 */
public final class RangeChecker {

    private RangeChecker() {
    }

    /** Checks the network against the spec it carries. */
    public static CheckResult check(Network network) {
        return check(network, network.spec());
    }

    /** Checks the network against {@code spec}. */
    public static CheckResult check(Network network, ScanSpec spec) {
        ValueAlgebra<SymbolicValue> algebra = algebraFor(spec.algebra());
        Map<SymbolicValue.Dead, int[]> deathSites = new IdentityHashMap<>();
        Map<SymbolicValue.Dead, Op> deathOps = new IdentityHashMap<>();
        List<SymbolicValue> outputs = NetworkInterpreter.run(network, algebra, (step, index, op, left, right, result) -> {
            if (result instanceof SymbolicValue.Dead dead && !deathSites.containsKey(dead)) {
                deathSites.put(dead, new int[] {step, index});
                deathOps.put(dead, op);
            }
        });
        int wire = firstWrongWire(spec, outputs);
        if (wire >= 0) {
            SymbolicValue expected = expected(spec, outputs.size(), wire);
            SymbolicValue actual = outputs.get(wire);
            CheckResult.Failure failure;
            if (actual instanceof SymbolicValue.Dead dead) {
                int[] site = deathSites.get(dead);
                Op op = deathOps.get(dead);
                failure = new CheckResult.Failure(site[0], site[1], op, wire, actual.describe(), expected.describe(),
                        "step " + site[0] + ", op " + site[1] + " (" + op + "): " + dead.why()
                                + "; wire " + wire + " ends dead, expected " + expected.describe());
            } else {
                failure = new CheckResult.Failure(-1, -1, null, wire, actual.describe(), expected.describe(),
                        "wire " + wire + " ends with " + actual.describe() + ", expected " + expected.describe());
            }
            return new CheckResult(false, spec, network.model(), outputs, failure);
        }
        return new CheckResult(true, spec, network.model(), outputs, null);
    }

    /** The first wire, in {@link #requiredWires} order, whose final value is not what {@code spec} requires, or −1. */
    private static int firstWrongWire(ScanSpec spec, List<SymbolicValue> outputs) {
        int n = outputs.size();
        for (int wire : requiredWires(spec, n)) {
            if (!matches(expected(spec, n, wire), outputs.get(wire))) return wire;
        }
        return -1;
    }

    /** The symbolic algebra of an operator class. */
    public static ValueAlgebra<SymbolicValue> algebraFor(Algebra algebra) {
        return switch (algebra) {
            case ASSOCIATIVE -> new RangeAlgebra();
            case COMMUTATIVE -> new SetAlgebra(false);
            case IDEMPOTENT -> new SetAlgebra(true);
        };
    }

    private static int[] requiredWires(ScanSpec spec, int n) {
        if (spec.kind() == ResultKind.REDUCE) {
            return new int[] {spec.direction() == Direction.FORWARD ? n - 1 : 0};
        }
        int[] all = new int[n];
        for (int i = 0; i < n; i++) all[i] = i;
        return all;
    }

    /** The value wire {@code wire} must end with under {@code spec}, as a range (sets compare by content). */
    public static SymbolicValue expected(ScanSpec spec, int n, int wire) {
        boolean forward = spec.direction() == Direction.FORWARD;
        int lo;
        int hi;
        switch (spec.kind()) {
            case INCLUSIVE -> {
                lo = forward ? 0 : wire;
                hi = forward ? wire : n - 1;
            }
            case EXCLUSIVE -> {
                lo = forward ? 0 : wire + 1;
                hi = forward ? wire - 1 : n - 1;
            }
            case REDUCE -> {
                lo = 0;
                hi = n - 1;
            }
            default -> throw new IllegalStateException();
        }
        return lo > hi ? SymbolicValue.EMPTY : new SymbolicValue.Range(lo, hi);
    }

    private static boolean matches(SymbolicValue expected, SymbolicValue actual) {
        if (actual instanceof SymbolicValue.Indices indices && expected instanceof SymbolicValue.Range range) {
            BitSet want = new BitSet();
            want.set(range.lo(), range.hi() + 1);
            return want.equals(indices.set());
        }
        return expected.equals(actual);
    }
}
