package org.entangle.oracle.optimize;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.entangle.network.MemoryModel;

/**
 * Depth-first search for a prefix circuit of at most a given size and depth, over {@link PrefixChains}, deciding
 * the columns from the last one down to column 1. Deciding column c's chain turns every segment
 * {@code [b_{t+1}, b_t − 1]} it uses into a <em>demand</em> on column {@code b_t − 1}: that column's chain must
 * contain lower end {@code b_{t+1}} at a depth the chain's own budget allows (the depth budgets run backwards
 * from the output's limit: each node needs both operands one level shallower). Demands only grow as columns
 * are decided, so at column c the columns below carry everything that constrains them.
 *
 * <p>Pruning: a column needs at least one node per demanded lower end; columns 1..p−1 form a prefix circuit of
 * width p on their own, so they cost at least the minimum for width p at the same depth ({@code widthMinimum},
 * proven by earlier runs of this search); a range of length L needs depth ⌈log2 L⌉. Failed states (column and
 * demands, and under a fan-out limit the reads already counted) are memoised with the budget they failed
 * under, which is a proven lower bound — except in the in-place model, whose schedule is checked at the leaves
 * and depends on the decided columns too.
 */
final class ChainSearch {

    private static final int UNSET = Integer.MAX_VALUE;

    private final int n;
    private final int depth;
    private final MemoryModel model;
    private final int maxFanout;
    private final int[] widthMinimum;
    private final SearchControl control;
    private final boolean leafChecks;
    private final long[] demandMask;
    private final int[][] demandDepth;
    private final int[][] chainBuf;
    private final int[] chainLen;
    private int[] undo = new int[1024];
    private int undoTop;
    /** Under a fan-out limit: {@code uses[col][b]}, the ops that read node (col, b) as their left operand. */
    private final int[][] uses;
    private int[] usesUndo = new int[1024];
    private int usesTop;
    private final Map<Key, Integer> memo = new HashMap<>();
    private PrefixChains found;
    private boolean aborted;

