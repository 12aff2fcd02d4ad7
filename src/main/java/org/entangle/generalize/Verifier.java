package org.entangle.generalize;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import org.entangle.network.Network;
import org.entangle.network.ScanSpec;
import org.entangle.network.check.CheckResult;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;

/**
 * Verifies a parametric algorithm for every N of a list: instantiates its network at each N, checks it with
 * {@link RangeChecker} against the spec, measures it, stops at the first failure, and fits size, depth and
 * steps to closed forms (GUIDE §5, "verify on many N").
 */
public final class Verifier {

    private Verifier() {
    }

    /**
     * @param instantiate N → the algorithm's network at N; may throw {@link IllegalArgumentException} (reported as a failure)
     * @param ns          the N to try, in the order given
     * @param spec        what every network must compute, or null for the spec each network carries (a program's assertion)
     * @param cancelled   polled between N; when true, verification stops with what it has
     */
    public static Verification verify(IntFunction<Network> instantiate, List<Integer> ns, ScanSpec spec, BooleanSupplier cancelled) {
        List<Verification.Row> rows = new ArrayList<>();
        Map<Integer, Long> sizes = new LinkedHashMap<>();
        Map<Integer, Long> depths = new LinkedHashMap<>();
        Map<Integer, Long> steps = new LinkedHashMap<>();
        Verification.Failure failure = null;
        for (int n : ns) {
            if (cancelled.getAsBoolean()) break;
            Network network;
            try {
                network = instantiate.apply(n);
            } catch (IllegalArgumentException | IllegalStateException e) {
                rows.add(new Verification.Row(n, false, 0, 0, 0));
                failure = new Verification.Failure(n, null, null, "N = " + n + ": " + e.getMessage());
                break;
            }
            CheckResult check = RangeChecker.check(network, spec == null ? network.spec() : spec);
            NetworkMetrics m = Metrics.of(network);
            int busySteps = network.withoutEmptySteps().stepCount();
            rows.add(new Verification.Row(n, check.correct(), m.size(), m.depth(), busySteps));
            if (!check.correct()) {
                failure = new Verification.Failure(n, network, check, "N = " + n + ": " + check.failure().message());
                break;
            }
            sizes.put(n, (long) m.size());
            depths.put(n, (long) m.depth());
            steps.put(n, (long) busySteps);
        }
        return new Verification(rows, Optional.ofNullable(failure), ClosedForm.fit(sizes), ClosedForm.fit(depths), ClosedForm.fit(steps));
    }
}
