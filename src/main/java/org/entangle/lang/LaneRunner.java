package org.entangle.lang;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.check.SymbolicValue;

/**
 * Runs every lane of a parallel block from the pre-block state, each on its own (lanes are independent given
 * that state): evaluates the lane range, then enumerates each lane's outcomes, one per sequence of its angels'
 * values that does not fail, through the machine's {@link LaneCache}.
 */
final class LaneRunner {

    /** One way a lane can run: its angel values and its buffered effects. */
    record Outcome(List<AngelChoice> choices, Execution.LaneEffects effects) {
    }

    /**
     * All outcomes of one lane, and the lowest and highest x element it read (an empty read set has
     * {@code minRead} = Integer.MAX_VALUE and {@code maxRead} = −1).
     */
    record LaneResult(List<Outcome> outcomes, int minRead, int maxRead) {
    }

    private final Machine machine;
    private final MachineState state;
    private final SymbolicValue[] x;
    private final Stmt.Parallel block;
    private final int firstLane;
    private final int lastLane;

    LaneRunner(Machine machine, MachineState state, SymbolicValue[] x, Stmt.Parallel block) {
        this.machine = machine;
        this.state = state;
        this.x = x;
        this.block = block;
        Replay boundsReplay = new Replay();
        boundsReplay.reset();
        Execution bounds = new Execution(machine, boundsReplay, state.slots.clone(), x, state);
        firstLane = bounds.integer(block.lo());
        lastLane = bounds.integer(block.hi());
        if (!boundsReplay.choices().isEmpty()) throw new LangError(block.lo().at(), "the lane range of a parallel block cannot ask an angel");
    }

    int firstLane() {
        return firstLane;
    }

    /** Every lane's outcomes, in lane order; stops early (with a shorter list) at a lane that always fails. */
    List<LaneResult> lanes() {
        List<LaneResult> all = new ArrayList<>();
        for (int lane = firstLane; lane <= lastLane; lane++) {
            LaneResult r = lane(lane);
            all.add(r);
            if (r.outcomes().isEmpty()) break;
        }
        return all;
    }

    private LaneResult lane(int lane) {
        LaneCache<LaneResult> cache = machine.laneCache(block, lane);
        LaneResult cached = cache.lookup(state, x);
        if (cached != null) return cached;
        ReadLog reads = new ReadLog();
        List<Outcome> outcomes = new ArrayList<>();
        Replay replay = new Replay();
        replay.reset();
        do {
            int[] slots = state.slots.clone();
            slots[block.slot()] = lane;
            Execution.LaneEffects effects = new Execution.LaneEffects();
            Execution e = new Execution(machine, replay, slots, x, state, state.slots, effects, reads);
            try {
                e.execute(block.body());
                outcomes.add(new Outcome(replay.choices(), effects));
            } catch (ExecutionFailure f) {
                machine.recordFailure(f);
            }
        } while (replay.next());
        int min = reads.elements.isEmpty() ? Integer.MAX_VALUE : reads.elements.nextSetBit(0);
        LaneResult result = new LaneResult(List.copyOf(outcomes), min, reads.elements.length() - 1);
        cache.store(reads, state, x, result);
        return result;
    }
}
