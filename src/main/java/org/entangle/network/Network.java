package org.entangle.network;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An immutable scan network (Brent and Kung 1982; Snir 1986): a width {@code n} (wires 0..n−1), a {@link MemoryModel}
 * and a sequence of {@link Step}s. Every interpreter of the project — checker, evaluator, metrics, layout, graph
 * builder, CUDA emitter — reads this one type (the "one network, many interpreters" design of Hardcaml's prefix_sum).
 *
 * <p>The constructor enforces the structural rules of both models: every wire in range, a wire written at most
 * once per step, and an older source value ({@link Op#srcStep()}) only in the circuit model and only from an
 * earlier step. It does not decide whether the network computes a scan: that is {@code RangeChecker}'s job.
 *
 * <p>Metadata (name, the spec it is meant to meet, provenance) travels with the network but takes no part in
 * {@link #equals(Object)}, which compares the computation as scheduled.
 */
public final class Network {

    private final int width;
    private final List<Step> steps;
    private final MemoryModel model;
    private final String name;
    private final ScanSpec spec;
    private final String provenance;

    private Network(int width, List<Step> steps, MemoryModel model, String name, ScanSpec spec, String provenance) {
        this.width = width;
        this.steps = steps;
        this.model = model;
        this.name = name;
        this.spec = spec;
        this.provenance = provenance;
    }

    /** An in-place network meant as a forward inclusive scan. */
    public static Network of(int width, List<Step> steps) {
        return of(width, steps, MemoryModel.IN_PLACE);
    }

    /** A network in the given model, validated. */
    public static Network of(int width, List<Step> steps, MemoryModel model) {
        List<Step> copy = List.copyOf(steps);
        validate(width, copy, model);
        return new Network(width, copy, model, null, ScanSpec.INCLUSIVE, null);
    }

    /** Builds a network from steps given as arrays of {@code [dst, src]} combine pairs (tests, families). */
    public static Network ofPairs(int width, int[][]... steps) {
        List<Step> list = new ArrayList<>();
        for (int[][] step : steps) {
            List<Op> ops = new ArrayList<>();
            for (int[] pair : step) {
                ops.add(Op.combine(pair[0], pair[1]));
            }
            list.add(new Step(ops));
        }
        return of(width, list);
    }

    private static void validate(int width, List<Step> steps, MemoryModel model) {
        if (width < 1) {
            throw new InvalidNetworkException("width must be at least 1, got " + width, -1, -1);
        }
        Objects.requireNonNull(model, "model");
        int[] writtenInStep = new int[width];
        Arrays.fill(writtenInStep, -1);
        for (int s = 0; s < steps.size(); s++) {
            List<Op> ops = steps.get(s).ops();
            for (int i = 0; i < ops.size(); i++) {
                Op op = ops.get(i);
                checkWire(op.dst(), width, s, i);
                checkWire(op.src(), width, s, i);
                if (op.readsOlderValue()) {
                    if (model == MemoryModel.IN_PLACE) {
                        throw new InvalidNetworkException("op " + op + " reads an older value of wire " + op.src()
                                + ", which only the circuit model allows", s, i);
                    }
                    if (op.srcStep() >= s) {
                        throw new InvalidNetworkException("op " + op + " reads wire " + op.src() + " after step "
                                + op.srcStep() + ", which is not earlier than its own step " + s, s, i);
                    }
                }
                markWritten(writtenInStep, op.dst(), s, i);
                if (op.kind().writesSource()) {
                    markWritten(writtenInStep, op.src(), s, i);
                }
            }
        }
    }

    private static void checkWire(int wire, int width, int step, int op) {
        if (wire < 0 || wire >= width) {
            throw new InvalidNetworkException("wire " + wire + " is out of range 0.." + (width - 1), step, op);
        }
    }

    private static void markWritten(int[] writtenInStep, int wire, int step, int op) {
        if (writtenInStep[wire] == step) {
            throw new InvalidNetworkException("wire " + wire + " is written twice in step " + step, step, op);
        }
        writtenInStep[wire] = step;
    }

    public int width() {
        return width;
    }

    public List<Step> steps() {
        return steps;
    }

    public Step step(int index) {
        return steps.get(index);
    }

    public int stepCount() {
        return steps.size();
    }

    public MemoryModel model() {
        return model;
    }

    /** A display name, or null. */
    public String name() {
        return name;
    }

    /** The spec the network is meant to meet (forward inclusive associative unless stated). */
    public ScanSpec spec() {
        return spec;
    }

    /** Where the network came from (a paper, a program, a search), or null. */
    public String provenance() {
        return provenance;
    }

    /** Total number of ops of every kind. */
    public int opCount() {
        int c = 0;
        for (Step s : steps) c += s.size();
        return c;
    }

    public Network withName(String newName) {
        return new Network(width, steps, model, newName, spec, provenance);
    }

    public Network withSpec(ScanSpec newSpec) {
        return new Network(width, steps, model, name, Objects.requireNonNull(newSpec), provenance);
    }

    public Network withProvenance(String newProvenance) {
        return new Network(width, steps, model, name, spec, newProvenance);
    }

    /** The same steps read in another model (validated again: older reads need the circuit model). */
    public Network withModel(MemoryModel newModel) {
        validate(width, steps, newModel);
        return new Network(width, steps, newModel, name, spec, provenance);
    }

    /** A network with the same metadata and other steps. */
    public Network withSteps(List<Step> newSteps) {
        List<Step> copy = List.copyOf(newSteps);
        validate(width, copy, model);
        return new Network(width, copy, model, name, spec, provenance);
    }

    /** The network without its empty steps. */
    public Network withoutEmptySteps() {
        List<Step> kept = new ArrayList<>();
        for (Step s : steps) {
            if (!s.isEmpty()) kept.add(s);
        }
        if (kept.size() == steps.size()) return this;
        int[] newIndex = new int[steps.size()];
        int last = Op.INPUT;
        int next = 0;
        for (int s = 0; s < steps.size(); s++) {
            if (!steps.get(s).isEmpty()) last = next++;
            newIndex[s] = last;
        }
        List<Step> renumbered = new ArrayList<>();
        for (Step s : kept) {
            List<Op> ops = new ArrayList<>(s.size());
            for (Op op : s.ops()) {
                ops.add(op.readsOlderValue() && op.srcStep() >= 0 ? op.withSrcStep(newIndex[op.srcStep()]) : op);
            }
            renumbered.add(new Step(ops));
        }
        return withSteps(renumbered);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof Network other)) return false;
        return width == other.width && model == other.model && steps.equals(other.steps);
    }

    @Override
    public int hashCode() {
        return Objects.hash(width, model, steps);
    }

    @Override
    public String toString() {
        return (name == null ? "network" : name) + "(n=" + width + ", steps=" + steps.size() + ", ops=" + opCount() + ")";
    }
}
