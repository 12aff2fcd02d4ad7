package org.entangle.oracle;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.entangle.lang.Machine;
import org.entangle.lang.MachineState;
import org.entangle.lang.Transition;

/**
 * Draws safe traces uniformly at random from the exact counts: from each state it picks a transition with
 * probability count(next) / count(state), so every safe trace has probability 1 / (number of safe traces).
 * Seeded, hence reproducible.
 */
public final class TraceSampler {

    private final TraceCounter counter;
    private final Machine machine;
    private final Random random;

    public TraceSampler(TraceCounter counter, long seed) {
        this.counter = counter;
        this.machine = counter.machine();
        this.random = new Random(seed);
    }

    /** One uniformly random safe trace; throws {@link IllegalStateException} when there is none. */
    public Trace sample() {
        MachineState state = machine.initial();
        BigInteger total = counter.count(state);
        if (total.signum() == 0) throw new IllegalStateException("the program has no safe trace");
        TraceBuilder path = new TraceBuilder(machine);
        while (!machine.isFinal(state)) {
            BigInteger pick = UniformDraw.below(counter.count(state), random);
            List<Transition> next = new ArrayList<>();
            machine.successors(state, true, next::add);
            Transition chosen = null;
            for (Transition t : next) {
                BigInteger c = counter.count(t.next());
                if (pick.compareTo(c) < 0) {
                    chosen = t;
                    break;
                }
                pick = pick.subtract(c);
            }
            path.push(chosen);
            state = chosen.next();
        }
        return path.trace(state.width());
    }

    /** {@code k} independent uniform samples. */
    public List<Trace> sample(int k) {
        List<Trace> out = new ArrayList<>(k);
        for (int i = 0; i < k; i++) out.add(sample());
        return out;
    }

}
