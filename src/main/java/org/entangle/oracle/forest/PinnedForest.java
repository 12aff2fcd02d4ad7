package org.entangle.oracle.forest;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import org.entangle.oracle.UniformDraw;
import org.entangle.oracle.space.SpaceSpec;
import org.entangle.work.CancellationToken;

/**
 * The talk's program with pinned intermediate states (the Scan6 experiments pinned the middle state to Brent–Kung's
 * up-sweep). The steps up to the last pin are labelled walks between pinned states ({@link PinnedBridge}); after it
 * the wires form a forest of hanging trees that {@link ForestCounts} counts, samples and streams as for an unpinned
 * space. A trace is a walk through every pin followed by a trace of that forest, so the count is a product of
 * op polynomials, and a sample draws the ops, then each walk, then the forest's trace. Pins must be states of the
 * in-place model: each wire's range ends at the wire itself ({@link #lo}).
 */
final class PinnedForest {

    private final int width;
    private final int steps;
    private final int maxOps;
    private final int[] pinSteps;
    private final int[][] pinned;
    private final TreeTable table = new TreeTable();
    private Parts parts;

    PinnedForest(SpaceSpec spec) {
        this.width = spec.width();
        this.steps = spec.steps();
        this.maxOps = spec.maxOps();
        this.pinSteps = new int[spec.pinned().size()];
        this.pinned = new int[pinSteps.length][];
        int i = 0;
        for (Map.Entry<Integer, long[]> e : spec.pinned().entrySet()) {
            pinSteps[i] = e.getKey();
            pinned[i++] = lo(e.getValue(), spec.backward());
        }
    }

    /** Whether every pinned state of {@code spec} is a state of the in-place model. */
    static boolean supports(SpaceSpec spec) {
        for (long[] masks : spec.pinned().values()) if (lo(masks, spec.backward()) == null) return false;
        return true;
    }

    /**
     * Each wire's lo in the forward model for a pinned state given as range masks in the spec's wire order
     * (mirrored when backward), or null when some wire's range is not {@code [lo, w]}.
     */
    static int[] lo(long[] masks, boolean backward) {
        int n = masks.length;
        int[] lo = new int[n];
        for (int i = 0; i < n; i++) {
            long m = masks[i];
            if (m == 0) return null;
            int low = Long.numberOfTrailingZeros(m);
            int high = 63 - Long.numberOfLeadingZeros(m);
            if (Long.bitCount(m) != high - low + 1) return null;
            int w = backward ? n - 1 - i : i;
            int first = backward ? n - 1 - high : low;
            int last = backward ? n - 1 - low : high;
            if (last != w) return null;
            lo[w] = first;
        }
        return lo;
    }

    /** The walks' memo entries and the forest's trees and memo entries: the engine's memory, in its own units. */
    String memory() {
        if (parts == null) return "nothing counted";
        long walks = 0;
        for (PinnedBridge b : parts.bridges) walks += b.entries();
        return String.format(java.util.Locale.ROOT, "%,d pinned-walk states, %,d trees, %,d memo entries", walks, table.count(),
                parts.counts == null ? 0 : parts.counts.entries());
    }

    /** The exact number of safe traces. */
    BigInteger count(CancellationToken cancel) {
        Parts parts = parts(cancel);
        BigInteger total = BigInteger.ZERO;
        for (int k = 0; k <= maxOps; k++) total = total.add(parts.weightWithPrefixOps(k));
        return total;
    }

    /** {@code k} uniform traces ({@code source[step][wire]}, forward), drawn with {@code seed}; empty when there is none. */
    List<int[][]> sample(int k, long seed, CancellationToken cancel) {
        Parts parts = parts(cancel);
        List<int[][]> out = new ArrayList<>();
        Random random = new Random(seed);
        ForestSampler suffix = parts.counts == null ? null : new ForestSampler(parts.counts, seed + 1);
        if (count(cancel).signum() == 0) return out;
        List<int[]> opsSplits = new ArrayList<>();
        List<BigInteger> weights = new ArrayList<>();
        for (int prefixOps = 0; prefixOps <= maxOps; prefixOps++) {
            for (int extra = 0; extra <= Math.min(parts.suffix.degree(), maxOps - prefixOps - parts.incompleteAtLast); extra++) {
                opsSplits.add(new int[] {prefixOps, extra});
                weights.add(parts.prefix.coefficient(prefixOps).multiply(parts.suffix.coefficient(extra)));
            }
        }
        for (int i = 0; i < k; i++) {
            cancel.throwIfCancelled();
            int[] ops = opsSplits.get(UniformDraw.index(weights, random));
            int prefixOps = ops[0];
            int extra = ops[1];
            int[][] source = new int[steps][width];
            for (int[] row : source) Arrays.fill(row, -1);
            int[] lo = identity();
            int left = prefixOps;
            for (int s = 0; s < parts.bridges.length; s++) {
                int walkOps = OpSplits.draw(Arrays.asList(parts.bridgeWays), s, left, maxOps, random);
                lo = walk(parts.bridges[s], lo, s == 0 ? 0 : pinSteps[s - 1], walkOps, source, random);
                left -= walkOps;
            }
            if (suffix != null) suffix.sampleForest(forest(lo), pinSteps[pinSteps.length - 1], extra, source);
            out.add(source);
        }
        return out;
    }

    /** Streams every safe trace to {@code sink} until it returns false; returns whether all were streamed. */
    boolean enumerate(Predicate<int[][]> sink, CancellationToken cancel) {
        Parts parts = parts(cancel);
        int[][] rows = new int[steps][];
        boolean[] stopped = {false};
        segment(parts, 0, identity(), 0, rows, (lo, ops) -> {
            if (stopped[0]) return;
            int extraLeft = maxOps - ops - incomplete(lo);
            if (extraLeft < 0) return;
            int last = pinSteps[pinSteps.length - 1];
            ForestEnumerator e = new ForestEnumerator(table, steps, width, sink, cancel);
            for (int s = 0; s < last; s++) e.fixRow(s, rows[s]);
            if (!e.run(forest(lo), last, extraLeft)) stopped[0] = true;
        });
        return !stopped[0];
    }

