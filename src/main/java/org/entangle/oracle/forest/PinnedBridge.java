package org.entangle.oracle.forest;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.entangle.work.CancellationToken;

/**
 * The labelled steps from one state of the in-place model to a pinned one ({@link StepChoices} for the model): a
 * state is each wire's {@code lo} (wire w holds {@code [lo, w]}), a step lets any set of incomplete wires take
 * {@code lo ← lo[lo − 1]}, all reads first. Between two pinned states every wire's {@code lo} only falls, so a wire
 * may jump only where it does not fall below its pinned {@code lo}, and after the last step the state must be the
 * pinned one. Counts by ops are memoised per (state, step); walks are drawn or streamed from them. Not thread-safe.
 */
final class PinnedBridge {

    private final int[] target;
    private final int lastStep;
    private final int maxOps;
    private final CancellationToken cancel;
    private final Map<Key, OpPolynomial> memo = new HashMap<>();

    /** The walks that reach {@code target} (each wire's lo) after step {@code lastStep} (exclusive end), with at most {@code maxOps} ops. */
    PinnedBridge(int[] target, int lastStep, int maxOps, CancellationToken cancel) {
        this.target = target;
        this.lastStep = lastStep;
        this.maxOps = maxOps;
        this.cancel = cancel;
    }

    /** Memo entries so far. */
    int entries() {
        return memo.size();
    }

    /** The step before which the walks reach the target. */
    int lastStep() {
        return lastStep;
    }

    /** The walks from {@code lo} before step {@code step} to the target, by ops; null when there is none. */
    OpPolynomial ways(int[] lo, int step) {
        if (step == lastStep) return Arrays.equals(lo, target) ? OpPolynomial.monomial(0, maxOps) : null;
        Key key = new Key(lo, step);
        if (memo.containsKey(key)) return memo.get(key);
        cancel.throwIfCancelledSometimes();
        OpPolynomial[] sum = {null};
        forEachStep(lo, (next, ops) -> {
            OpPolynomial rest = ops > maxOps ? null : ways(next, step + 1);
            OpPolynomial here = OpPolynomial.product(rest, rest == null ? null : OpPolynomial.monomial(ops, maxOps));
            if (here != null) sum[0] = sum[0] == null ? here : sum[0].plus(here);
        });
        memo.put(key, sum[0]);
        return sum[0];
    }

    /** Each state one step after {@code lo} that does not pass the target, with its number of ops. */
    void forEachStep(int[] lo, StepSink sink) {
        int n = lo.length;
        int[] movers = new int[n];
        int m = 0;
        for (int w = 0; w < n; w++) if (lo[w] > target[w] && lo[lo[w] - 1] >= target[w]) movers[m++] = w;
        int[] next = lo.clone();
        for (long set = 0; set < (1L << m); set++) {
            for (int i = 0; i < m; i++) {
                int w = movers[i];
                next[w] = (set >>> i & 1) != 0 ? lo[lo[w] - 1] : lo[w];
            }
            sink.accept(next, Long.bitCount(set));
        }
    }

    /** A trace row: the wire each jumping wire reads ({@code lo − 1}), −1 for the others. */
    static int[] row(int[] lo, int[] next) {
        int[] r = new int[lo.length];
        for (int w = 0; w < lo.length; w++) r[w] = next[w] != lo[w] ? lo[w] - 1 : -1;
        return r;
    }

    /** Receives a next state (reused: copy to keep) and its ops. */
    interface StepSink {
        void accept(int[] next, int ops);
    }

    /** Streams every walk from {@code lo} before {@code step} as its rows, {@code rows[step..lastStep)}. */
    void forEachWalk(int[] lo, int step, int[][] rows, int ops, WalkSink sink) {
        if (ways(lo, step) == null) return;
        if (step == lastStep) {
            sink.accept(lo, ops);
            return;
        }
        forEachStep(lo, (next, k) -> {
            int[] copy = next.clone();
            if (ways(copy, step + 1) == null) return;
            rows[step] = row(lo, copy);
            forEachWalk(copy, step + 1, rows, ops + k, sink);
        });
    }

    /** Receives the end state of a walk and its ops. */
    interface WalkSink {
        void accept(int[] end, int ops);
    }

    private record Key(int[] lo, int step) {
        Key {
            lo = lo.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && k.step == step && Arrays.equals(k.lo, lo);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(lo) + step;
        }
    }
}
