package org.entangle.oracle.forest;

import org.entangle.oracle.UniformDraw;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Uniform random safe traces from the exact counts of {@link ForestCounts}: the total extra ops are drawn in
 * proportion to their counts, then at every hanging tree and step a choice is taken with probability (ways
 * through it) / (ways of the tree), and a fixed number of extra ops is split among independent trees in proportion
 * to the ways of each split. Every safe trace therefore has probability 1 / total. Seeded.
 */
final class ForestSampler {

    private final ForestCounts counts;
    private final TreeTable table;
    private final Random random;
    private int[][] source;

    ForestSampler(ForestCounts counts, long seed) {
        this.counts = counts;
        this.table = counts.table();
        this.random = new Random(seed);
    }

    /**
     * One uniform safe trace of the tree {@code start} over {@code steps} steps: {@code source[step][wire]} is the
     * wire read, or −1; null when there is none.
     */
    int[][] sample(HangingTree start, int steps, int width) {
        OpPolynomial total = counts.ways(start.id(), steps);
        if (total == null) return null;
        source = new int[steps][width];
        for (int[] row : source) java.util.Arrays.fill(row, -1);
        List<BigInteger> byOps = new ArrayList<>();
        for (int k = 0; k <= total.degree(); k++) byOps.add(total.coefficient(k));
        int k = UniformDraw.index(byOps, random);
        tree(start, 0, steps, k);
        return source;
    }

    /**
     * Completes {@code source} with a uniform trace of the forest {@code trees} from step {@code step} to the end,
     * using exactly {@code extra} extra ops, given that there is one.
     */
    void sampleForest(List<HangingTree> trees, int step, int extra, int[][] source) {
        this.source = source;
        int steps = source.length - step;
        List<OpPolynomial> ways = new ArrayList<>();
        for (HangingTree t : trees) ways.add(counts.ways(t.id(), steps));
        int[] split = OpSplits.split(ways, extra, counts.maxExtra(), random);
        for (int i = 0; i < trees.size(); i++) tree(trees.get(i), step, steps, split[i]);
    }

    private void tree(HangingTree t, int step, int steps, int k) {
        int[] parent = table.parents(t.id());
        int[] subtrees = table.subtrees(t.id());
        List<Integer> kids = children(parent, 0);
        List<OpPolynomial> factors = new ArrayList<>();
        for (int c : kids) {
            OpPolynomial w = counts.staying(subtrees[c], steps);
            factors.add(w == null ? null : withJump(w));
        }
        BigInteger jumps = OpSplits.coefficient(OpSplits.product(factors, 0, counts.maxExtra()), k);
        BigInteger stays = OpSplits.coefficient(counts.staying(t.id(), steps), k);
        if (UniformDraw.below(jumps.add(stays), random).compareTo(jumps) < 0) {
            source[step][t.wires()[0]] = t.anchor();
            int[] split = OpSplits.split(factors, k, counts.maxExtra(), random);
            for (int i = 0; i < kids.size(); i++) {
                int c = kids.get(i);
                OpPolynomial w = counts.staying(subtrees[c], steps);
                int ki = split[i];
                BigInteger viaJump = OpSplits.coefficient(w, ki - 1);
                boolean childJumps = ki > 0
                        && UniformDraw.below(viaJump.add(OpSplits.coefficient(w, ki)), random).compareTo(viaJump) < 0;
                int rootWire = t.wires()[0];
                HangingTree sub = t.subtree(parent, subtrees[c], c, childJumps ? t.anchor() : rootWire);
                if (childJumps) source[step][sub.wires()[0]] = rootWire;
                staying(sub, rootWire, step, steps, childJumps ? ki - 1 : ki);
            }
        } else {
            staying(t, t.anchor(), step, steps, k);
        }
    }

    /** Samples the step in which the root of {@code t} does not jump; jumping children then point at {@code jumpersAnchor}. */
    private void staying(HangingTree t, int jumpersAnchor, int step, int steps, int k) {
        if (table.size(t.id()) == 1) {
            tree(t, step + 1, steps - 1, k);
            return;
        }
        int[] parent = table.parents(t.id());
        List<Choice> options = new ArrayList<>();
        new StepChoices(table, true).forEach(parent, steps, counts.maxExtra(), true, (jump, extra, trees, layouts, count) -> {
            if (extra > k) return;
            List<OpPolynomial> ways = new ArrayList<>();
            for (int i = 0; i < count; i++) ways.add(counts.ways(trees[i], steps - 1));
            BigInteger w = OpSplits.coefficient(OpSplits.product(ways, 0, counts.maxExtra()), k - extra);
            if (w.signum() == 0) return;
            options.add(new Choice(w, jump.clone(), extra, java.util.Arrays.copyOf(trees, count),
                    java.util.Arrays.copyOf(layouts, count), ways));
        });
        Choice chosen = options.get(UniformDraw.index(options.stream().map(Choice::weight).toList(), random));
        for (int v = 1; v < parent.length; v++) {
            if (chosen.jump[v]) source[step][t.wires()[v]] = t.target(parent, v);
        }
        int[] split = OpSplits.split(chosen.ways, k - chosen.extra, counts.maxExtra(), random);
        for (int i = 0; i < chosen.trees.length; i++) {
            int[] nodes = chosen.layouts[i];
            HangingTree next = t.part(chosen.trees[i], nodes, nodes[0] == 0 ? t.anchor() : jumpersAnchor);
            tree(next, step + 1, steps - 1, split[i]);
        }
    }

    private record Choice(BigInteger weight, boolean[] jump, int extra, int[] trees, int[][] layouts,
                          List<OpPolynomial> ways) {
    }

    private OpPolynomial withJump(OpPolynomial w) {
        int d = counts.maxExtra();
        OpPolynomial onePlusZ = d == 0 ? OpPolynomial.monomial(0, d)
                : OpPolynomial.monomial(0, d).plus(OpPolynomial.monomial(1, d));
        return w.times(onePlusZ);
    }

    private static List<Integer> children(int[] parent, int node) {
        List<Integer> out = new ArrayList<>();
        for (int v = node + 1; v < parent.length; v++) if (parent[v] == node) out.add(v);
        return out;
    }

}
