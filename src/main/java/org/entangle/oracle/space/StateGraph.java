package org.entangle.oracle.space;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.entangle.network.Algebra;

/**
 * The reachable states of a {@link SpaceSpec}'s program, built breadth-first by step and interned: a node is
 * (step, the value on every wire, and — under a fan-out limit — how many ops have read each current value). An
 * edge is one step's angel choices: for every lane, skip or combine with one source lane {@code r − k}. Choices
 * that give a required wire a dead value, or a value with an index its target lacks, are not edges: values only
 * grow and a dead value stays dead, so such a lane never leads to a safe trace (the range semantics of prefix
 * networks). For the talk's associative program this leaves each incomplete lane exactly one partner, the lane that
 * keeps its range contiguous.
 *
 * <p>Edges are stored in compressed rows per node ({@code edgeStart}); an edge's choices are a mixed-radix code
 * over the lanes' option lists, decoded by {@link #decode}. Coordinates are forward; backward specs are mirrored
 * on the way in (pinned states) and out (networks).
 */
public final class StateGraph {

    final SpaceSpec spec;
    final int n;
    final int steps;
    final Algebra algebra;
    final long[] target;
    final boolean[] required;
    private final Map<Integer, long[]> pinned = new HashMap<>();

    private int maxEdges;
    private final int budget;
    int nodeCount;
    int[] nodeStep = new int[1024];
    /** Fewest ops on any kept path from the inputs to each node (nodes are expanded in step order). */
    private int[] minReach = new int[1024];
    long[] values;
    byte[] reads;
    int[] edgeStart = new int[1025];
    int edgeCount;
    int[] edgeChild = new int[4096];
    byte[] edgeOps = new byte[4096];
    long[] edgeCode = new long[4096];

    /** Whether the range-chain bound of {@link #canFinish} applies (associative, targets that are prefixes). */
    private final boolean chainBound;
    private final int[] chain;

    /** Open-addressing table of node ids + 1, keyed by (step, values, reads). */
    private int[] table = new int[1 << 12];
    private final long[] scratchValues;
    private final byte[] scratchReads;

    private StateGraph(SpaceSpec spec) {
        this.spec = spec;
        this.n = spec.width();
        this.steps = spec.steps();
        this.algebra = spec.algebra();
        this.values = new long[1024 * n];
        this.reads = spec.maxFanout() > 0 ? new byte[1024 * n] : null;
        this.budget = spec.maxOps();
        this.chainBound = algebra == Algebra.ASSOCIATIVE && spec.kind() != org.entangle.network.ResultKind.EXCLUSIVE;
        this.chain = new int[n];
        this.scratchValues = new long[n];
        this.scratchReads = reads == null ? null : new byte[n];
        this.target = new long[n];
        this.required = new boolean[n];
        for (int w = 0; w < n; w++) {
            target[w] = ValueRules.target(spec.kind(), n, w);
            required[w] = target[w] != ValueRules.DEAD;
        }
        for (Map.Entry<Integer, long[]> e : spec.pinned().entrySet()) {
            pinned.put(e.getKey(), spec.backward() ? mirror(e.getValue()) : e.getValue().clone());
        }
    }

    /** Default limit on the transitions of a graph (about 13 bytes each). */
    public static final int DEFAULT_MAX_EDGES = 40_000_000;

    /** Builds the graph of every state reachable from the inputs within the spec's steps. */
    public static StateGraph build(SpaceSpec spec) {
        return build(spec, DEFAULT_MAX_EDGES);
    }

    /**
     * Builds the graph, or throws {@link SpaceTooLargeException} once it has more than {@code maxEdges}
     * transitions.
     */
    public static StateGraph build(SpaceSpec spec, int maxEdges) {
        StateGraph g = new StateGraph(spec);
        g.maxEdges = maxEdges;
        long[] start = new long[g.n];
        for (int w = 0; w < g.n; w++) start[w] = 1L << w;
        System.arraycopy(start, 0, g.scratchValues, 0, g.n);
        g.intern(0);
        for (int node = 0; node < g.nodeCount; node++) {
            if (g.nodeStep[node] < g.steps) g.expand(node);
            g.edgeStart[node + 1] = g.edgeCount;
        }
        g.table = null;
        return g;
    }

    public int nodeCount() {
        return nodeCount;
    }

    public int edgeCount() {
        return edgeCount;
    }

    public SpaceSpec spec() {
        return spec;
    }

    /** Whether a node is a final state that meets the spec's targets. */
    boolean accepts(int node) {
        if (nodeStep[node] != steps) return false;
        int base = node * n;
        for (int w = 0; w < n; w++) {
            if (required[w] && values[base + w] != target[w]) return false;
        }
        return true;
    }

