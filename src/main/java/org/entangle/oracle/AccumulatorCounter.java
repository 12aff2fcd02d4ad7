package org.entangle.oracle;
import org.entangle.work.CancellationToken;

import java.util.HashMap;
import java.util.Map;
import org.entangle.lang.LaneProfiles;
import org.entangle.lang.Machine;
import org.entangle.lang.MachineState;

/**
 * Memoised counting with the program's accumulator (such as the talk's {@code ops}) taken out of the state:
 * control never depends on it, so states that differ only in it share one memo entry, whose value is the
 * {@link Slack} histogram of their continuations. A transition that raises the accumulator by d lowers every
 * slack by d; a bound check {@code assert acc <= B} clamps slack at B; a reset to a literal k keeps the
 * continuations with slack ≥ k, with unlimited slack. For the talk's (8, 6, 16) this merges about 4.5 states
 * into one. Throws {@link ArithmeticException} when a count overflows a long or the accumulator decreases, and
 * the caller falls back to {@link TraceCounter}'s exact state-by-state count.
 */
final class AccumulatorCounter {

    private final Machine machine;
    private final CancellationToken cancel;
    private final Map<MachineState, Slack> memo = new HashMap<>();
    private final Runnable onNewStates;
    private final LaneProfiles<Slack> lanes;

    /** {@code onNewStates} runs every 4096 new memo entries (progress reports). */
    AccumulatorCounter(Machine machine, CancellationToken cancel, Runnable onNewStates) {
        this.machine = machine;
        this.cancel = cancel;
        this.onNewStates = onNewStates;
        this.lanes = new LaneProfiles<>(machine, Slack.COUNTS, cancel::throwIfCancelledSometimes);
    }

    /** The number of safe continuations from {@code state}. */
    long count(MachineState state) {
        int v = machine.accumulatorValue(state);
        return slack(machine.withAccumulator(state, 0)).atLeast(v == MachineState.UNDEFINED ? Integer.MIN_VALUE : v);
    }

    int statesExplored() {
        return memo.size();
    }

    private Slack slack(MachineState state) {
        if (machine.isFinal(state)) return Slack.ONE;
        boolean block = machine.atBlock(state);
        if (block) {
            Slack known = memo.get(state);
            if (known != null) {
                cancel.throwIfCancelledSometimes();
                return known;
            }
            cancel.throwIfCancelled();
        }
        Slack byLanes = block ? lanes.count(state, this::slack) : null;
        if (byLanes != null) {
            memo.put(state, byLanes);
            if ((memo.size() & 4095) == 0) onNewStates.run();
            return byLanes;
        }
        Slack.Builder b = new Slack.Builder();
        Machine.BoundCheck check = machine.boundCheckAt(state);
        if (check != null) {
            b.addClamped(slack(check.next()), check.bound());
        } else if (machine.resetsAccumulator(state)) {
            machine.successors(state, false, t -> {
                int k = machine.accumulatorValue(t.next());
                b.addInfinite(slack(machine.withAccumulator(t.next(), 0)).atLeast(k));
            });
        } else {
            int before = machine.accumulatorValue(state);
            machine.successors(state, false, t -> {
                int after = machine.accumulatorValue(t.next());
                int raise = before == MachineState.UNDEFINED ? 0 : after - before;
                if (raise < 0) throw new ArithmeticException("the accumulator decreased");
                b.addRaised(slack(machine.withAccumulator(t.next(), 0)), raise);
            });
        }
        Slack result = b.build();
        if (block) {
            memo.put(state, result);
            if ((memo.size() & 4095) == 0) onNewStates.run();
        }
        return result;
    }
}