    private record Key(long[] entries) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(k.entries, entries);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(entries);
        }
    }

    ChainSearch(int n, int depth, MemoryModel model, int maxFanout, int[] widthMinimum, SearchControl control) {
        if (n > 64) throw new IllegalArgumentException("the optimiser handles n ≤ 64");
        this.n = n;
        this.depth = depth;
        this.model = model;
        this.maxFanout = maxFanout;
        this.widthMinimum = widthMinimum;
        this.control = control;
        this.leafChecks = model == MemoryModel.IN_PLACE;
        this.uses = new int[n][n];
        this.demandMask = new long[n];
        this.demandDepth = new int[n][n];
        this.chainBuf = new int[n][Math.max(1, Math.min(depth, n))];
        this.chainLen = new int[n];
    }

    /** Whether a circuit of size at most {@code target} exists; {@link #found()} holds it when it does. */
    boolean search(int target) {
        for (int c = 1; c < n; c++) {
            demandMask[c] = 1L;
            Arrays.fill(demandDepth[c], UNSET);
            demandDepth[c][0] = depth;
        }
        undoTop = 0;
        usesTop = 0;
        for (int[] row : uses) Arrays.fill(row, 0);
        found = null;
        return column(n - 1, target);
    }

    PrefixChains found() {
        return found;
    }

    /** Whether the last {@link #search} stopped on the time limit or a cancel (its "no" then proves nothing). */
    boolean aborted() {
        return aborted;
    }

    private boolean column(int c, int budget) {
        if (c == 0) return leaf();
        if (control.tick()) aborted = true;
        if (aborted) return false;
        int rest = restLowerBound(c);
        if (Long.bitCount(demandMask[c]) + rest > budget) return false;
        Key key = leafChecks ? null : key(c);
        if (key != null) {
            Integer failedUnder = memo.get(key);
            if (failedUnder != null && failedUnder > budget) return false;
        }
        boolean ok = extend(c, c, 0, 0, budget, rest);
        if (!ok && key != null && !aborted) {
            memo.merge(key, budget + 1, Math::max);
            if (memo.size() > 4_000_000) memo.clear();
        }
        return ok;
    }

    /** Chooses the next lower end of column c's chain below {@code a}, biggest jump first. */
    private boolean extend(int c, int a, int t, int depthSoFar, int budget, int rest) {
        long mask = demandMask[c];
        long below = mask & ((1L << a) - 1);
        int highest = 63 - Long.numberOfLeadingZeros(below);
        int outputLimit = demandDepth[c][0];
        for (int b = highest; b < a; b++) {
            int demandedBelow = Long.bitCount(mask & ((1L << b) - 1));
            if (t + 1 + demandedBelow + rest > budget) break;
            if (t + 1 + demandedBelow > outputLimit) break;
            int nodeDepth = 1 + Math.max(depthSoFar, ceilLog2(a - b));
            if (nodeDepth + demandedBelow > outputLimit) continue;
            if (((mask >> b) & 1) != 0 && nodeDepth > demandDepth[c][b]) continue;
            chainBuf[c][t] = b;
            boolean ok = b == 0 ? finish(c, t + 1, budget) : extend(c, b, t + 1, nodeDepth, budget, rest);
            if (ok) return true;
            if (aborted) return false;
        }
        return false;
    }

    /** Column c's chain is complete: derive the depth budgets, post the demands below, go to column c − 1. */
    private boolean finish(int c, int m, int budget) {
        int[] chain = chainBuf[c];
        int[] limit = new int[m + 1];
        limit[m] = demandDepth[c][0];
        for (int t = m - 1; t >= 0; t--) {
            int lower = t == 0 ? c : chain[t - 1];
            int own = t == 0 ? UNSET : demandDepth[c][lower];
            limit[t] = Math.min(own, limit[t + 1] - 1);
        }
        if (limit[0] < 0) return false;
        int mark = undoTop;
        int usesMark = usesTop;
        boolean ok = true;
        for (int t = 0; t < m && ok; t++) {
            int a = t == 0 ? c : chain[t - 1];
            int b = chain[t];
            int col = a - 1;
            if (maxFanout > 0) ok = use(col, b);
            if (col == b || !ok) continue;
            int need = limit[t + 1] - 1;
            ok = need >= ceilLog2(col - b + 1) && demand(col, b, need);
        }
        if (ok) {
            chainLen[c] = m;
            ok = column(c - 1, budget - m);
        }
        while (undoTop > mark) {
            undoTop -= 3;
            int col = undo[undoTop];
            int b = undo[undoTop + 1];
            int old = undo[undoTop + 2];
            demandDepth[col][b] = old;
            if (old == UNSET) demandMask[col] &= ~(1L << b);
        }
        while (usesTop > usesMark) {
            usesTop -= 2;
            uses[usesUndo[usesTop]][usesUndo[usesTop + 1]]--;
        }
        return ok;
    }

    /**
     * One more op reads node (col, b) as its left operand. Its fan-out is that count plus the read by the next
     * node of its column, which every node but the output [0, col] has (the input [col, col] too, for col ≥ 1).
     */
    private boolean use(int col, int b) {
        if (usesTop + 2 > usesUndo.length) usesUndo = Arrays.copyOf(usesUndo, usesUndo.length * 2);
        usesUndo[usesTop++] = col;
        usesUndo[usesTop++] = b;
        return ++uses[col][b] + (b > 0 ? 1 : 0) <= maxFanout;
    }

    private boolean demand(int col, int b, int need) {
        int old = demandDepth[col][b];
        if (old <= need) return true;
        if (undoTop + 3 > undo.length) undo = Arrays.copyOf(undo, undo.length * 2);
        undo[undoTop++] = col;
        undo[undoTop++] = b;
        undo[undoTop++] = old;
        demandDepth[col][b] = need;
        demandMask[col] |= 1L << b;
        return Long.bitCount(demandMask[col]) <= demandDepth[col][0];
    }

    /** Columns 1..c−1: a prefix circuit of width p below any p, plus one node per demand above it. */
    private int restLowerBound(int c) {
        int best = widthMinimum[c];
        int sum = 0;
        for (int p = c - 1; p >= 1; p--) {
            sum += Long.bitCount(demandMask[p]);
            best = Math.max(best, widthMinimum[p] + sum);
        }
        return best;
    }

    private boolean leaf() {
        int[][] chains = new int[n][];
        chains[0] = new int[0];
        for (int c = 1; c < n; c++) chains[c] = Arrays.copyOf(chainBuf[c], chainLen[c]);
        PrefixChains candidate = new PrefixChains(chains);
        if (model == MemoryModel.IN_PLACE && candidate.inPlaceSchedule(depth) == null) return false;
        found = candidate;
        return true;
    }

    private Key key(int c) {
        int count = 1;
        for (int col = 1; col <= c; col++) {
            if (!isDefault(col)) count += Long.bitCount(demandMask[col]);
        }
        if (maxFanout > 0) count += usedNodes(c);
        long[] entries = new long[count];
        entries[0] = c;
        int i = 1;
        for (int col = 1; col <= c; col++) {
            if (isDefault(col)) continue;
            for (long rest = demandMask[col]; rest != 0; rest &= rest - 1) {
                int b = Long.numberOfTrailingZeros(rest);
                entries[i++] = ((long) col << 20) | ((long) b << 10) | demandDepth[col][b];
            }
        }
        if (maxFanout > 0) {
            for (int col = 0; col <= c; col++) {
                for (int b = 0; b <= col; b++) {
                    if (uses[col][b] > 0) entries[i++] = (1L << 40) | ((long) col << 20) | ((long) b << 10) | uses[col][b];
                }
            }
        }
        return new Key(entries);
    }

    private int usedNodes(int c) {
        int count = 0;
        for (int col = 0; col <= c; col++) {
            for (int b = 0; b <= col; b++) if (uses[col][b] > 0) count++;
        }
        return count;
    }

    private boolean isDefault(int col) {
        return demandMask[col] == 1L && demandDepth[col][0] == depth;
    }

    static int ceilLog2(int x) {
        return x <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(x - 1);
    }
}
