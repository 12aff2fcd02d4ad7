package org.entangle.network.metrics;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.NetworkInterpreter;
import org.entangle.network.Step;
import org.entangle.network.ValueAlgebra;

/**
 * Computes {@link NetworkMetrics} by running the network over the dataflow algebra: every combine makes a new
 * {@link DataflowNode} one deeper than its deeper operand, and every read of a node is counted. Linear in the
 * number of ops.
 */
public final class Metrics {

    private Metrics() {
    }

    public static NetworkMetrics of(Network network) {
        DataflowAlgebra algebra = new DataflowAlgebra(network.width());
        // node ids are 0..n−1 for inputs, then one per identity or combine op: fewer than n + ops
        int[] readers = new int[network.width() + network.opCount()];
        int[] identityCombines = {0};
        int[] maxDepth = {0};
        int[] moves = {0};
        NetworkInterpreter.run(network, algebra, (step, index, op, left, right, result) -> {
            if (op.kind().combines()) {
                countRead(readers, left);
                countRead(readers, right);
                if (left.identity() || right.identity()) identityCombines[0]++;
                maxDepth[0] = Math.max(maxDepth[0], result.depth());
            } else {
                moves[0]++;
            }
        });
        int maxFanout = max(readers);
        List<Integer> perStep = new ArrayList<>(network.stepCount());
        int size = 0;
        for (Step s : network.steps()) {
            int c = s.combineCount();
            perStep.add(c);
            size += c;
        }
        int n = network.width();
        int deficiency = size + maxDepth[0] - (2 * n - 2);
        double efficiency = n == 1 ? Double.NaN : (double) size / (n - 1);
        return new NetworkMetrics(n, size, maxDepth[0], network.stepCount(), maxFanout, List.copyOf(perStep),
                moves[0], identityCombines[0], deficiency, efficiency);
    }

    private static int max(int[] counts) {
        int max = 0;
        for (int c : counts) max = Math.max(max, c);
        return max;
    }

    private static void countRead(int[] readers, DataflowNode node) {
        if (!node.identity()) readers[node.id()]++;
    }

    /** Makes a fresh {@link DataflowNode} for every input, identity and combination. */
    static final class DataflowAlgebra implements ValueAlgebra<DataflowNode> {
        private int nextId;

        DataflowAlgebra(int width) {
            nextId = width;
        }

        @Override
        public DataflowNode input(int wire) {
            return new DataflowNode(wire, 0, false);
        }

        @Override
        public DataflowNode identity() {
            return new DataflowNode(nextId++, 0, true);
        }

        @Override
        public DataflowNode combine(DataflowNode left, DataflowNode right) {
            return new DataflowNode(nextId++, Math.max(left.depth(), right.depth()) + 1, false);
        }
    }
}
