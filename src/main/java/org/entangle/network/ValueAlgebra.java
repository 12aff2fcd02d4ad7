package org.entangle.network;

/**
 * What an interpreter needs to run a network on values of type {@code V}: the input value of each wire, the
 * identity, and the operator. A symbolic algebra (ranges, sets) checks a network for every operator at once;
 * a concrete one evaluates it; a graph-building one records its dataflow.
 *
 * @param <V> the value type
 */
public interface ValueAlgebra<V> {

    /** The value wire {@code wire} starts with. */
    V input(int wire);

    /** The identity of the operator (used by {@link OpKind#IDENTITY}). */
    V identity();

    /** {@code left ⊕ right}; the left operand carries the lower input indices in a correct scan. */
    V combine(V left, V right);
}
