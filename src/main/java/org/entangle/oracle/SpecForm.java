package org.entangle.oracle;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.ResultKind;

/**
 * The problem of the talk given as parameters rather than program text (the "spec form"): n wires,
 * {@code steps} SIMD steps in each of which every lane may combine in the value of one other lane, at most
 * {@code budget} ops in all, and {@link Constraints}. {@link #programText()} writes the equivalent angelic
 * program (for no constraints, the talk's program with these numbers), which the oracle then runs: both paths
 * share one semantics.
 *
 * @param n      the width
 * @param steps  the number of steps (loop iterations)
 * @param budget the most ops in all
 * @param constraints the rest
 */
public record SpecForm(int n, int steps, int budget, Constraints constraints) {

    public SpecForm {
        if (n < 1) throw new IllegalArgumentException("n must be at least 1, got " + n);
        if (steps < 0) throw new IllegalArgumentException("steps must be at least 0, got " + steps);
        if (budget < 0) throw new IllegalArgumentException("the op budget must be at least 0, got " + budget);
        boolean exclusive = constraints.kind() == ResultKind.EXCLUSIVE;
        if (exclusive && steps < 1) throw new IllegalArgumentException("an exclusive scan needs a step for its shift");
        for (Pin p : constraints.pins()) {
            if (p.lo().length != n) throw new IllegalArgumentException("a pin names " + p.lo().length + " wires, not " + n);
            if (p.afterStep() < 1 || p.afterStep() > steps) {
                throw new IllegalArgumentException("a pin after step " + p.afterStep() + " is outside steps 1.." + steps);
            }
        }
    }

    /**
     * The spec form that {@code program} is, when it is exactly what {@link #programText()} writes for some spec
     * (up to layout, comments and the spelling of constant expressions; {@link SpecFormRecogniser}), else empty.
     */
    public static java.util.Optional<SpecForm> recognise(org.entangle.lang.Program program) {
        return java.util.Optional.ofNullable(SpecFormRecogniser.recognise(program).form());
    }

    /** The equivalent angelic program. */
    public String programText() {
        Constraints c = constraints;
        boolean backward = c.direction() == Direction.BACKWARD;
        boolean exclusive = c.kind() == ResultKind.EXCLUSIVE;
        List<String> lines = new ArrayList<>();
        lines.add("// Spec form: n = " + n + ", " + steps + " steps, at most " + budget + " ops" + describeConstraints());
        if (c.algebra() != Algebra.ASSOCIATIVE) lines.add("algebra " + c.algebra().token());
        lines.add("N = " + n);
        lines.add("ops = 0");
        int first = 1;
        if (exclusive) {
            lines.add("// step 1 shifts x by one wire and puts the identity at the open end");
            lines.add("parallel r in 0 .. N - 1 {");
            lines.add(backward ? "  if (r == N - 1) { x[r] = identity() } else { x[r] = x[r + 1] }"
                    : "  if (r == 0) { x[r] = identity() } else { x[r] = x[r - 1] }");
            lines.add("}");
            first = 2;
        }
        boolean stepCounter = c.maxOpsPerStep() > 0;
        lines.add("for step in " + first + " .. " + steps + " {");
        if (stepCounter) lines.add("  stepOps = 0");
        lines.add("  parallel r in 0 .. N - 1 {");
        lines.add("    if (!!) {");
        lines.add(backward ? "      x[r] = x[r] + x[r + !!(1 .. N - 1 - r)]" : "      x[r] = x[r - !!(1 .. r)] + x[r]");
        lines.add("      ops += 1");
        if (stepCounter) lines.add("      stepOps += 1");
        lines.add("    }");
        lines.add("  }");
        if (stepCounter) lines.add("  assert stepOps <= " + c.maxOpsPerStep());
        if (c.maxFanout() > 0) lines.add("  assert fanout(x) <= " + c.maxFanout());
        if (c.maxStepFanout() > 0) lines.add("  assert stepfanout(x) <= " + c.maxStepFanout());
        for (Pin p : c.pins()) {
            lines.add("  if (step == " + p.afterStep() + ") {");
            for (int i = 0; i < n; i++) lines.add("    assert x[" + i + "] == range(" + p.lo()[i] + ", " + p.hi()[i] + ")");
            lines.add("  }");
        }
        lines.add("}");
        lines.add("assert " + resultAssertion());
        lines.add("assert ops <= " + budget);
        return String.join("\n", lines) + "\n";
    }

    private String resultAssertion() {
        Constraints c = constraints;
        List<String> options = new ArrayList<>();
        if (c.kind() == ResultKind.EXCLUSIVE) options.add("exclusive");
        if (c.direction() == Direction.BACKWARD) options.add("backward");
        String name = c.kind() == ResultKind.REDUCE ? "reduce" : "scan";
        return name + "(x" + (options.isEmpty() ? "" : ", " + String.join(", ", options)) + ")";
    }

    private String describeConstraints() {
        Constraints c = constraints;
        StringBuilder sb = new StringBuilder();
        if (c.maxFanout() > 0) sb.append(", fan-out at most ").append(c.maxFanout());
        if (c.maxStepFanout() > 0) sb.append(", fan-out per step at most ").append(c.maxStepFanout());
        if (c.maxOpsPerStep() > 0) sb.append(", at most ").append(c.maxOpsPerStep()).append(" ops per step");
        if (c.algebra() != Algebra.ASSOCIATIVE) sb.append(", ").append(c.algebra().token()).append(" operators");
        if (c.kind() != ResultKind.INCLUSIVE || c.direction() != Direction.FORWARD) {
            sb.append(", ").append(c.direction().token()).append(' ').append(c.kind().token());
        }
        for (Pin p : c.pins()) sb.append(", pinned ").append(p.format());
        return sb.toString();
    }

    /**
     * Why this space can have no safe trace, when a known bound says so, or null: depth below ⌈log2 n⌉ (every
     * output depends on all earlier inputs, and one step at most doubles a range), fewer than n − 1 ops, or
     * Snir's bound size + depth ≥ 2n − 2 (depth ≤ steps in the in-place model).
     */
    public String knownBoundViolated() {
        int need = n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
        int angelSteps = constraints.kind() == ResultKind.EXCLUSIVE ? steps - 1 : steps;
        int width = constraints.kind() == ResultKind.INCLUSIVE ? n : n - 1;
        int needExclusive = width <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(width - 1);
        if (constraints.kind() == ResultKind.INCLUSIVE && angelSteps < need) {
            return angelSteps + " steps is below the depth bound ceil(log2 " + n + ") = " + need;
        }
        if (constraints.kind() != ResultKind.INCLUSIVE && angelSteps < needExclusive) {
            return angelSteps + " combining steps is below the depth bound ceil(log2 " + width + ") = " + needExclusive;
        }
        if (constraints.kind() != ResultKind.REDUCE && budget < width - 1) {
            return budget + " ops is below the size bound n - 1 = " + (width - 1);
        }
        if (constraints.kind() == ResultKind.INCLUSIVE && budget + steps < 2 * n - 2) {
            return "Snir's bound: size + depth >= 2n - 2 = " + (2 * n - 2) + ", but at most " + budget + " ops + "
                    + steps + " steps = " + (budget + steps);
        }
        return null;
    }
}
