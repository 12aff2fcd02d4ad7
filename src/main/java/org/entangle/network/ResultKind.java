package org.entangle.network;

/** What a network must compute (forward or backward, inclusive or exclusive scans, and reductions). */
public enum ResultKind {
    /** Wire i ends with the combination of inputs 0..i (forward). */
    INCLUSIVE("inclusive"),
    /** Wire i ends with the combination of inputs 0..i−1, wire 0 with the identity (forward). */
    EXCLUSIVE("exclusive"),
    /** Only the last wire (forward) must end with the total. */
    REDUCE("reduce");

    private final String token;

    ResultKind(String token) {
        this.token = token;
    }

    public String token() {
        return token;
    }

    public static ResultKind fromToken(String token) {
        for (ResultKind k : values()) {
            if (k.token.equals(token)) return k;
        }
        return null;
    }
}
