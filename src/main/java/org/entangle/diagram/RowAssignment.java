package org.entangle.diagram;

import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.Schedules;

/**
 * The row each op is drawn in: its own step, or its step in {@link Schedules#asap}. The ASAP schedule keeps the
 * ops of each step in their original order, so every original op is matched to the earliest ASAP step whose next
 * unmatched op is the same op (the same wire written twice is always placed in increasing steps, so the earliest
 * match is the right one).
 *
 * @param rowOf    the row of each op, by flat index (step-major order of the network's own schedule)
 * @param rowCount number of rows
 */
public record RowAssignment(int[] rowOf, int rowCount) {

    /** Rows for {@code network} under {@code rows}. */
    public static RowAssignment of(Network network, DiagramOptions.Rows rows) {
        int[] rowOf = new int[network.opCount()];
        if (rows == DiagramOptions.Rows.SCHEDULE) {
            int k = 0;
            for (int s = 0; s < network.stepCount(); s++) {
                for (int i = 0; i < network.step(s).size(); i++) rowOf[k++] = s;
            }
            return new RowAssignment(rowOf, network.stepCount());
        }
        Network asap = Schedules.asap(network);
        int[] next = new int[asap.stepCount()];
        int k = 0;
        for (int s = 0; s < network.stepCount(); s++) {
            for (Op op : network.step(s).ops()) {
                rowOf[k++] = match(asap, next, op);
            }
        }
        return new RowAssignment(rowOf, asap.stepCount());
    }

    private static int match(Network asap, int[] next, Op op) {
        for (int t = 0; t < next.length; t++) {
            List<Op> ops = asap.step(t).ops();
            if (next[t] < ops.size() && sameOp(ops.get(next[t]), op)) {
                next[t]++;
                return t;
            }
        }
        throw new IllegalStateException("op " + op + " is missing from the ASAP schedule");
    }

    private static boolean sameOp(Op a, Op b) {
        return a.dst() == b.dst() && a.src() == b.src() && a.kind() == b.kind();
    }
}
