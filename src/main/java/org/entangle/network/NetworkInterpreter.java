package org.entangle.network;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs a {@link Network} over any {@link ValueAlgebra}, with the semantics of its {@link MemoryModel}: within
 * a step every op reads the values current at the start of the step and the writes land together at its end;
 * in the circuit model an op may read an older value of its source wire. Operand order follows
 * {@link OpKind}. This is the single place where the semantics of an op is defined; every value-level
 * interpreter (range checker, evaluator, metrics, graph builder) goes through it.
 */
public final class NetworkInterpreter {

    /** Observes every op as it executes. */
    @FunctionalInterface
    public interface Listener<V> {
        /**
         * @param step   0-based step index
         * @param index  0-based op index within the step
         * @param op     the op
         * @param left   the left operand (null for identity and copy ops)
         * @param right  the right operand (null for identity ops; the copied value for copy ops)
         * @param result the value written to {@code op.dst()}
         */
        void onOp(int step, int index, Op op, V left, V right, V result);
    }

    private NetworkInterpreter() {
    }

    /** Runs the network and returns the final value of every wire. */
    public static <V> List<V> run(Network network, ValueAlgebra<V> algebra) {
        return run(network, algebra, null);
    }

    /**
     * Runs the network, telling {@code listener} (may be null) about every op, and returns the final values. Each
     * loop is a method of its own, so that the JIT compiles small pieces rather than one large loop nest.
     */
    public static <V> List<V> run(Network network, ValueAlgebra<V> algebra, Listener<V> listener) {
        Object[] current = inputs(network.width(), algebra);
        History history = needsHistory(network) ? new History(current) : null;
        List<Step> steps = network.steps();
        for (int s = 0; s < steps.size(); s++) {
            List<Op> ops = steps.get(s).ops();
            Object[] written = new Object[ops.size()];
            Object[] writtenToSource = new Object[ops.size()];
            evaluate(s, ops, current, history, algebra, listener, written, writtenToSource);
            land(ops, current, written, writtenToSource);
            if (history != null) history.record(s, ops, current);
        }
        return values(current);
    }

    private static <V> Object[] inputs(int n, ValueAlgebra<V> algebra) {
        Object[] current = new Object[n];
        for (int w = 0; w < n; w++) current[w] = algebra.input(w);
        return current;
    }

    @SuppressWarnings("unchecked")
    private static <V> List<V> values(Object[] current) {
        List<V> result = new ArrayList<>(current.length);
        for (Object o : current) result.add((V) o);
        return result;
    }

    /** The value each op of a step writes, from the values current at the start of the step. */
    private static <V> void evaluate(int stepIndex, List<Op> ops, Object[] current, History history, ValueAlgebra<V> algebra,
                                     Listener<V> listener, Object[] written, Object[] writtenToSource) {
        for (int i = 0; i < ops.size(); i++) written[i] = evaluate(stepIndex, i, ops.get(i), current, history, algebra, listener, writtenToSource);
    }

    @SuppressWarnings("unchecked")
    private static <V> V evaluate(int stepIndex, int i, Op op, Object[] current, History history, ValueAlgebra<V> algebra,
                                  Listener<V> listener, Object[] writtenToSource) {
        V srcValue = op.kind().readsSource()
                ? (V) (op.readsOlderValue() ? history.valueAfter(op.src(), op.srcStep()) : current[op.src()])
                : null;
        V dstValue = (V) current[op.dst()];
        V left = null;
        V right = null;
        V result;
        switch (op.kind()) {
            case COMBINE -> {
                boolean srcLow = op.src() < op.dst();
                left = srcLow ? srcValue : dstValue;
                right = srcLow ? dstValue : srcValue;
                result = algebra.combine(left, right);
            }
            case SWAP_COMBINE -> {
                boolean dstHigh = op.dst() > op.src();
                left = dstHigh ? dstValue : srcValue;
                right = dstHigh ? srcValue : dstValue;
                result = algebra.combine(left, right);
                writtenToSource[i] = dstValue;
            }
            case IDENTITY -> result = algebra.identity();
            case COPY -> {
                right = srcValue;
                result = srcValue;
            }
            default -> throw new IllegalStateException(op.kind().toString());
        }
        if (listener != null) listener.onOp(stepIndex, i, op, left, right, result);
        return result;
    }

    /** The writes of a step land together. */
    private static void land(List<Op> ops, Object[] current, Object[] written, Object[] writtenToSource) {
        for (int i = 0; i < ops.size(); i++) {
            Op op = ops.get(i);
            current[op.dst()] = written[i];
            if (op.kind().writesSource()) current[op.src()] = writtenToSource[i];
        }
    }

    private static boolean needsHistory(Network network) {
        for (Step s : network.steps()) {
            for (Op op : s.ops()) {
                if (op.readsOlderValue()) return true;
            }
        }
        return false;
    }

    /** Every value each wire has held, by the step after which it became current. */
    private static final class History {
        private final int[][] steps;
        private final Object[][] values;
        private final int[] sizes;

        History(Object[] inputs) {
            int n = inputs.length;
            steps = new int[n][4];
            values = new Object[n][4];
            sizes = new int[n];
            for (int w = 0; w < n; w++) {
                steps[w][0] = Op.INPUT;
                values[w][0] = inputs[w];
                sizes[w] = 1;
            }
        }

        void record(int step, List<Op> ops, Object[] current) {
            for (Op op : ops) {
                append(op.dst(), step, current[op.dst()]);
                if (op.kind().writesSource()) append(op.src(), step, current[op.src()]);
            }
        }

        private void append(int wire, int step, Object value) {
            int size = sizes[wire];
            if (size == steps[wire].length) {
                steps[wire] = Arrays.copyOf(steps[wire], size * 2);
                values[wire] = Arrays.copyOf(values[wire], size * 2);
            }
            steps[wire][size] = step;
            values[wire][size] = value;
            sizes[wire] = size + 1;
        }

        Object valueAfter(int wire, int step) {
            int[] s = steps[wire];
            int lo = 0;
            int hi = sizes[wire] - 1;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (s[mid] <= step) lo = mid;
                else hi = mid - 1;
            }
            return values[wire][lo];
        }
    }
}
