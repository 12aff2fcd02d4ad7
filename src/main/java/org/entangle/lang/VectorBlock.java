package org.entangle.lang;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.entangle.network.Op;
import org.entangle.network.check.SymbolicValue;

/**
 * Runs a {@code parallel} block of a machine that runs each state once as SIMD vectors (the block's lanes all read
 * the state from before it, resources/docs/language.md "Semantics"), with {@link LaneVectors} evaluating each
 * expression for every lane at once. It covers blocks whose lanes only branch on integer conditions and write x
 * elements with {@code x[j] + x[k]}, {@code x[j]} or {@code identity()} (no angels, scalars or loops in the lanes:
 * the blocks of a deterministic scan program) and gives the one transition that {@link BlockCombiner} would give:
 * the lanes' ops in lane order, the written elements, the same next state. Whatever could fail or raise an error
 * (an index out of bounds, a dead combination, a bad op, two writes to one element, and what {@link LaneVectors}
 * gives up on) is left to {@link BlockCombiner}, which runs the lanes one by one and reports it exactly.
 */
final class VectorBlock {

    private final Machine machine;
    private final LaneVectors vectors = new LaneVectors();
    private final List<Op> ops = new ArrayList<>();
    private final List<SymbolicValue> values = new ArrayList<>();
    /** The lane position of each op of {@link #ops}. */
    private int[] opLanes = new int[16];
    /** Per x element, 1 + the lane position that wrote it in this block, or 0; all 0 between blocks. */
    private int[] writer = new int[0];
    private SymbolicValue[] x;

    VectorBlock(Machine machine) {
        this.machine = machine;
    }

    /** Whether a block's lane statements {@code body} are of the kind this class runs. */
    private static boolean covers(List<Stmt> body) {
        for (Stmt s : body) {
            if (s instanceof Stmt.If i) {
                if (!LaneVectors.isCondition(i.condition()) || !covers(i.then()) || !covers(i.otherwise())) return false;
            } else if (!(s instanceof Stmt.Assign a && a.index() != null && !a.adds() && LaneVectors.isInteger(a.index())
                    && isElementValue(a.value()))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isElementValue(Expr e) {
        if (e instanceof Expr.Binary b) {
            return b.at().type() == TokenType.PLUS && b.left() instanceof Expr.Element l && b.right() instanceof Expr.Element r
                    && LaneVectors.isInteger(l.index()) && LaneVectors.isInteger(r.index());
        }
        if (e instanceof Expr.Element el) return LaneVectors.isInteger(el.index());
        return e instanceof Expr.Call c && c.at().text().equals("identity") && c.args().isEmpty();
    }

    /**
     * Runs lanes {@code firstLane..lastLane} of {@code block} from {@code state} and hands its transition to
     * {@code sink}, as {@link BlockCombiner#run()} would; false, with nothing handed on, when the block is not for
     * vectors or may fail.
     */
    boolean run(MachineState state, SymbolicValue[] elements, Stmt.Parallel block, int firstLane, int lastLane, boolean withChoices,
                Consumer<Transition> sink) {
        if (elements == null || lastLane < firstLane || !covers(block.body())) return false;
        x = elements;
        if (writer.length < x.length) writer = new int[x.length];
        ops.clear();
        values.clear();
        vectors.reset(state.slots, block.slot(), firstLane, lastLane - firstLane + 1);
        int[] all = vectors.positions();
        try {
            execute(block.body(), all, vectors.count());
        } catch (LaneVectors.GiveUp | LangError | ExecutionFailure | ArithmeticException e) {
            return false;
        } finally {
            clearWriters();
        }
        vectors.release(all);
        sink.accept(transition(state, withChoices));
        return true;
    }

    private void clearWriters() {
        for (int i = 0; i < ops.size(); i++) writer[ops.get(i).dst()] = 0;
    }

    /** The transition of the block's writes: what {@link BlockCombiner}'s {@code emit} builds for one outcome per lane. */
    private Transition transition(MachineState state, boolean withChoices) {
        boolean anyOp = !ops.isEmpty();
        List<Op> step = null;
        if (anyOp && (withChoices || machine.program().tracksReads())) step = inLaneOrder();
        SymbolicValue[] nextX = x;
        if (anyOp) {
            nextX = x.clone();
            for (int i = 0; i < ops.size(); i++) nextX[ops.get(i).dst()] = values.get(i);
        }
        return new Transition(List.of(), step, machine.next(state.pc + 1, state.slots.clone(), nextX, state, step));
    }

    /** The ops by lane, each lane's ops in the order it wrote them (a stable sort, for blocks whose lanes write twice). */
    private List<Op> inLaneOrder() {
        boolean sorted = true;
        for (int i = 1; i < ops.size() && sorted; i++) sorted = opLanes[i] >= opLanes[i - 1];
        if (sorted) return new ArrayList<>(ops);
        Integer[] order = new Integer[ops.size()];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, Comparator.comparingInt(i -> opLanes[i]));
        List<Op> step = new ArrayList<>(ops.size());
        for (int i : order) step.add(ops.get(i));
        return step;
    }

    /** Runs {@code body} on the lanes at positions {@code active[0..size-1]} (increasing). */
    private void execute(List<Stmt> body, int[] active, int size) {
        for (Stmt s : body) {
            if (size == 0) return;
            if (s instanceof Stmt.If i) {
                boolean[] holds = vectors.condition(i.condition());
                int[] then = vectors.ints();
                int[] otherwise = vectors.ints();
                int t = LaneVectors.split(holds, active, size, then, otherwise);
                vectors.release(holds);
                execute(i.then(), then, t);
                execute(i.otherwise(), otherwise, size - t);
                vectors.release(then);
                vectors.release(otherwise);
            } else {
                write((Stmt.Assign) s, active, size);
            }
        }
    }

    /** {@code x[d] = value} in each active lane, in the order {@link Execution} checks it. */
    private void write(Stmt.Assign a, int[] active, int size) {
        Expr value = a.value();
        int[] left = null;
        int[] right = null;
        if (value instanceof Expr.Binary b) {
            left = vectors.integers(((Expr.Element) b.left()).index());
            right = vectors.integers(((Expr.Element) b.right()).index());
        } else if (value instanceof Expr.Element el) {
            left = vectors.integers(el.index());
        }
        int[] destination = vectors.integers(a.index());
        for (int i = 0; i < size; i++) {
            int k = active[i];
            int l = left == null ? XValue.IDENTITY : inBounds(left[k]);
            int r = right == null ? XValue.NONE : inBounds(right[k]);
            SymbolicValue v = right != null ? machine.sum(value.at(), x[l], x[r]) : left != null ? x[l] : SymbolicValue.EMPTY;
            int d = inBounds(destination[k]);
            Op op = Execution.opFor(a, d, l, r);
            if (op != null) record(k, op, v);
        }
        if (left != null) vectors.release(left);
        if (right != null) vectors.release(right);
        vectors.release(destination);
    }

    /** Lane {@code k} writes {@code value} with {@code op}; gives up when the element is written already. */
    private void record(int k, Op op, SymbolicValue value) {
        if (writer[op.dst()] != 0) throw LaneVectors.GIVE_UP;
        writer[op.dst()] = k + 1;
        if (ops.size() == opLanes.length) opLanes = Arrays.copyOf(opLanes, opLanes.length * 2);
        opLanes[ops.size()] = k;
        ops.add(op);
        values.add(value);
    }

    private int inBounds(int index) {
        if (index < 0 || index >= x.length) throw LaneVectors.GIVE_UP;
        return index;
    }
}
