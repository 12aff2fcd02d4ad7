package org.entangle.lang;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.check.SymbolicValue;

/**
 * Runs every lane of a parallel block from the pre-block state, each on its own (lanes are independent given
 * that state): evaluates the lane range, then enumerates each lane's outcomes, one per sequence of its angels'
 * values that does not fail, through the machine's {@link LaneCache} when it memoises lanes.
 */
final class LaneRunner {

    /** One way a lane can run: its angel values and its buffered effects. */
    record Outcome(List<AngelChoice> choices, Execution.LaneEffects effects) {
    }

    /**
     * All outcomes of one lane, and the lowest and highest x element it read (an empty read set has
     * {@code minRead} = Integer.MAX_VALUE and {@code maxRead} = −1; a machine that does not memoise lanes records
     * no reads and reports the widest bounds, Integer.MIN_VALUE and Integer.MAX_VALUE).
     */
    record LaneResult(List<Outcome> outcomes, int minRead, int maxRead) {
        /** Whether the lane's only outcome asks no angel and writes nothing. */
        boolean idle() {
            return outcomes.size() == 1 && outcomes.get(0) == IDLE;
        }
    }

    /** The outcome of a lane that asked no angel and wrote nothing (shared: it is never written to). */
    private static final Outcome IDLE = new Outcome(List.of(), new Execution.LaneEffects());

    /** The result of such a lane when no reads are recorded (a machine that does not memoise lanes). */
    private static final LaneResult IDLE_UNRECORDED = new LaneResult(List.of(IDLE), Integer.MIN_VALUE, Integer.MAX_VALUE);

    private final Machine machine;
    private final MachineState state;
    private final SymbolicValue[] x;
    private final Stmt.Parallel block;
    private final int firstLane;
    private final int lastLane;
    private final Replay replay = new Replay();
    /** The effects the next lane run writes into; replaced once a run keeps them in its outcome. */
    private Execution.LaneEffects scratch = new Execution.LaneEffects();
    /** The execution {@link #laneExecution} hands out again, or null. */
    private Execution reused;

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
        if (firstLane <= lastLane) machine.limits().checkTrips(block.at(), (long) lastLane - firstLane + 1, "parallel block");
    }

    int firstLane() {
        return firstLane;
    }

    int lastLane() {
        return lastLane;
    }

    /** Every lane's outcomes, in lane order; stops early (with a shorter list) at a lane that always fails. */
    List<LaneResult> lanes() {
        List<LaneResult> all = new ArrayList<>(Math.max(0, lastLane - firstLane + 1));
        for (long lane = firstLane; lane <= lastLane; lane++) {
            LaneResult r = lane((int) lane);
            all.add(r);
            if (r.outcomes().isEmpty()) break;
        }
        return all;
    }

    /**
     * An execution of {@code lane} from the pre-block state, writing into {@link #scratch}. Without a read log
     * (no memo) one execution and its slot array serve every lane until the scratch effects are kept.
     */
    private Execution laneExecution(int lane, ReadLog reads) {
        if (reads != null || reused == null || reused.lane != scratch) {
            int[] slots = state.slots.clone();
            slots[block.slot()] = lane;
            Execution e = new Execution(machine, replay, slots, x, state, state.slots, scratch, reads);
            reused = reads == null ? e : null;
            return e;
        }
        System.arraycopy(state.slots, 0, reused.slots, 0, state.slots.length);
        reused.slots[block.slot()] = lane;
        return reused;
    }

    private LaneResult lane(int lane) {
        LaneCache<LaneResult> cache = machine.memoisesLanes() ? machine.laneCache(block, lane) : null;
        LaneResult cached = cache == null ? null : cache.lookup(state, x);
        if (cached != null) return cached;
        ReadLog reads = cache == null ? null : new ReadLog();
        Outcome first = null;
        List<Outcome> outcomes = null;
        replay.reset();
        do {
            Execution e = laneExecution(lane, reads);
            try {
                e.execute(block.body());
                List<AngelChoice> choices = replay.choices();
                Outcome o = IDLE;
                if (!choices.isEmpty() || !scratch.isEmpty()) {
                    o = new Outcome(choices, scratch);
                    scratch = new Execution.LaneEffects();
                }
                if (first == null) {
                    first = o;
                } else {
                    if (outcomes == null) outcomes = new ArrayList<>(List.of(first));
                    outcomes.add(o);
                }
            } catch (ExecutionFailure f) {
                machine.recordFailure(f);
                scratch = new Execution.LaneEffects();
            }
        } while (replay.next());
        if (cache == null && first == IDLE && outcomes == null) return IDLE_UNRECORDED;
        if (outcomes == null) outcomes = first == null ? List.of() : List.of(first);
        if (cache == null) return new LaneResult(outcomes, Integer.MIN_VALUE, Integer.MAX_VALUE);
        int min = reads.elements.isEmpty() ? Integer.MAX_VALUE : reads.elements.nextSetBit(0);
        LaneResult result = new LaneResult(List.copyOf(outcomes), min, reads.elements.length() - 1);
        cache.store(reads, state, x, result);
        return result;
    }
}
