package org.entangle.generalize.synth;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.entangle.lang.LangError;
import org.entangle.lang.Machine;
import org.entangle.lang.MachineState;
import org.entangle.lang.Program;
import org.entangle.lang.Transition;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.Step;

/**
 * Runs a deterministic program (no angels, so exactly one trace) at a given N with the language interpreter
 * ({@link Machine}) and returns the network it writes.
 */
public final class ProgramRunner {

    private ProgramRunner() {
    }

    /** The network {@code program} yields at {@code n}; {@link IllegalStateException} when it fails or is not deterministic. */
    public static Network network(Program program, int n) {
        Machine machine;
        try {
            machine = Machine.of(program, Map.of("N", n));
        } catch (LangError e) {
            throw new IllegalStateException(e.getMessage());
        }
        MachineState state = machine.initial();
        List<Step> steps = new ArrayList<>();
        while (!machine.isFinal(state)) {
            List<Transition> next = new ArrayList<>(1);
            try {
                machine.successors(state, true, next::add);
            } catch (LangError e) {
                throw new IllegalStateException(e.getMessage());
            }
            if (next.isEmpty()) {
                List<String> why = machine.failureSamples();
                throw new IllegalStateException(why.isEmpty() ? "the program fails" : why.get(0));
            }
            if (next.size() > 1) throw new IllegalStateException("the program is not deterministic (it has angels)");
            Transition t = next.get(0);
            if (t.step() != null) steps.add(new Step(List.<Op>copyOf(t.step())));
            state = t.next();
        }
        return Network.of(n, steps);
    }
}
