package org.entangle.network;

/**
 * The class of operators a verdict holds for (the range semantics of prefix networks).
 * <ul>
 *   <li>{@link #ASSOCIATIVE}: every associative operator; values are index ranges and only adjacent ranges
 *       combine, in index order.</li>
 *   <li>{@link #COMMUTATIVE}: every commutative associative operator (integer +); values are index sets and
 *       combining requires disjoint sets.</li>
 *   <li>{@link #IDEMPOTENT}: every idempotent commutative operator (max, min, or, and); values are sets and
 *       overlap is allowed.</li>
 * </ul>
 */
public enum Algebra {
    ASSOCIATIVE("associative"),
    COMMUTATIVE("commutative"),
    IDEMPOTENT("idempotent");

    private final String token;

    Algebra(String token) {
        this.token = token;
    }

    public String token() {
        return token;
    }

    public static Algebra fromToken(String token) {
        for (Algebra a : values()) {
            if (a.token.equals(token)) return a;
        }
        return null;
    }
}
