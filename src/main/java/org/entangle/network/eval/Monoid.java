package org.entangle.network.eval;

import java.util.function.BinaryOperator;

/**
 * An associative operator with its identity: what a network is evaluated with (the range semantics; after Hardcaml's
 * prefix_sum: one network, many interpreters). The constants cover the cases the checker's algebras stand for: integer
 * addition (commutative), maximum (idempotent and commutative), and two non-commutative ones, string concatenation and
 * the 2×2 matrix product.
 *
 * @param name     a short name ("add", "max", "concat", "matrix")
 * @param identity the identity element (the empty range of the range semantics)
 * @param operator the operator; {@code operator.apply(left, right)} with the lower indices on the left
 * @param <T>      the value type
 */
public record Monoid<T>(String name, T identity, BinaryOperator<T> operator) {

    /** Integer addition on longs (commutative, not idempotent). */
    public static final Monoid<Long> ADD = new Monoid<>("add", 0L, Long::sum);

    /** Maximum on longs (idempotent and commutative); the identity is {@link Long#MIN_VALUE}. */
    public static final Monoid<Long> MAX = new Monoid<>("max", Long.MIN_VALUE, Math::max);

    /** String concatenation: associative, not commutative (the free monoid). */
    public static final Monoid<String> CONCAT = new Monoid<>("concat", "", String::concat);

    /** The product of 2×2 integer matrices modulo {@link Matrix2#MODULUS}: associative, not commutative. */
    public static final Monoid<Matrix2> MATRIX = new Monoid<>("matrix", Matrix2.IDENTITY, Matrix2::times);

    public T combine(T left, T right) {
        return operator.apply(left, right);
    }
}
