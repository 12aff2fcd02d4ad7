package org.entangle.oracle;
import org.entangle.work.CancellationToken;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.entangle.lang.Machine;
import org.entangle.lang.MachineState;
import org.entangle.lang.Program;
import org.entangle.lang.Transition;
import org.entangle.network.Network;

/**
 * The one execution of a program without angels (a trace of zero choices), found by running the
 * interpreter once from the initial state to the end: no counting, no memo. Each instruction of such a program
 * has at most one transition ({@link Machine#successors}), so the walk is a path; it yields the same
 * {@link Trace} as {@link TraceEnumerator} would for the program's only safe execution, and when an instruction
 * has none (an assertion fails, a value is dead, an index is out of bounds) it stops with what failed and the
 * network written before the failure.
 */
public final class SingleRun {

    /**
     * How a run ended.
     *
     * @param trace         the safe execution, or null when it failed
     * @param failure       the interpreter's first failure ({@code line:column: reason}), or null when there is
     *                      none to report (safe, or stopped by an {@code assume})
     * @param written       when it failed, the network of the steps run before the failing instruction
     * @param atResult      when it failed, whether the failing instruction was the final {@code assert scan/reduce}
     *                      (so {@code written} is the whole network the program builds)
     */
    public record Outcome(Trace trace, String failure, Network written, boolean atResult) {
        public boolean safe() {
            return trace != null;
        }
    }

    private SingleRun() {
    }

    /**
     * Runs {@code program} (which must have no angels) with the given parameters, polling {@code cancel} between
     * instructions; a {@link org.entangle.lang.LangError} of the program propagates.
     */
    public static Outcome run(Program program, Map<String, Integer> parameters, CancellationToken cancel) {
        if (program.hasAngels()) throw new IllegalArgumentException("the program asks angels: it has more than one execution to search");
        Machine machine = Machine.once(program, parameters);
        TraceBuilder path = new TraceBuilder(machine);
        MachineState state = machine.initial();
        List<Transition> next = new ArrayList<>(1);
        while (!machine.isFinal(state)) {
            cancel.throwIfCancelled();
            boolean atResult = machine.atResultAssertion(state);
            next.clear();
            machine.successors(state, true, next::add);
            if (next.isEmpty()) {
                List<String> failures = machine.failureSamples();
                return new Outcome(null, failures.isEmpty() ? null : failures.get(0), path.trace(state.width()).network(), atResult);
            }
            path.push(next.get(0));
            state = next.get(0).next();
        }
        return new Outcome(path.trace(state.width()), null, null, false);
    }
}
