package org.entangle.oracle.optimize;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.ScanSpec;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.families.Families;
import org.entangle.network.families.NetworkFamily;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;

/**
 * Exact size minimisation of forward prefix circuits (Ladner and Fischer 1980) in both memory models, by iterative
 * deepening on the size with {@link ChainSearch}: targets rise from a lower bound, every "no" is a proof, and the
 * first "yes" is optimal. The lower bounds are Snir's (size + depth ≥ 2n − 2, Snir 1986) and the minima of all
 * narrower widths at the same depth, which this class computes first by the same search (a table that the
 * proof builds, not one it is given). In the in-place model the circuit minima are valid lower bounds and every
 * candidate must also have an in-place schedule within the step count.
 */
public final class PrefixOptimizer {

    /** Progress reports: the size target being tried and the bound proven so far. */
    public record Progress(int width, int depth, int target, double seconds, long nodes) {
    }

    private final SearchControl control;
    private final Consumer<Progress> progress;

    public PrefixOptimizer(SearchControl control, Consumer<Progress> progress) {
        this.control = control;
        this.progress = progress == null ? p -> { } : progress;
    }

    /** Smallest circuit of width n whose depth (circuit) or step count (in-place) is at most {@code depth}. */
    public OptimizeResult minSize(int n, int depth, MemoryModel model, int maxFanout) {
        String impossible = impossibility(n, depth);
        if (impossible != null) {
            return new OptimizeResult(n, model, depth, -1, Integer.MAX_VALUE, true, null, control.elapsedSeconds(),
                    control.nodes(), impossible);
        }
        if (n == 1) {
            return new OptimizeResult(1, model, 0, 0, 0, true, Network.of(1, List.of(), model),
                    control.elapsedSeconds(), control.nodes(), null);
        }
        int[] minimum = new int[n + 1];
        for (int p = 1; p < n; p++) minimum[p] = widthMinimum(p, depth, minimum);
        return iterate(n, depth, model, maxFanout, minimum, snir(n, depth));
    }

    /** Lowest depth (circuit) or step count (in-place) of a circuit with at most {@code maxOps} ops. */
    public OptimizeResult minDepth(int n, int maxOps, MemoryModel model, int maxFanout) {
        if (maxOps < n - 1) {
            return new OptimizeResult(n, model, -1, -1, n - 1, true, null, control.elapsedSeconds(), control.nodes(),
                    "every prefix circuit of width " + n + " needs at least n − 1 = " + (n - 1) + " ops");
        }
        for (int d = ceilLog2(n); d <= Math.max(n - 1, 0); d++) {
            if (snir(n, d) > maxOps) continue;
            OptimizeResult r = minSize(n, d, model, maxFanout);
            if (r.size() >= 0 && r.size() <= maxOps && r.optimal()) return r;
            if (control.stopped()) {
                return new OptimizeResult(n, model, d, r.size() <= maxOps ? r.size() : -1, r.lowerBound(), false,
                        r.size() <= maxOps ? r.network() : null, control.elapsedSeconds(), control.nodes(),
                        "stopped at depth " + d + " before the search completed");
            }
        }
        return new OptimizeResult(n, model, -1, -1, Integer.MAX_VALUE, true, null, control.elapsedSeconds(),
                control.nodes(), "no circuit of width " + n + " has at most " + maxOps + " ops");
    }

    /**
     * The Pareto front over (size, depth, max fan-out): for every depth from ⌈log2 n⌉ to n − 1 the smallest size,
     * then for tighter fan-out limits the smallest size under each, keeping only points no other point dominates.
     */
    public List<OptimizeResult> pareto(int n, MemoryModel model) {
        List<OptimizeResult> points = new ArrayList<>();
        for (int d = ceilLog2(n); d <= Math.max(0, n - 1); d++) {
            OptimizeResult free = minSize(n, d, model, 0);
            if (free.network() == null) continue;
            addIfUndominated(points, free);
            int fanout = Metrics.of(free.network()).maxFanout();
            for (int f = fanout - 1; f >= 1 && !control.stopped(); f--) {
                OptimizeResult limited = minSize(n, d, model, f);
                if (limited.network() == null) break;
                addIfUndominated(points, limited);
            }
            if (control.stopped()) break;
        }
        points.sort((a, b) -> a.depth() != b.depth() ? Integer.compare(a.depth(), b.depth())
                : Integer.compare(a.size(), b.size()));
        return points;
    }

