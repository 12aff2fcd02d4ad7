package org.entangle.oracle.space;

import java.util.Map;
import java.util.TreeMap;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;

/**
 * The spec form of the talk's angelic scan program: the same space of safe traces given as
 * parameters instead of program text. In each of {@code steps} SIMD steps every lane {@code r} may
 * ({@code if (!!)}) combine {@code x[r - !!(1 .. r)] + x[r]} (in-place model); at the end {@code x} must meet
 * the scan spec and the total number of ops must be at most {@code maxOps}.
 *
 * @param width         n, the number of lanes
 * @param steps         S, the number of parallel steps
 * @param maxOps        B, the op budget
 * @param maxFanout     the largest number of ops that may read one value over the whole network, as the
 *                      metrics define fan-out (0: unbounded)
 * @param maxStepFanout the largest number of ops of one step that may read one value (0: unbounded), the
 *                      per-layer fan-out of the talk's original Scan6 experiment
 * @param maxOpsPerStep the largest number of ops in one step (0: unbounded)
 * @param scan          kind, direction and algebra of the asserted scan
 * @param pinned        pinned intermediate states: after step s (1-based), wire w holds {@code pinned.get(s)[w]},
 *                      an index set written as a bit mask (in the spec's own wire order)
 */
public record SpaceSpec(int width, int steps, int maxOps, int maxFanout, int maxStepFanout, int maxOpsPerStep,
                        ScanSpec scan,
                        Map<Integer, long[]> pinned) {

    /** Widest space the engine represents (values are 64-bit index masks). */
    public static final int MAX_WIDTH = 62;

    public SpaceSpec {
        if (width < 1 || width > MAX_WIDTH) {
            throw new IllegalArgumentException("n must be in 1.." + MAX_WIDTH + ", got " + width);
        }
        if (steps < 0) throw new IllegalArgumentException("steps must be at least 0, got " + steps);
        if (maxOps < 0) throw new IllegalArgumentException("the op budget must be at least 0, got " + maxOps);
        if (maxFanout < 0 || maxStepFanout < 0 || maxOpsPerStep < 0) throw new IllegalArgumentException("limits must be at least 0");
        if (scan == null) throw new IllegalArgumentException("no scan spec");
        TreeMap<Integer, long[]> copy = new TreeMap<>();
        for (Map.Entry<Integer, long[]> e : pinned.entrySet()) {
            if (e.getKey() < 1 || e.getKey() > steps) {
                throw new IllegalArgumentException("pinned step " + e.getKey() + " is outside 1.." + steps);
            }
            if (e.getValue().length != width) {
                throw new IllegalArgumentException("pinned state after step " + e.getKey() + " has "
                        + e.getValue().length + " wires, expected " + width);
            }
            copy.put(e.getKey(), e.getValue().clone());
        }
        pinned = java.util.Collections.unmodifiableMap(copy);
    }

    /**
     * The same space as the oracle's {@link org.entangle.oracle.SpecForm}, whose program text the interpreter
     * runs: the two engines must count the same traces (a test compares them).
     */
    public static SpaceSpec of(org.entangle.oracle.SpecForm form) {
        org.entangle.oracle.Constraints c = form.constraints();
        SpaceSpec spec = new SpaceSpec(form.n(), form.steps(), form.budget(), c.maxFanout(), c.maxStepFanout(),
                c.maxOpsPerStep(), new ScanSpec(c.kind(), c.direction(), c.algebra()), Map.of());
        for (org.entangle.oracle.Pin pin : c.pins()) {
            int[][] ranges = new int[pin.lo().length][];
            for (int w = 0; w < ranges.length; w++) ranges[w] = new int[] {pin.lo()[w], pin.hi()[w]};
            spec = spec.withPinnedRanges(pin.afterStep(), ranges);
        }
        return spec;
    }

    /** The talk's program: forward inclusive associative scan, no fan-out or per-step limit, nothing pinned. */
    public static SpaceSpec talk(int width, int steps, int maxOps) {
        return new SpaceSpec(width, steps, maxOps, 0, 0, 0, ScanSpec.INCLUSIVE, Map.of());
    }

    public SpaceSpec withMaxFanout(int f) {
        return new SpaceSpec(width, steps, maxOps, f, maxStepFanout, maxOpsPerStep, scan, pinned);
    }

    public SpaceSpec withMaxStepFanout(int f) {
        return new SpaceSpec(width, steps, maxOps, maxFanout, f, maxOpsPerStep, scan, pinned);
    }

    public SpaceSpec withMaxOpsPerStep(int m) {
        return new SpaceSpec(width, steps, maxOps, maxFanout, maxStepFanout, m, scan, pinned);
    }

    public SpaceSpec withScan(ScanSpec s) {
        return new SpaceSpec(width, steps, maxOps, maxFanout, maxStepFanout, maxOpsPerStep, s, pinned);
    }

    /** The same spec with the state after {@code step} pinned to the given ranges {@code [lo, hi]} per wire. */
    public SpaceSpec withPinnedRanges(int step, int[][] ranges) {
        long[] masks = new long[ranges.length];
        for (int w = 0; w < ranges.length; w++) {
            masks[w] = ValueRules.rangeMask(ranges[w][0], ranges[w][1]);
        }
        TreeMap<Integer, long[]> all = new TreeMap<>(pinned);
        all.put(step, masks);
        return new SpaceSpec(width, steps, maxOps, maxFanout, maxStepFanout, maxOpsPerStep, scan, all);
    }

    public Algebra algebra() {
        return scan.algebra();
    }

    public ResultKind kind() {
        return scan.kind();
    }

    public boolean backward() {
        return scan.direction() == Direction.BACKWARD;
    }
}
