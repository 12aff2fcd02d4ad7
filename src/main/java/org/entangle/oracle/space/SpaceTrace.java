package org.entangle.oracle.space;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.Step;

/**
 * One safe trace of a spec-form space: for every step and lane, the angel values of the talk's program —
 * {@code !!} (whether the lane combines) and {@code !!(1 .. r)} (its offset, {@code r − src}) — stored as the
 * source lane or −1. Lanes are in the spec's own wire order (mirrored for backward specs).
 *
 * @param width  n
 * @param source {@code source[step][lane]}: the lane read, or −1 when the lane did not combine
 * @param scan   the spec the trace's network meets
 */
public record SpaceTrace(int width, int[][] source, org.entangle.network.ScanSpec scan) {

    /** Whether lane {@code lane} combined in step {@code step}. */
    public boolean fires(int step, int lane) {
        return source[step][lane] >= 0;
    }

    /** The offset angel {@code !!(1 .. r)} of a lane that combined: the distance to its source. */
    public int offset(int step, int lane) {
        return Math.abs(lane - source[step][lane]);
    }

    /** Number of ops of the trace. */
    public int ops() {
        int c = 0;
        for (int[] step : source) {
            for (int s : step) if (s >= 0) c++;
        }
        return c;
    }

    /** The in-place network the trace performs (one network step per program step, empty ones kept). */
    public Network network() {
        List<Step> steps = new ArrayList<>(source.length);
        for (int[] step : source) {
            List<Op> ops = new ArrayList<>();
            for (int lane = 0; lane < width; lane++) {
                if (step[lane] >= 0) ops.add(Op.combine(lane, step[lane]));
            }
            steps.add(new Step(ops));
        }
        return Network.of(width, steps, MemoryModel.IN_PLACE).withSpec(scan).withProvenance("spec-form space");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SpaceTrace t && t.width == width && Arrays.deepEquals(t.source, source)
                && t.scan.equals(scan);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(source) * 31 + width;
    }

    @Override
    public String toString() {
        return "trace" + Arrays.deepToString(source);
    }

    /** The trace of a path of edges from the root of {@code graph}. */
    static SpaceTrace fromPath(StateGraph graph, int[] edges) {
        int n = graph.n;
        int[][] source = new int[edges.length][];
        int node = 0;
        for (int s = 0; s < edges.length; s++) {
            int[] src = graph.decode(node, graph.edgeCode[edges[s]]);
            if (graph.spec.backward()) {
                int[] mirrored = new int[n];
                for (int lane = 0; lane < n; lane++) {
                    mirrored[n - 1 - lane] = src[lane] < 0 ? -1 : n - 1 - src[lane];
                }
                src = mirrored;
            }
            source[s] = src;
            node = graph.edgeChild[edges[s]];
        }
        return new SpaceTrace(n, source, graph.spec.scan());
    }
}
