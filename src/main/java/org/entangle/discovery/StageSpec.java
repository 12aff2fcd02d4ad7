package org.entangle.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.entangle.network.metrics.NetworkMetrics;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;

/**
 * The problem of one discovery stage: the talk's problem as a spec form (n wires, steps, op budget) and the
 * constraints added so far, in order. {@link #text()} writes the angelic program the oracle runs, with every
 * constraint visible in it: a pin as the state assertions of {@link SpecForm#programText()}, a slice as the op budget
 * and a comment, a fixed block as assertions on its wires after its steps.
 *
 * @param base        the problem the session started from
 * @param constraints the constraints added, oldest first
 */
public record StageSpec(SpecForm base, List<Constraint> constraints) {

    public StageSpec {
        constraints = List.copyOf(constraints);
    }

    /** The stage of the problem itself, with no constraint added. */
    public static StageSpec of(SpecForm base) {
        return new StageSpec(base, List.of());
    }

    /** This stage with one more constraint. */
    public StageSpec with(Constraint constraint) {
        List<Constraint> more = new ArrayList<>(constraints);
        more.add(constraint);
        return new StageSpec(base, more);
    }

    /** The spec form with the pins and the budget of the latest slice. */
    public SpecForm form() {
        Constraints c = base.constraints();
        int budget = base.budget();
        for (Constraint k : constraints) {
            if (k instanceof Constraint.PinState p) c = c.withPin(p.pin());
            if (k instanceof Constraint.Slice s) budget = s.size();
        }
        return new SpecForm(base.n(), base.steps(), budget, c);
    }

    /** The latest slice, if any. */
    public Optional<Constraint.Slice> slice() {
        Constraint.Slice slice = null;
        for (Constraint k : constraints) if (k instanceof Constraint.Slice s) slice = s;
        return Optional.ofNullable(slice);
    }

    /** Whether the slice (if any) keeps a network with these metrics. */
    public boolean keeps(NetworkMetrics metrics) {
        return slice().map(s -> s.keeps(metrics)).orElse(true);
    }

    /** The program text: the spec form's program with every constraint written in. */
    public String text() {
        List<String> lines = new ArrayList<>(List.of(form().programText().split("\n")));
        List<String> header = new ArrayList<>();
        for (int i = 0; i < constraints.size(); i++) header.add("// Constraint " + (i + 1) + ": " + constraints.get(i).describe());
        slice().ifPresent(s -> header.add("// Slice: only the traces whose network has depth " + s.depth()
                + " are kept (a filter on the traces; the budget above is the size)"));
        Map<Integer, List<String>> fixes = new TreeMap<>();
        for (Constraint k : constraints) {
            if (!(k instanceof Constraint.FixBlock f)) continue;
            for (Constraint.WireRange w : f.fixes()) {
                fixes.computeIfAbsent(w.afterStep(), s -> new ArrayList<>())
                        .add("    assert x[" + w.wire() + "] == range(" + w.lo() + ", " + w.wire() + ")");
            }
        }
        if (!fixes.isEmpty()) {
            int close = loopEnd(lines);
            List<String> block = new ArrayList<>();
            block.add("  // fixed blocks: the ranges their lanes hold after their steps");
            fixes.forEach((step, asserts) -> {
                block.add("  if (step == " + step + ") {");
                block.addAll(asserts);
                block.add("  }");
            });
            lines.addAll(close, block);
        }
        lines.addAll(1, header);
        return String.join("\n", lines) + "\n";
    }

    /** The index of the step loop's closing brace: the line before the first top-level assertion. */
    private static int loopEnd(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("assert ")) return i - 1;
        }
        throw new IllegalStateException("the spec form's program has no result assertion");
    }
}
