package org.entangle.oracle;

import java.util.ArrayList;
import java.util.List;
import org.entangle.lang.AngelChoice;
import org.entangle.lang.Machine;
import org.entangle.lang.Transition;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.Step;

/** The path of transitions walked so far, and the trace (angel values and network) it spells once safe. */
final class TraceBuilder {

    private final Machine machine;
    private final List<Transition> path = new ArrayList<>();

    TraceBuilder(Machine machine) {
        this.machine = machine;
    }

    void push(Transition t) {
        path.add(t);
    }

    void pop() {
        path.remove(path.size() - 1);
    }

    /** The trace of the current path, which must end in a final state of width {@code width}. */
    Trace trace(int width) {
        List<AngelChoice> choices = new ArrayList<>();
        List<Step> steps = new ArrayList<>();
        for (Transition t : path) {
            choices.addAll(t.choices());
            List<Op> ops = t.step();
            if (ops != null) steps.add(new Step(ops));
        }
        Network network = Network.of(Math.max(width, 1), steps, MemoryModel.IN_PLACE).withSpec(machine.resultSpec())
                .withProvenance("angelic program trace");
        return new Trace(List.copyOf(choices), network);
    }
}
