package org.entangle.network;

import java.util.List;

/**
 * One step of a network: a set of ops that execute together (reads before writes in the in-place model).
 *
 * @param ops the ops, in the order they were given
 */
public record Step(List<Op> ops) {

    public static final Step EMPTY = new Step(List.of());

    public Step {
        ops = List.copyOf(ops);
    }

    public static Step of(Op... ops) {
        return new Step(List.of(ops));
    }

    public int size() {
        return ops.size();
    }

    public boolean isEmpty() {
        return ops.isEmpty();
    }

    /** Number of ops that apply the operator. */
    public int combineCount() {
        int c = 0;
        for (Op op : ops) {
            if (op.kind().combines()) c++;
        }
        return c;
    }
}
