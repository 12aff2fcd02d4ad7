package org.entangle.oracle.forest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import org.entangle.work.CancellationToken;

/**
 * Streams every safe trace depth-first, step by step over the forest of hanging trees ({@link StepChoices}),
 * in memory that grows with the width and the number of steps only: no counts are needed. A branch is cut as
 * soon as a wire is too far from a complete wire for the steps left, or the jumps that complete no wire exceed the
 * extra-op budget; both are necessary conditions, so every trace streamed is safe and every safe trace is streamed.
 */
final class ForestEnumerator {

    /** Thrown through the walk when the sink asks to stop. */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    private final TreeTable table;
    private final StepChoices choices;
    private final int steps;
    private final int[][] source;
    private final Predicate<int[][]> sink;
    private final CancellationToken cancel;
    private long visited;

    /**
     * @param sink receives each trace ({@code source[step][wire]}, reused: copy to keep); returns false to stop
     */
    ForestEnumerator(TreeTable table, int steps, int width, Predicate<int[][]> sink, CancellationToken cancel) {
        this.table = table;
        this.choices = new StepChoices(table, true);
        this.steps = steps;
        this.source = new int[steps][width];
        for (int[] row : source) Arrays.fill(row, -1);
        this.sink = sink;
        this.cancel = cancel;
    }

    /** Streams the traces from the forest {@code start}; returns whether it went through them all. */
    boolean run(List<HangingTree> start, int maxExtra) {
        return run(start, 0, maxExtra);
    }

    /** Streams the traces from the forest {@code start} before step {@code firstStep}; the rows before it are {@link #fixRow fixed}. */
    boolean run(List<HangingTree> start, int firstStep, int maxExtra) {
        try {
            step(start, firstStep, maxExtra);
            return true;
        } catch (Stop stop) {
            return false;
        }
    }

    /** Sets the trace's row for a step before the first one streamed (a pinned walk's). */
    void fixRow(int step, int[] row) {
        System.arraycopy(row, 0, source[step], 0, row.length);
    }

    /** States (forest, step) entered so far. */
    long visited() {
        return visited;
    }

    private void step(List<HangingTree> forest, int step, int extraLeft) {
        visited++;
        cancel.throwIfCancelledSometimes();
        if (forest.isEmpty()) {
            if (!sink.test(source)) throw new Stop();
            return;
        }
        if (step == steps) return;
        tree(forest, 0, new ArrayList<>(), step, extraLeft);
    }

    private void tree(List<HangingTree> forest, int i, List<HangingTree> next, int step, int extraLeft) {
        if (i == forest.size()) {
            step(next, step + 1, extraLeft);
            return;
        }
        HangingTree t = forest.get(i);
        int[] parent = table.parents(t.id());
        int before = next.size();
        choices.forEach(parent, steps - step, extraLeft, false, (jump, extra, trees, layouts, count) -> {
            for (int v = 0; v < parent.length; v++) {
                if (jump[v]) source[step][t.wires()[v]] = t.target(parent, v);
            }
            for (int k = 0; k < count; k++) {
                int root = layouts[k][0];
                boolean toAnchor = root == 0 || (jump[root] && parent[root] == 0);
                next.add(t.part(trees[k], layouts[k], toAnchor ? t.anchor() : t.wires()[0]));
            }
            tree(forest, i + 1, next, step, extraLeft - extra);
            while (next.size() > before) next.remove(next.size() - 1);
            for (int v = 0; v < parent.length; v++) source[step][t.wires()[v]] = -1;
        });
    }
}
