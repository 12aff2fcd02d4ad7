package org.entangle.discovery;

import org.entangle.lang.AngelChoice;
import org.entangle.oracle.Trace;

/**
 * The state of every wire after each step of one safe trace of the talk's program, in the range semantics: wire r
 * holds the inputs [lo, r], and a lane that combines in the value of the lane k to its left takes that lane's low end
 * from before the step. Read from the trace's integer angels (evaluated in iteration {@code step}, lane {@code r}),
 * so empty steps keep their place, unlike the trace's network, which drops them.
 */
public final class TraceStates {

    private final int[][] lo;
    private final int[][] offset;

    private TraceStates(int[][] lo, int[][] offset) {
        this.lo = lo;
        this.offset = offset;
    }

    /** The states of a forward trace of {@code steps} steps over {@code n} wires. */
    public static TraceStates of(Trace trace, int n, int steps) {
        int[][] lo = new int[steps + 1][n];
        for (int r = 0; r < n; r++) lo[0][r] = r;
        int[][] offset = new int[steps + 1][n];
        for (AngelChoice c : trace.choices()) {
            int[] loops = c.loopValues();
            if (c.site().bool() || loops.length < 2) continue;
            int step = loops[0];
            int lane = loops[loops.length - 1];
            if (step >= 1 && step <= steps && lane >= 0 && lane < n) offset[step][lane] = c.value();
        }
        for (int s = 1; s <= steps; s++) {
            for (int r = 0; r < n; r++) {
                int k = offset[s][r];
                lo[s][r] = k > 0 && r - k >= 0 ? lo[s - 1][r - k] : lo[s - 1][r];
            }
        }
        return new TraceStates(lo, offset);
    }

    /** The first input of wire {@code wire}'s range after {@code step} (0: the inputs); the range ends at the wire. */
    public int lo(int step, int wire) {
        return lo[step][wire];
    }

    /** The low ends of every wire after {@code step}. */
    public int[] los(int step) {
        return lo[step].clone();
    }

    /** The offset lane {@code lane} combined with in {@code step} (0: it did not combine). */
    public int offset(int step, int lane) {
        return offset[step][lane];
    }
}
