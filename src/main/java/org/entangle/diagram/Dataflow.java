package org.entangle.diagram;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.NetworkInterpreter;
import org.entangle.network.ValueAlgebra;

/**
 * The value graph of a network (one network, many interpreters, after Hardcaml's prefix_sum): values are the n inputs
 * and one per combining op, edges run from each operand to the combination. Built by running {@link NetworkInterpreter}
 * over an algebra of fresh value ids, so it follows the one definition of op semantics (in-place and circuit models
 * alike). The identity is not a value here (it contributes no dependency), and copies and swaps move existing values
 * without making new ones.
 *
 * <p>Ops are numbered in schedule order (step-major), the "flat index".
 */
public final class Dataflow {

    /** No value: the op makes none, or an operand is the identity. */
    public static final int NONE = -1;

    private final int[] firstOfStep;
    private final int[] produced;
    private final int[] left;
    private final int[] right;
    private final int[] producer;
    private final int[] readers;
    private final int[] finalValue;
    private final int valueCount;

    private Dataflow(int[] firstOfStep, int[] produced, int[] left, int[] right, int[] producer,
                     int[] readers, int[] finalValue, int valueCount) {
        this.firstOfStep = firstOfStep;
        this.produced = produced;
        this.left = left;
        this.right = right;
        this.producer = producer;
        this.readers = readers;
        this.finalValue = finalValue;
        this.valueCount = valueCount;
    }

    /** Value ids: inputs are 0..n−1, the identity is {@link #NONE}. */
    private static final class IdAlgebra implements ValueAlgebra<Integer> {
        private int next;

        IdAlgebra(int width) {
            next = width;
        }

        @Override
        public Integer input(int wire) {
            return wire;
        }

        @Override
        public Integer identity() {
            return NONE;
        }

        @Override
        public Integer combine(Integer l, Integer r) {
            return next++;
        }
    }

    /** Runs the network once and records its value graph. */
    public static Dataflow of(Network network) {
        int n = network.width();
        int ops = network.opCount();
        int[] firstOfStep = new int[network.stepCount() + 1];
        int k = 0;
        for (int s = 0; s < network.stepCount(); s++) {
            firstOfStep[s] = k;
            k += network.step(s).size();
        }
        firstOfStep[network.stepCount()] = k;
        int[] produced = new int[ops];
        int[] left = new int[ops];
        int[] right = new int[ops];
        int[] producer = new int[n + ops];
        int[] readers = new int[n + ops];
        Arrays.fill(producer, NONE);
        IdAlgebra algebra = new IdAlgebra(n);
        List<Integer> outputs = NetworkInterpreter.run(network, algebra, (step, index, op, l, r, result) -> {
            int flat = firstOfStep[step] + index;
            boolean combines = op.kind().combines();
            produced[flat] = combines ? result : NONE;
            left[flat] = l == null ? NONE : l;
            right[flat] = r == null ? NONE : r;
            if (combines) {
                producer[result] = flat;
                if (l != NONE) readers[l]++;
                if (r != NONE) readers[r]++;
            }
        });
        int[] finals = new int[n];
        for (int w = 0; w < n; w++) finals[w] = outputs.get(w);
        return new Dataflow(firstOfStep, produced, left, right, producer, readers, finals, algebra.next);
    }

    /** Number of values: n inputs plus one per combining op. */
    public int valueCount() {
        return valueCount;
    }

    /** Number of ops of every kind. */
    public int opCount() {
        return produced.length;
    }

    /** The flat index of the op at {@code (step, index)}. */
    public int flat(int step, int index) {
        return firstOfStep[step] + index;
    }

    /** The value the op makes, or {@link #NONE}. */
    public int produced(int flat) {
        return produced[flat];
    }

    /** The op's left operand (for a copy: {@link #NONE}), or {@link #NONE}. */
    public int left(int flat) {
        return left[flat];
    }

    /** The op's right operand (for a copy: the copied value), or {@link #NONE}. */
    public int right(int flat) {
        return right[flat];
    }

    /** How many combining ops read {@code value}: its fan-out. */
    public int fanout(int value) {
        return readers[value];
    }

    /** The value wire {@code wire} ends with ({@link #NONE} when it ends with the identity). */
    public int finalValue(int wire) {
        return finalValue[wire];
    }

    /** The value {@code ref} names, or {@link #NONE}. */
    public int value(ValueRef ref) {
        if (ref.isOutput()) return finalValue[ref.index()];
        if (ref.step() + 1 >= firstOfStep.length || ref.index() >= firstOfStep[ref.step() + 1] - firstOfStep[ref.step()]) {
            throw new IllegalArgumentException("no op at step " + ref.step() + ", index " + ref.index());
        }
        int flat = flat(ref.step(), ref.index());
        return produced[flat] != NONE ? produced[flat] : right[flat];
    }

    /** The flat indices of every combining op that {@code ref}'s value depends on, itself included. */
    public BitSet cone(ValueRef ref) {
        BitSet ops = new BitSet(produced.length);
        int start = value(ref);
        if (start == NONE) return ops;
        int[] stack = new int[valueCount];
        boolean[] seen = new boolean[valueCount];
        int top = 0;
        stack[top++] = start;
        seen[start] = true;
        while (top > 0) {
            int v = stack[--top];
            int op = producer[v];
            if (op == NONE) continue;
            ops.set(op);
            for (int operand : new int[] {left[op], right[op]}) {
                if (operand != NONE && !seen[operand]) {
                    seen[operand] = true;
                    stack[top++] = operand;
                }
            }
        }
        return ops;
    }
}
