package org.entangle.oracle.space;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Exact safe-trace counts over a {@link StateGraph}, by dynamic programming over its nodes in reverse order
 * (children always have larger ids): {@code count(node, b)} is the number of ways to finish from {@code node}
 * with at most {@code b} more ops. Counts are kept in {@code long} and redone in {@link BigInteger} when they
 * overflow. Also {@code minOps(node)}, the fewest ops to finish (or {@link #UNREACHABLE}), which orders each
 * node's edges so that enumeration stops at the first edge over budget.
 */
public final class TraceCounts {

    /** minOps of a node from which no safe trace continues. */
    public static final int UNREACHABLE = Integer.MAX_VALUE / 2;

    private final StateGraph graph;
    private final int budget;
    private final int[] minOps;
    private long[] small;
    private BigInteger[] big;

    private TraceCounts(StateGraph graph) {
        this.graph = graph;
        this.budget = Math.min(graph.spec.maxOps(), graph.steps * graph.n);
        this.minOps = new int[graph.nodeCount];
    }

    /** Counts the safe traces of {@code graph} and sorts its edges by the fewest ops they need. */
    public static TraceCounts of(StateGraph graph) {
        TraceCounts c = new TraceCounts(graph);
        c.computeMinOps();
        c.sortEdges();
        try {
            c.computeSmall();
        } catch (ArithmeticException overflow) {
            c.small = null;
            c.computeBig();
        }
        return c;
    }

    public StateGraph graph() {
        return graph;
    }

    /** The effective op budget (the spec's, capped at steps × width). */
    public int budget() {
        return budget;
    }

    /** Number of safe traces. */
    public BigInteger total() {
        return count(0, budget);
    }

    /** Number of safe traces from {@code node} using at most {@code b} more ops. */
    public BigInteger count(int node, int b) {
        if (b < 0) return BigInteger.ZERO;
        int i = node * (budget + 1) + b;
        return small != null ? BigInteger.valueOf(small[i]) : big[i];
    }

    /** Fewest ops that finish a safe trace from {@code node}. */
    public int minOps(int node) {
        return minOps[node];
    }

    private void computeMinOps() {
        StateGraph g = graph;
        for (int node = g.nodeCount - 1; node >= 0; node--) {
            int best = g.accepts(node) ? 0 : UNREACHABLE;
            for (int e = g.edgeStart[node]; e < g.edgeStart[node + 1]; e++) {
                best = Math.min(best, g.edgeOps[e] + minOps[g.edgeChild[e]]);
            }
            minOps[node] = Math.min(best, UNREACHABLE);
        }
    }

    /** Orders each node's edges by ops + minOps(child), so that the viable edges under a budget come first. */
    private void sortEdges() {
        StateGraph g = graph;
        for (int node = 0; node < g.nodeCount; node++) {
            int from = g.edgeStart[node];
            int to = g.edgeStart[node + 1];
            if (to - from < 2) continue;
            long[] keyed = new long[to - from];
            for (int e = from; e < to; e++) {
                long key = Math.min(g.edgeOps[e] + (long) minOps[g.edgeChild[e]], UNREACHABLE);
                keyed[e - from] = (key << 32) | (e - from);
            }
            Arrays.sort(keyed);
            int[] child = Arrays.copyOfRange(g.edgeChild, from, to);
            byte[] ops = Arrays.copyOfRange(g.edgeOps, from, to);
            long[] code = Arrays.copyOfRange(g.edgeCode, from, to);
            for (int i = 0; i < keyed.length; i++) {
                int old = (int) keyed[i];
                g.edgeChild[from + i] = child[old];
                g.edgeOps[from + i] = ops[old];
                g.edgeCode[from + i] = code[old];
            }
        }
    }

    private void computeSmall() {
        StateGraph g = graph;
        int width = budget + 1;
        small = new long[g.nodeCount * width];
        for (int node = g.nodeCount - 1; node >= 0; node--) {
            int row = node * width;
            if (minOps[node] > budget) continue;
            if (g.accepts(node)) Arrays.fill(small, row, row + width, 1L);
            for (int e = g.edgeStart[node]; e < g.edgeStart[node + 1]; e++) {
                int ops = g.edgeOps[e];
                int childRow = g.edgeChild[e] * width;
                for (int b = ops; b < width; b++) {
                    small[row + b] = Math.addExact(small[row + b], small[childRow + b - ops]);
                }
            }
        }
    }

    private void computeBig() {
        StateGraph g = graph;
        int width = budget + 1;
        big = new BigInteger[g.nodeCount * width];
        Arrays.fill(big, BigInteger.ZERO);
        for (int node = g.nodeCount - 1; node >= 0; node--) {
            int row = node * width;
            if (minOps[node] > budget) continue;
            if (g.accepts(node)) Arrays.fill(big, row, row + width, BigInteger.ONE);
            for (int e = g.edgeStart[node]; e < g.edgeStart[node + 1]; e++) {
                int ops = g.edgeOps[e];
                int childRow = g.edgeChild[e] * width;
                for (int b = ops; b < width; b++) {
                    big[row + b] = big[row + b].add(big[childRow + b - ops]);
                }
            }
        }
    }
}
