package org.entangle.network.families;

import org.entangle.network.Algebra;
import org.entangle.network.Network;
import org.entangle.network.ScanSpec;

/**
 * Knowles' family between Kogge–Stone and the Sklansky shape (S. Knowles, "A family of adders", 14th IEEE
 * Symposium on Computer Arithmetic, 1999): every level has Kogge–Stone's ops, but at level l (distance 2^l)
 * groups of f_l consecutive wires share one source, wire i combining with ((i − 2^l) | (f_l − 1)), which
 * lowers wiring at the cost of fan-out. This implementation takes the lateral fan-out f_l = 2^min(l, p): p = 0
 * is Kogge–Stone exactly; p ≥ 1 lets operands overlap, which carry computation tolerates because its
 * operator is idempotent, so those members are declared (and checked) for idempotent operators.
 */
public final class Knowles implements NetworkFamily {

    @Override
    public String name() {
        return "knowles";
    }

    @Override
    public String citation() {
        return "S. Knowles, A family of adders, 14th IEEE Symposium on Computer Arithmetic, 1999";
    }

    @Override
    public String parameterMeaning() {
        return "p ≥ 0: the lateral fan-out at level l is 2^min(l, p); 0 gives Kogge–Stone";
    }

    @Override
    public int defaultParameter() {
        return 1;
    }

    @Override
    public Network build(int n, int param) {
        if (param < 0) {
            throw new IllegalArgumentException("Knowles' fan-out exponent must be at least 0, got " + param);
        }
        Steps steps = new Steps(n);
        int level = 0;
        for (int distance = 1; distance < n; distance *= 2, level++) {
            int group = 1 << Math.min(level, param);
            steps.step();
            for (int i = distance; i < n; i++) {
                steps.combineIfInRange(i, (i - distance) | (group - 1));
            }
        }
        Network network = steps.build();
        return param == 0 ? network : network.withSpec(ScanSpec.INCLUSIVE.withAlgebra(Algebra.IDEMPOTENT));
    }
}
