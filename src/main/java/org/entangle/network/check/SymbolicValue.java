package org.entangle.network.check;

import java.util.BitSet;

/**
 * A symbolic value of the range semantics of prefix networks: input i is [i, i]; a value is the range (associative
 * algebra) or the index set (commutative and idempotent algebras) of the inputs it combines, the identity is
 * empty, and a combination that no correct scan can contain is dead. A dead value never comes alive again.
 */
public sealed interface SymbolicValue {

    /** A human-readable form: {@code [2,5]}, <code>{0,2,3}</code>, {@code ε}, {@code dead}. */
    String describe();

    /** The identity: the empty range or set. */
    SymbolicValue EMPTY = new Empty();

    /**
     * The combination when it does not depend on the algebra: a dead operand makes the result dead, the
     * identity leaves the other operand; null when both operands are proper values.
     */
    static SymbolicValue combineTrivially(SymbolicValue left, SymbolicValue right) {
        if (left.isDead()) return left;
        if (right.isDead()) return right;
        if (left instanceof Empty) return right;
        if (right instanceof Empty) return left;
        return null;
    }

    /** Whether this value is dead. */
    default boolean isDead() {
        return this instanceof Dead;
    }

    /** The identity (empty range or set). */
    record Empty() implements SymbolicValue {
        @Override
        public String describe() {
            return "ε";
        }
    }

    /** A dead value. Each fresh death is a distinct object so that its origin can be found. */
    final class Dead implements SymbolicValue {
        private final String why;

        public Dead(String why) {
            this.why = why;
        }

        /** Why the combination died, e.g. "[0,1] ⊕ [3,3]: not adjacent". */
        public String why() {
            return why;
        }

        @Override
        public String describe() {
            return "dead";
        }

        @Override
        public String toString() {
            return "dead(" + why + ")";
        }
    }

    /** The contiguous range [lo, hi] of inputs, lo ≤ hi. */
    record Range(int lo, int hi) implements SymbolicValue {
        @Override
        public String describe() {
            return "[" + lo + "," + hi + "]";
        }
    }

    /** A non-empty set of input indices; the bit set is never modified after construction. */
    record Indices(BitSet set) implements SymbolicValue {
        @Override
        public String describe() {
            if (set.cardinality() > 1 && set.length() - set.nextSetBit(0) == set.cardinality()) {
                return "{" + set.nextSetBit(0) + ".." + (set.length() - 1) + "}";
            }
            StringBuilder sb = new StringBuilder("{");
            for (int i = set.nextSetBit(0); i >= 0; i = set.nextSetBit(i + 1)) {
                if (sb.length() > 1) sb.append(',');
                sb.append(i);
            }
            return sb.append('}').toString();
        }
    }
}
