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
        int k = pick(total, 0, total.degree());
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
        int[] split = split(ways, extra);
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
        BigInteger jumps = coefficient(product(factors, 0), k);
        BigInteger stays = coefficient(counts.staying(t.id(), steps), k);
        if (UniformDraw.below(jumps.add(stays), random).compareTo(jumps) < 0) {
            source[step][t.wires()[0]] = t.anchor();
            int[] split = split(factors, k);
            for (int i = 0; i < kids.size(); i++) {
                int c = kids.get(i);
                OpPolynomial w = counts.staying(subtrees[c], steps);
                int ki = split[i];
                BigInteger viaJump = coefficient(w, ki - 1);
                boolean childJumps = ki > 0
                        && UniformDraw.below(viaJump.add(coefficient(w, ki)), random).compareTo(viaJump) < 0;
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
        BigInteger[] sum = {BigInteger.ZERO};
        new StepChoices(table, true).forEach(parent, steps, counts.maxExtra(), true, (jump, extra, trees, layouts, count) -> {
            if (extra > k) return;
            List<OpPolynomial> ways = new ArrayList<>();
            for (int i = 0; i < count; i++) ways.add(counts.ways(trees[i], steps - 1));
            BigInteger w = coefficient(product(ways, 0), k - extra);
            if (w.signum() == 0) return;
            sum[0] = sum[0].add(w);
            options.add(new Choice(w, jump.clone(), extra, java.util.Arrays.copyOf(trees, count),
                    java.util.Arrays.copyOf(layouts, count), ways));
        });
        BigInteger r = UniformDraw.below(sum[0], random);
        Choice chosen = null;
        for (Choice c : options) {
            if (r.compareTo(c.weight) < 0) {
                chosen = c;
                break;
            }
            r = r.subtract(c.weight);
        }
        for (int v = 1; v < parent.length; v++) {
            if (chosen.jump[v]) source[step][t.wires()[v]] = t.target(parent, v);
        }
        int[] split = split(chosen.ways, k - chosen.extra);
        for (int i = 0; i < chosen.trees.length; i++) {
            int[] nodes = chosen.layouts[i];
            HangingTree next = t.part(chosen.trees[i], nodes, nodes[0] == 0 ? t.anchor() : jumpersAnchor);
            tree(next, step + 1, steps - 1, split[i]);
        }
    }

    private record Choice(BigInteger weight, boolean[] jump, int extra, int[] trees, int[][] layouts,
                          List<OpPolynomial> ways) {
    }

    /** Splits {@code k} extra ops among independent factors, in proportion to the ways of each split. */
    private int[] split(List<OpPolynomial> factors, int k) {
        int[] out = new int[factors.size()];
        int left = k;
        for (int i = 0; i < factors.size(); i++) {
            OpPolynomial rest = product(factors, i + 1);
            OpPolynomial f = factors.get(i);
            BigInteger[] w = new BigInteger[left + 1];
            BigInteger sum = BigInteger.ZERO;
            for (int ki = 0; ki <= left; ki++) {
                w[ki] = coefficient(f, ki).multiply(coefficient(rest, left - ki));
                sum = sum.add(w[ki]);
            }
            BigInteger r = UniformDraw.below(sum, random);
            int ki = 0;
            while (r.compareTo(w[ki]) >= 0) {
                r = r.subtract(w[ki]);
                ki++;
            }
            out[i] = ki;
            left -= ki;
        }
        return out;
    }

    private OpPolynomial product(List<OpPolynomial> factors, int from) {
        OpPolynomial p = OpPolynomial.monomial(0, counts.maxExtra());
        for (int i = from; i < factors.size(); i++) {
            if (factors.get(i) == null) return null;
            p = p.times(factors.get(i));
        }
        return p;
    }

    private OpPolynomial withJump(OpPolynomial w) {
        int d = counts.maxExtra();
        OpPolynomial onePlusZ = d == 0 ? OpPolynomial.monomial(0, d)
                : OpPolynomial.monomial(0, d).plus(OpPolynomial.monomial(1, d));
        return w.times(onePlusZ);
    }

    private static BigInteger coefficient(OpPolynomial p, int k) {
        return p == null || k < 0 || k > p.degree() ? BigInteger.ZERO : p.coefficient(k);
    }

    private int pick(OpPolynomial p, int from, int to) {
        BigInteger sum = BigInteger.ZERO;
        for (int k = from; k <= to; k++) sum = sum.add(p.coefficient(k));
        BigInteger r = UniformDraw.below(sum, random);
        int k = from;
        while (r.compareTo(p.coefficient(k)) >= 0) {
            r = r.subtract(p.coefficient(k));
            k++;
        }
        return k;
    }

    private static List<Integer> children(int[] parent, int node) {
        List<Integer> out = new ArrayList<>();
        for (int v = node + 1; v < parent.length; v++) if (parent[v] == node) out.add(v);
        return out;
    }

}