    /** Each lane's possible sources at {@code node} (empty when the lane can only skip). */
    int[][] laneOptions(int node) {
        int base = node * n;
        int[][] options = new int[n][];
        int[] buffer = new int[n];
        for (int r = 0; r < n; r++) {
            int k = 0;
            for (int src = 0; src < r; src++) {
                if (acceptable(r, ValueRules.combine(algebra, values[base + src], values[base + r]))) buffer[k++] = src;
            }
            options[r] = Arrays.copyOf(buffer, k);
        }
        return options;
    }

    /**
     * A combination that dies fails the execution at once, as the language's {@code +} on x elements does (the
     * original experiments' one-hot vectors asserted their operands adjacent), even on a wire a reduction leaves
     * unconstrained; a live value must stay inside a required wire's target.
     */
    private boolean acceptable(int wire, long value) {
        if (value == ValueRules.DEAD) return false;
        return !required[wire] || (value & ~target[wire]) == 0;
    }

    /** The source of every lane (−1: skipped) in the step that the edge {@code code} at {@code node} takes. */
    int[] decode(int node, long code) {
        int[][] options = laneOptions(node);
        int[] src = new int[n];
        long rest = code;
        for (int r = 0; r < n; r++) {
            int radix = options[r].length + 1;
            int choice = (int) (rest % radix);
            rest /= radix;
            src[r] = choice == 0 ? -1 : options[r][choice - 1];
        }
        return src;
    }

    private void expand(int node) {
        int[][] options = laneOptions(node);
        long[] radixWeight = new long[n];
        long weight = 1;
        for (int r = 0; r < n; r++) {
            radixWeight[r] = weight;
            weight = Math.multiplyExact(weight, options[r].length + 1);
        }
        int base = node * n;
        long[] current = Arrays.copyOfRange(values, base, base + n);
        byte[] currentReads = reads == null ? null : Arrays.copyOfRange(reads, base, base + n);
        new Expansion(node, options, radixWeight, current, currentReads).run(0, 0, 0L);
    }

    /** Enumerates the lane choices of one node depth-first over lanes, with the per-step limits. */
    private final class Expansion {
        final int node;
        final int[][] options;
        final long[] radixWeight;
        final long[] current;
        final byte[] currentReads;
        final int[] chosenSrc;
        final int[] extraReads;
        final int limitPerStep;
        final int fanout;
        final int stepFanout;

        Expansion(int node, int[][] options, long[] radixWeight, long[] current, byte[] currentReads) {
            this.node = node;
            this.options = options;
            this.radixWeight = radixWeight;
            this.current = current;
            this.currentReads = currentReads;
            this.chosenSrc = new int[n];
            Arrays.fill(chosenSrc, -1);
            this.extraReads = new int[n];
            this.limitPerStep = spec.maxOpsPerStep() == 0 ? Integer.MAX_VALUE : spec.maxOpsPerStep();
            this.fanout = spec.maxFanout();
            this.stepFanout = spec.maxStepFanout() == 0 ? Integer.MAX_VALUE : spec.maxStepFanout();
        }

        void run(int lane, int ops, long code) {
            if (lane == n) {
                emit(ops, code);
                return;
            }
            run(lane + 1, ops, code);
            if (ops == limitPerStep) return;
            int[] opts = options[lane];
            for (int k = 0; k < opts.length; k++) {
                int src = opts[k];
                extraReads[lane]++;
                extraReads[src]++;
                boolean withinStep = extraReads[lane] <= stepFanout && extraReads[src] <= stepFanout;
                if (withinStep && (fanout == 0 || (currentReads[lane] + extraReads[lane] <= fanout
                        && currentReads[src] + extraReads[src] <= fanout))) {
                    chosenSrc[lane] = src;
                    run(lane + 1, ops + 1, code + (k + 1) * radixWeight[lane]);
                    chosenSrc[lane] = -1;
                }
                extraReads[lane]--;
                extraReads[src]--;
            }
        }

        private void emit(int ops, long code) {
            long[] next = scratchValues;
            byte[] nextReads = scratchReads;
            for (int r = 0; r < n; r++) {
                if (chosenSrc[r] >= 0) {
                    next[r] = ValueRules.combine(algebra, current[chosenSrc[r]], current[r]);
                    if (nextReads != null) nextReads[r] = 0;
                } else {
                    next[r] = current[r];
                    if (nextReads != null) nextReads[r] = (byte) (currentReads[r] + extraReads[r]);
                }
            }
            int step = nodeStep[node] + 1;
            long[] pin = pinned.get(step);
            if (pin != null && !Arrays.equals(pin, next)) return;
            if (chainBound && !canFinish(next, steps - step)) return;
            int reach = minReach[node] + ops;
            if (reach + incomplete(next) > budget) return;
            int before = nodeCount;
            int child = intern(step);
            minReach[child] = nodeCount > before ? reach : Math.min(minReach[child], reach);
            addEdge(child, ops, code);
        }
    }

