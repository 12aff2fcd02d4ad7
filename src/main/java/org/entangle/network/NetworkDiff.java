package org.entangle.network;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The structural diff of two networks of the same width (the talk's "compare with the example"): their
 * non-empty steps are matched in order (so steps are compared modulo empty steps) and, step by step, each op
 * is in both, only in the first ("ours", typically the program's network) or only in the second (the example).
 *
 * @param steps one entry per matched step
 */
public record NetworkDiff(List<StepDiff> steps) {

    /**
     * The ops of one matched step.
     *
     * @param common   ops in both
     * @param onlyOurs ops only in the first network
     * @param onlyTheirs ops only in the second network
     */
    public record StepDiff(List<Op> common, List<Op> onlyOurs, List<Op> onlyTheirs) {
    }

    /** Diffs {@code ours} against {@code theirs}. */
    public static NetworkDiff of(Network ours, Network theirs) {
        if (ours.width() != theirs.width()) {
            throw new IllegalArgumentException("cannot diff networks of widths " + ours.width() + " and " + theirs.width());
        }
        Network a = ours.withoutEmptySteps();
        Network b = theirs.withoutEmptySteps();
        List<StepDiff> result = new ArrayList<>();
        for (int s = 0; s < Math.max(a.stepCount(), b.stepCount()); s++) {
            Set<Op> x = s < a.stepCount() ? new LinkedHashSet<>(a.step(s).ops()) : Set.of();
            Set<Op> y = s < b.stepCount() ? new LinkedHashSet<>(b.step(s).ops()) : Set.of();
            List<Op> common = new ArrayList<>();
            List<Op> onlyX = new ArrayList<>();
            for (Op op : x) {
                (y.contains(op) ? common : onlyX).add(op);
            }
            List<Op> onlyY = new ArrayList<>();
            for (Op op : y) {
                if (!x.contains(op)) onlyY.add(op);
            }
            result.add(new StepDiff(common, onlyX, onlyY));
        }
        return new NetworkDiff(result);
    }

    /** Whether the two networks are identical modulo empty steps. */
    public boolean identical() {
        return steps.stream().allMatch(s -> s.onlyOurs().isEmpty() && s.onlyTheirs().isEmpty());
    }

    public int commonCount() {
        return steps.stream().mapToInt(s -> s.common().size()).sum();
    }

    public int onlyOursCount() {
        return steps.stream().mapToInt(s -> s.onlyOurs().size()).sum();
    }

    public int onlyTheirsCount() {
        return steps.stream().mapToInt(s -> s.onlyTheirs().size()).sum();
    }

    /** The first step that differs, or −1. */
    public int firstDifferingStep() {
        for (int s = 0; s < steps.size(); s++) {
            if (!steps.get(s).onlyOurs().isEmpty() || !steps.get(s).onlyTheirs().isEmpty()) return s;
        }
        return -1;
    }
}