    private void segment(Parts parts, int s, int[] lo, int ops, int[][] rows, PinnedBridge.WalkSink end) {
        if (s == parts.bridges.length) {
            end.accept(lo, ops);
            return;
        }
        parts.bridges[s].forEachWalk(lo, s == 0 ? 0 : pinSteps[s - 1], rows, ops, (next, total) -> segment(parts, s + 1, next, total, rows, end));
    }

    /** Draws a walk of exactly {@code ops} ops through {@code bridge} from {@code lo} before {@code step}; returns its end. */
    private static int[] walk(PinnedBridge bridge, int[] lo, int step, int ops, int[][] source, Random random) {
        int[] here = lo;
        for (int t = step; t < bridge.lastStep(); t++) {
            List<int[]> nexts = new ArrayList<>();
            List<BigInteger> weights = new ArrayList<>();
            int left = ops;
            int tt = t;
            bridge.forEachStep(here, (next, k) -> {
                OpPolynomial rest = k > left ? null : bridge.ways(next, tt + 1);
                BigInteger w = rest == null ? BigInteger.ZERO : rest.coefficient(left - k);
                if (w.signum() > 0) {
                    nexts.add(next.clone());
                    weights.add(w);
                }
            });
            int[] next = nexts.get(UniformDraw.index(weights, random));
            source[t] = PinnedBridge.row(here, next);
            ops -= jumps(here, next);
            here = next;
        }
        return here;
    }

    private static int jumps(int[] lo, int[] next) {
        int k = 0;
        for (int w = 0; w < lo.length; w++) if (next[w] != lo[w]) k++;
        return k;
    }

    private int[] identity() {
        int[] lo = new int[width];
        for (int w = 0; w < width; w++) lo[w] = w;
        return lo;
    }

    private static int incomplete(int[] lo) {
        int m = 0;
        for (int v : lo) if (v > 0) m++;
        return m;
    }

    /** The hanging trees of a state: each incomplete wire points at wire {@code lo − 1}; trees hang from complete wires. */
    List<HangingTree> forest(int[] lo) {
        int n = lo.length;
        int[] id = new int[n];
        List<List<Integer>> kids = new ArrayList<>();
        for (int w = 0; w < n; w++) kids.add(new ArrayList<>());
        for (int w = n - 1; w >= 0; w--) {
            if (lo[w] == 0) continue;
            int[] childIds = kids.get(w).stream().mapToInt(c -> id[c]).toArray();
            id[w] = table.intern(childIds, childIds.length);
            kids.get(lo[w] - 1).add(w);
        }
        List<HangingTree> trees = new ArrayList<>();
        for (int w = 0; w < n; w++) {
            if (lo[w] == 0 || lo[lo[w] - 1] != 0) continue;
            List<Integer> order = new ArrayList<>(List.of(w));
            for (int k = 0; k < order.size(); k++) {
                List<Integer> c = new ArrayList<>(kids.get(order.get(k)));
                c.sort((a, b) -> Integer.compare(id[a], id[b]));
                order.addAll(c);
            }
            trees.add(new HangingTree(id[w], order.stream().mapToInt(Integer::intValue).toArray(), lo[w] - 1));
        }
        return trees;
    }

    private Parts parts(CancellationToken cancel) {
        if (parts == null) parts = new Parts(cancel);
        return parts;
    }

    /** The walks' and the forest's op polynomials. */
    private final class Parts {
        final PinnedBridge[] bridges = new PinnedBridge[pinSteps.length];
        final OpPolynomial[] bridgeWays = new OpPolynomial[pinSteps.length];
        final OpPolynomial prefix;
        final OpPolynomial suffix;
        final int incompleteAtLast;
        final ForestCounts counts;

        Parts(CancellationToken cancel) {
            int[] lo = identity();
            OpPolynomial p = OpPolynomial.monomial(0, maxOps);
            for (int s = 0; s < pinSteps.length; s++) {
                bridges[s] = new PinnedBridge(pinned[s], pinSteps[s], maxOps, cancel);
                bridgeWays[s] = bridges[s].ways(lo, s == 0 ? 0 : pinSteps[s - 1]);
                p = OpPolynomial.product(p, bridgeWays[s]);
                lo = pinned[s];
            }
            prefix = p;
            incompleteAtLast = incomplete(lo);
            int lowest = p == null ? -1 : p.lowest();
            int maxExtra = lowest < 0 ? -1 : maxOps - lowest - incompleteAtLast;
            if (maxExtra < 0) {
                suffix = null;
                counts = null;
                return;
            }
            counts = new ForestCounts(table, maxExtra, cancel);
            OpPolynomial s = OpPolynomial.monomial(0, maxExtra);
            for (HangingTree t : forest(lo)) s = OpPolynomial.product(s, counts.ways(t.id(), steps - pinSteps[pinSteps.length - 1]));
            suffix = s;
        }

        /** The traces whose walks use exactly {@code k} ops. */
        BigInteger weightWithPrefixOps(int k) {
            if (prefix == null || suffix == null) return BigInteger.ZERO;
            BigInteger after = BigInteger.ZERO;
            for (int e = 0; e <= Math.min(suffix.degree(), maxOps - k - incompleteAtLast); e++) after = after.add(suffix.coefficient(e));
            return prefix.coefficient(k).multiply(after);
        }
    }
}