    /**
     * In the forward in-place model wire v always holds a range ending at v, so the current values that can make
     * up {@code [0, w]} are forced: wire w's range, then the range of the wire just below it, and so on. A value
     * made of k current values needs at least ⌈log2 k⌉ more steps, so a required wire whose chain is longer than
     * 2^(steps left) can never complete.
     */
    private boolean canFinish(long[] state, int stepsLeft) {
        long limit = stepsLeft >= 62 ? Long.MAX_VALUE : 1L << stepsLeft;
        for (int w = 0; w < n; w++) {
            long v = state[w];
            if (v == ValueRules.DEAD || v == 0 || 63 - Long.numberOfLeadingZeros(v) != w) {
                chain[w] = Integer.MAX_VALUE / 2;
            } else {
                int lo = Long.numberOfTrailingZeros(v);
                chain[w] = 1 + (lo == 0 ? 0 : chain[lo - 1]);
            }
            if (required[w] && chain[w] > limit) return false;
        }
        return true;
    }

    /** Required wires that do not hold their target yet: each needs at least one more op. */
    private int incomplete(long[] state) {
        int c = 0;
        for (int w = 0; w < n; w++) if (required[w] && state[w] != target[w]) c++;
        return c;
    }

    private int hash(int step) {
        long h = step * 0x9E3779B97F4A7C15L;
        for (int w = 0; w < n; w++) {
            h = (h ^ scratchValues[w]) * 0xBF58476D1CE4E5B9L;
            if (scratchReads != null) h = (h ^ scratchReads[w]) * 0x94D049BB133111EBL;
        }
        return (int) (h ^ (h >>> 29));
    }

    private boolean sameAsScratch(int id, int step) {
        if (nodeStep[id] != step) return false;
        int base = id * n;
        for (int w = 0; w < n; w++) {
            if (values[base + w] != scratchValues[w]) return false;
            if (scratchReads != null && reads[base + w] != scratchReads[w]) return false;
        }
        return true;
    }

    /** The id of the node (step, scratch state), added when new. */
    private int intern(int step) {
        int mask = table.length - 1;
        int slot = hash(step) & mask;
        while (table[slot] != 0) {
            int id = table[slot] - 1;
            if (sameAsScratch(id, step)) return id;
            slot = (slot + 1) & mask;
        }
        int id = nodeCount++;
        if (id == nodeStep.length) {
            int cap = id * 2;
            nodeStep = Arrays.copyOf(nodeStep, cap);
            minReach = Arrays.copyOf(minReach, cap);
            values = Arrays.copyOf(values, cap * n);
            if (reads != null) reads = Arrays.copyOf(reads, cap * n);
            edgeStart = Arrays.copyOf(edgeStart, cap + 1);
        }
        nodeStep[id] = step;
        System.arraycopy(scratchValues, 0, values, id * n, n);
        if (reads != null) System.arraycopy(scratchReads, 0, reads, id * n, n);
        table[slot] = id + 1;
        if (nodeCount * 2 > table.length) rehash();
        return id;
    }

    private void rehash() {
        int[] old = table;
        table = new int[old.length * 2];
        int mask = table.length - 1;
        long[] savedValues = scratchValues.clone();
        byte[] savedReads = scratchReads == null ? null : scratchReads.clone();
        for (int entry : old) {
            if (entry == 0) continue;
            int id = entry - 1;
            System.arraycopy(values, id * n, scratchValues, 0, n);
            if (reads != null) System.arraycopy(reads, id * n, scratchReads, 0, n);
            int slot = hash(nodeStep[id]) & mask;
            while (table[slot] != 0) slot = (slot + 1) & mask;
            table[slot] = entry;
        }
        System.arraycopy(savedValues, 0, scratchValues, 0, n);
        if (savedReads != null) System.arraycopy(savedReads, 0, scratchReads, 0, n);
    }

    private void addEdge(int child, int ops, long code) {
        if (edgeCount >= maxEdges) {
            throw new SpaceTooLargeException("the space of n = " + n + ", " + steps + " steps has more than "
                    + maxEdges + " transitions between " + nodeCount + "+ states; the state graph stops here");
        }
        if (edgeCount == edgeChild.length) {
            int cap = edgeCount * 2;
            edgeChild = Arrays.copyOf(edgeChild, cap);
            edgeOps = Arrays.copyOf(edgeOps, cap);
            edgeCode = Arrays.copyOf(edgeCode, cap);
        }
        edgeChild[edgeCount] = child;
        edgeOps[edgeCount] = (byte) ops;
        edgeCode[edgeCount] = code;
        edgeCount++;
    }

    /** Mirrors a state's wires and indices (backward ↔ forward). */
    long[] mirror(long[] state) {
        long[] out = new long[n];
        for (int w = 0; w < n; w++) {
            long v = state[w];
            long m = 0;
            for (long rest = v; rest != 0; rest &= rest - 1) m |= 1L << (n - 1 - Long.numberOfTrailingZeros(rest));
            out[n - 1 - w] = v == ValueRules.DEAD ? ValueRules.DEAD : m;
        }
        return out;
    }
}
