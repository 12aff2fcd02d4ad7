package org.entangle.oracle.space;

import org.entangle.oracle.UniformDraw;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Uniform random safe traces from exact counts: at each node an edge is taken with probability
 * count(child, budget left) / count(node, budget left), so every safe trace has probability 1 / total. Seeded,
 * so a sample can be reproduced.
 */
public final class TraceSampler {

    private final TraceCounts counts;
    private final Random random;

    public TraceSampler(TraceCounts counts, long seed) {
        this.counts = counts;
        this.random = new Random(seed);
    }

    /** {@code k} independent uniform samples (with repetition); empty when the space has no safe trace. */
    public List<SpaceTrace> sample(int k) {
        List<SpaceTrace> out = new ArrayList<>(k);
        if (counts.total().signum() == 0) return out;
        for (int i = 0; i < k; i++) out.add(next());
        return out;
    }

    /** One uniform sample. */
    public SpaceTrace next() {
        StateGraph g = counts.graph();
        int[] path = new int[g.steps];
        int node = 0;
        int budget = counts.budget();
        BigInteger rank = UniformDraw.below(counts.count(0, budget), random);
        for (int s = 0; s < g.steps; s++) {
            int chosen = -1;
            for (int e = g.edgeStart[node]; e < g.edgeStart[node + 1]; e++) {
                BigInteger c = counts.count(g.edgeChild[e], budget - g.edgeOps[e]);
                if (rank.compareTo(c) < 0) {
                    chosen = e;
                    break;
                }
                rank = rank.subtract(c);
            }
            path[s] = chosen;
            budget -= g.edgeOps[chosen];
            node = g.edgeChild[chosen];
        }
        return SpaceTrace.fromPath(g, path);
    }

}
