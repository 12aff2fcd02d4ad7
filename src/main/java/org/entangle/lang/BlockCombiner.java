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
 * lanes write nothing adds no step.
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
    private int[] writer;
    private int[] assigner;
    private SymbolicValue[] newX;
    private int[] assigned;
    private int[] sums;
    private final List<LaneRunner.Outcome> chosen = new ArrayList<>();

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
        firstLane = runner.firstLane();
        lanes = new ArrayList<>();
        for (LaneRunner.LaneResult r : runner.lanes()) {
            if (r.outcomes().isEmpty()) return;
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
        combine(0);
    }

    private void combine(int laneIndex) {
        if (laneIndex == lanes.size()) {
            emit();
            return;
        }
        int lane = firstLane + laneIndex;
        for (LaneRunner.Outcome o : lanes.get(laneIndex)) {
            Execution.LaneEffects fx = o.effects();
            int conflict = apply(fx, lane);
            if (conflict < 0) {
                chosen.add(o);
                combine(laneIndex + 1);
                chosen.remove(chosen.size() - 1);
                undo(fx, lane);
            } else {
                int other = writer[conflict];
                machine.recordFailure(new ExecutionFailure(block.at(),
                        () -> "lanes " + other + " and " + lane + " both write x[" + conflict + "]"));
            }
        }
    }

    /** Applies a lane's effects; returns the element another lane already wrote, or −1. */
    private int apply(Execution.LaneEffects fx, int lane) {
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
                step.addAll(o.effects().ops);
                choices.addAll(o.choices());
            }
            if (step.isEmpty()) step = null;
        }
        SymbolicValue[] nextX = anyOp ? newX.clone() : x;
        sink.accept(new Transition(choices, step, machine.next(state.pc + 1, slots, nextX, state, step)));
    }
}
