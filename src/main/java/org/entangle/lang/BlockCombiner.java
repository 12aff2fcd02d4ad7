package org.entangle.lang;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.entangle.network.Op;
import org.entangle.network.check.SymbolicValue;

/**
 * Executes one {@code parallel} block as SIMD lanes. Lanes are independent given the pre-block state, so each
 * lane's outcomes (one per sequence of its angels' values) are enumerated on their own; the block's transitions
 * are the combinations of one outcome per lane, in which writes land together, two lanes writing one element
 * fail, {@code +=} on a scalar sums over lanes and a plain assignment from two lanes is an error. A block whose
 * lanes write nothing adds no step. An idle lane (one outcome, no angel, no effect) changes no combination, so only
 * the other lanes are combined. A machine that runs each state once runs the blocks it can as vectors instead
 * ({@link VectorBlock}), with the same transition.
 */
final class BlockCombiner {

    private final Machine machine;
    private final MachineState state;
    private final SymbolicValue[] x;
    private final Stmt.Parallel block;
    private final boolean withChoices;
    private final Consumer<Transition> sink;
    private List<List<LaneRunner.Outcome>> lanes;
    private int firstLane;
    /** The lane number of each entry of {@link #lanes}: the lanes that are not idle, in order. */
    private int[] laneNumbers;
    private int[] writer;
    private int[] assigner;
    private SymbolicValue[] newX;
    private int[] assigned;
    private int[] sums;
    private List<LaneRunner.Outcome> chosen;

    BlockCombiner(Machine machine, MachineState state, SymbolicValue[] x, Stmt.Parallel block, boolean withChoices,
                  Consumer<Transition> sink) {
        this.machine = machine;
        this.state = state;
        this.x = x;
        this.block = block;
        this.withChoices = withChoices;
        this.sink = sink;
    }

    void run() {
        LaneRunner runner = new LaneRunner(machine, state, x, block);
        VectorBlock vectors = machine.vectorBlock();
        if (vectors != null && vectors.run(state, x, block, runner.firstLane(), runner.lastLane(), withChoices, sink)) return;
        firstLane = runner.firstLane();
        List<LaneRunner.LaneResult> results = runner.lanes();
        lanes = new ArrayList<>();
        laneNumbers = new int[results.size()];
        for (int i = 0; i < results.size(); i++) {
            LaneRunner.LaneResult r = results.get(i);
            if (r.outcomes().isEmpty()) return;
            if (r.idle()) continue;
            laneNumbers[lanes.size()] = firstLane + i;
            lanes.add(r.outcomes());
        }
        int slotCount = state.slots.length;
        writer = x == null ? new int[0] : new int[x.length];
        Arrays.fill(writer, -1);
        assigner = new int[slotCount];
        Arrays.fill(assigner, -1);
        assigned = new int[slotCount];
        sums = new int[slotCount];
        newX = x == null ? null : x.clone();
        chosen = new ArrayList<>(lanes.size());
        combine(0);
    }

    /**
     * Combines lanes {@code laneIndex}.. with every outcome of each. Lanes with a single outcome (every lane of
     * a program without angels) are taken in a loop, so the recursion is only as deep as the lanes with a choice.
     */
    private void combine(int laneIndex) {
        int next = laneIndex;
        boolean blocked = false;
        while (next < lanes.size() && lanes.get(next).size() == 1) {
            if (!choose(lanes.get(next).get(0), laneNumbers[next])) {
                blocked = true;
                break;
            }
            next++;
        }
        if (!blocked && next == lanes.size()) {
            emit();
        } else if (!blocked) {
            for (LaneRunner.Outcome o : lanes.get(next)) {
                if (choose(o, laneNumbers[next])) {
                    combine(next + 1);
                    release(o, laneNumbers[next]);
                }
            }
        }
        for (int i = next - 1; i >= laneIndex; i--) release(lanes.get(i).get(0), laneNumbers[i]);
    }

    /** Takes outcome {@code o} for {@code lane}; false (a failure recorded) when another lane wrote the same element. */
    private boolean choose(LaneRunner.Outcome o, int lane) {
        int conflict = apply(o.effects(), lane);
        if (conflict >= 0) {
            int other = writer[conflict];
            machine.recordFailure(new ExecutionFailure(block.at(),
                    () -> "lanes " + other + " and " + lane + " both write x[" + conflict + "]"));
            return false;
        }
        chosen.add(o);
        return true;
    }

    private void release(LaneRunner.Outcome o, int lane) {
        chosen.remove(chosen.size() - 1);
        undo(o.effects(), lane);
    }

    /** Applies a lane's effects; returns the element another lane already wrote, or −1. */
    private int apply(Execution.LaneEffects fx, int lane) {
        if (fx.isEmpty()) return -1;
        for (int i = 0; i < fx.ops.size(); i++) {
            int d = fx.ops.get(i).dst();
            if (writer[d] >= 0) return d;
        }
        for (int i = 0; i < fx.ops.size(); i++) {
            int d = fx.ops.get(i).dst();
            writer[d] = lane;
            newX[d] = fx.written.get(i).value();
        }
        for (int i = 0; i < fx.assignedSlots.size(); i++) {
            int s = fx.assignedSlots.get(i);
            if (assigner[s] >= 0 && assigner[s] != lane) {
                throw new LangError(fx.firstAssign, "scalar '" + machine.program().slotNames().get(s) + "' is assigned by lanes "
                        + assigner[s] + " and " + lane + " of one parallel block (use += to sum over lanes)");
            }
            assigner[s] = lane;
            assigned[s] = fx.assignedValues.get(i);
        }
        if (fx.sums != null) {
            for (int s = 0; s < sums.length; s++) sums[s] += fx.sums[s];
        }
        return -1;
    }

    private void undo(Execution.LaneEffects fx, int lane) {
        if (fx.isEmpty()) return;
        for (Op op : fx.ops) {
            writer[op.dst()] = -1;
            newX[op.dst()] = x[op.dst()];
        }
        for (int s : fx.assignedSlots) assigner[s] = -1;
        if (fx.sums != null) {
            for (int s = 0; s < sums.length; s++) sums[s] -= fx.sums[s];
        }
    }

    private void emit() {
        int[] slots = state.slots.clone();
        for (int s = 0; s < slots.length; s++) {
            if (assigner[s] >= 0) slots[s] = assigned[s];
            slots[s] += sums[s];
        }
        boolean anyOp = false;
        for (LaneRunner.Outcome o : chosen) anyOp |= !o.effects().ops.isEmpty();
        List<Op> step = null;
        List<AngelChoice> choices = List.of();
        if (withChoices || (anyOp && machine.program().tracksReads())) {
            step = new ArrayList<>();
            choices = new ArrayList<>();
            for (LaneRunner.Outcome o : chosen) {
                if (!o.effects().ops.isEmpty()) step.addAll(o.effects().ops);
                if (!o.choices().isEmpty()) choices.addAll(o.choices());
            }
            if (step.isEmpty()) step = null;
        }
        SymbolicValue[] nextX = anyOp ? newX.clone() : x;
        sink.accept(new Transition(choices, step, machine.next(state.pc + 1, slots, nextX, state, step)));
    }
}
