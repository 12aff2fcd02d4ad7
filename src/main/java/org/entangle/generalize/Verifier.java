package org.entangle.generalize;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.ScanSpec;
import org.entangle.network.check.CheckResult;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import org.entangle.work.CancellationToken;

/**
 * Verifies a parametric algorithm for every N of a list: instantiates its network at each N, checks it with
 * {@link RangeChecker} against the spec, measures it, stops at the first failure, and fits size, depth and
 * steps to closed forms (the generalisation step: verify on many N). The N are independent, so they may be
 * tried on several threads; the result is the same as trying them one by one in the order given (the first
 * failure is the first in that order, and nothing after it is reported).
 */
public final class Verifier {

    private Verifier() {
    }

    /** What trying one N gave: its row, the failure when it failed, or what the instantiation threw. */
    private record Tried(Verification.Row row, Verification.Failure failure, Throwable thrown) {
    }

    /**
     * Verifies a program ({@code entangle verify PROGRAM}): its network at every N ({@link ProgramInstances#at})
     * against the program's own assertion, on {@code threads} threads. A {@link org.entangle.lang.LangError} of
     * the program, or {@link org.entangle.work.SearchCancelled} once {@code cancel} fires, propagates.
     */
    public static Verification verify(Program program, List<Integer> ns, CancellationToken cancel, int threads) {
        return verify(n -> ProgramInstances.at(program, n, cancel), ns, null, () -> false, threads);
    }

    /** {@link #verify(IntFunction, List, ScanSpec, BooleanSupplier, int)} on the calling thread alone. */
    public static Verification verify(IntFunction<Network> instantiate, List<Integer> ns, ScanSpec spec, BooleanSupplier cancelled) {
        return verify(instantiate, ns, spec, cancelled, 1);
    }

    /**
     * @param instantiate N → the algorithm's network at N; may throw {@link IllegalArgumentException} or
     *                    {@link IllegalStateException} (reported as a failure); must be safe to call from several
     *                    threads at once when {@code threads} &gt; 1
     * @param ns          the N to try, in the order given
     * @param spec        what every network must compute, or null for the spec each network carries (a program's assertion)
     * @param cancelled   polled before each N; when true, verification stops with the N before the first one not tried
     * @param threads     how many threads try N at once (the caller's thread is one of them)
     */
    public static Verification verify(IntFunction<Network> instantiate, List<Integer> ns, ScanSpec spec, BooleanSupplier cancelled,
                                      int threads) {
        Tried[] tried = new Tried[ns.size()];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger firstBad = new AtomicInteger(ns.size());
        Runnable work = () -> {
            for (int i = next.getAndIncrement(); i < firstBad.get(); i = next.getAndIncrement()) {
                if (cancelled.getAsBoolean()) {
                    firstBad.accumulateAndGet(i, Math::min);
                    return;
                }
                tried[i] = tryOne(instantiate, ns.get(i), spec);
                if (tried[i].failure() != null || tried[i].thrown() != null) firstBad.accumulateAndGet(i + 1, Math::min);
            }
        };
        List<Thread> helpers = new ArrayList<>();
        for (int t = 1; t < Math.min(threads, ns.size()); t++) {
            Thread helper = new Thread(work, "entangle-verify-" + t);
            helper.setDaemon(true);
            helper.start();
            helpers.add(helper);
        }
        work.run();
        for (Thread helper : helpers) {
            try {
                helper.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while verifying");
            }
        }
        return collect(tried);
    }

    private static Tried tryOne(IntFunction<Network> instantiate, int n, ScanSpec spec) {
        Network network;
        try {
            network = instantiate.apply(n);
        } catch (ProgramInstances.NoNetwork e) {
            Network written = e.written();
            CheckResult check = e.complete() ? RangeChecker.check(written, spec == null ? written.spec() : spec) : null;
            return new Tried(new Verification.Row(n, false, 0, 0, 0), new Verification.Failure(n, written, check, "N = " + n + ": " + e.getMessage()), null);
        } catch (IllegalArgumentException | IllegalStateException e) {
            return new Tried(new Verification.Row(n, false, 0, 0, 0), new Verification.Failure(n, null, null, "N = " + n + ": " + e.getMessage()), null);
        } catch (RuntimeException | Error e) {
            return new Tried(null, null, e);
        }
        CheckResult check = RangeChecker.check(network, spec == null ? network.spec() : spec);
        NetworkMetrics m = Metrics.of(network);
        Verification.Row row = new Verification.Row(n, check.correct(), m.size(), m.depth(), network.withoutEmptySteps().stepCount());
        Verification.Failure failure = check.correct() ? null : new Verification.Failure(n, network, check, "N = " + n + ": " + check.failure().message());
        return new Tried(row, failure, null);
    }

    /** The rows in the order given, up to the first failure (or the first N not tried). */
    private static Verification collect(Tried[] tried) {
        List<Verification.Row> rows = new ArrayList<>();
        Map<Integer, Long> sizes = new LinkedHashMap<>();
        Map<Integer, Long> depths = new LinkedHashMap<>();
        Map<Integer, Long> steps = new LinkedHashMap<>();
        Verification.Failure failure = null;
        for (Tried t : tried) {
            if (t == null) break;
            if (t.thrown() instanceof Error e) throw e;
            if (t.thrown() != null) throw (RuntimeException) t.thrown();
            rows.add(t.row());
            if (t.failure() != null) {
                failure = t.failure();
                break;
            }
            sizes.put(t.row().n(), (long) t.row().size());
            depths.put(t.row().n(), (long) t.row().depth());
            steps.put(t.row().n(), (long) t.row().steps());
        }
        return new Verification(rows, Optional.ofNullable(failure), ClosedForm.fit(sizes), ClosedForm.fit(depths), ClosedForm.fit(steps));
    }
}