    private static void addIfUndominated(List<OptimizeResult> points, OptimizeResult p) {
        int[] q = key(p);
        for (OptimizeResult o : points) if (dominates(key(o), q) || java.util.Arrays.equals(key(o), q)) return;
        points.removeIf(o -> dominates(q, key(o)));
        points.add(p);
    }

    /** (size, depth, max fan-out); in the in-place model the depth is the step count. */
    private static int[] key(OptimizeResult r) {
        NetworkMetrics m = Metrics.of(r.network());
        int depth = r.model() == MemoryModel.IN_PLACE ? Math.max(m.depth(), m.steps()) : m.depth();
        return new int[] {r.size(), depth, m.maxFanout()};
    }

    private static boolean dominates(int[] a, int[] b) {
        boolean strict = false;
        for (int i = 0; i < a.length; i++) {
            if (a[i] > b[i]) return false;
            if (a[i] < b[i]) strict = true;
        }
        return strict;
    }

    /** Why no circuit of width n has depth ≤ d, or null when one does. */
    public static String impossibility(int n, int depth) {
        if (n >= 2 && depth < ceilLog2(n)) {
            return "depth " + depth + " is below log2 n: the last output combines " + n
                    + " inputs, which needs depth at least ⌈log2 " + n + "⌉ = " + ceilLog2(n);
        }
        return null;
    }

    private int widthMinimum(int p, int depth, int[] minimum) {
        if (p <= 1) return 0;
        if (depth >= p - 1) return p - 1;
        OptimizeResult r = iterate(p, depth, MemoryModel.CIRCUIT, 0, minimum, snir(p, depth));
        return r.optimal() ? r.size() : r.lowerBound();
    }

    private OptimizeResult iterate(int n, int depth, MemoryModel model, int maxFanout, int[] minimum, int snir) {
        int target = Math.max(snir, n - 1);
        for (int p = 1; p < n; p++) target = Math.max(target, minimum[p] + (n - p));
        ChainSearch search = new ChainSearch(n, depth, model, maxFanout, minimum, control);
        while (true) {
            if (control.stopped()) return fallback(n, depth, model, maxFanout, target);
            progress.accept(new Progress(n, depth, target, control.elapsedSeconds(), control.nodes()));
            boolean yes = search.search(target);
            if (yes) {
                PrefixChains chains = search.found();
                return new OptimizeResult(n, model, depth, chains.size(), chains.size(), true,
                        chains.toNetwork(model, depth).withProvenance("optimize: proven minimum"),
                        control.elapsedSeconds(), control.nodes(), null);
            }
            if (search.aborted()) return fallback(n, depth, model, maxFanout, target);
            target++;
            if (target > n * (n - 1) / 2) {
                return new OptimizeResult(n, model, depth, -1, target, true, null, control.elapsedSeconds(),
                        control.nodes(), "no circuit meets the constraints");
            }
        }
    }

    /**
     * When the time runs out: the smallest classic network (every family of {@link Families}, parameters 0..8)
     * that is a forward inclusive scan within the depth and fan-out, marked not optimal.
     */
    private OptimizeResult fallback(int n, int depth, MemoryModel model, int maxFanout, int provenBelow) {
        Network best = null;
        int bestSize = Integer.MAX_VALUE;
        for (NetworkFamily family : Families.all()) {
            for (int param = 0; param <= 8; param++) {
                Network net;
                try {
                    net = Families.build(family.name(), n, param);
                    if (net.model() != model) net = net.withModel(model);
                } catch (IllegalArgumentException notThisOne) {
                    continue;
                }
                if (!RangeChecker.check(net, ScanSpec.INCLUSIVE).correct()) continue;
                NetworkMetrics m = Metrics.of(net);
                int length = model == MemoryModel.IN_PLACE ? Math.max(m.depth(), m.steps()) : m.depth();
                if (length > depth || (maxFanout > 0 && m.maxFanout() > maxFanout) || m.moves() > 0) continue;
                if (m.size() < bestSize) {
                    best = net;
                    bestSize = m.size();
                }
            }
        }
        String note = "stopped before the search completed; sizes below " + provenBelow + " are proven impossible";
        return new OptimizeResult(n, model, depth, best == null ? -1 : bestSize, provenBelow, false, best,
                control.elapsedSeconds(), control.nodes(), note);
    }

    /** Snir's bound: size ≥ 2n − 2 − depth. */
    static int snir(int n, int depth) {
        return Math.max(0, 2 * n - 2 - depth);
    }

    static int ceilLog2(int x) {
        return ChainSearch.ceilLog2(x);
    }
}
