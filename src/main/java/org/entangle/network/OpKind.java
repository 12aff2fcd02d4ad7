package org.entangle.network;

/**
 * The vocabulary of a scan network's operations (combine, and Blelloch's swap-and-combine, identity and copy for
 * exclusive scans).
 *
 * <ul>
 *   <li>{@link #COMBINE}: wire {@code dst} receives the combination of its value with wire {@code src}'s
 *       value; the operands are ordered by wire index, the lower wire on the left.</li>
 *   <li>{@link #SWAP_COMBINE}: Blelloch's down-sweep butterfly (Blelloch 1990, "Prefix sums and their
 *       applications"): {@code src} receives {@code dst}'s old value and {@code dst} receives the
 *       combination of both, with the <em>higher</em> wire's value on the left, because in a down-sweep the
 *       higher wire carries the prefix of everything before the subtree.</li>
 *   <li>{@link #IDENTITY}: wire {@code dst} is set to the operator's identity (the empty range); needed by
 *       exclusive scans. {@code src} equals {@code dst}.</li>
 *   <li>{@link #COPY}: wire {@code dst} receives wire {@code src}'s value unchanged (the shift that turns an
 *       inclusive scan into an exclusive one).</li>
 * </ul>
 */
public enum OpKind {
    COMBINE("combine"),
    SWAP_COMBINE("swap"),
    IDENTITY("identity"),
    COPY("copy");

    private final String token;

    OpKind(String token) {
        this.token = token;
    }

    /** The name used in network files and the text form. */
    public String token() {
        return token;
    }

    /** Whether the op applies the operator (and so counts towards size and depth). */
    public boolean combines() {
        return this == COMBINE || this == SWAP_COMBINE;
    }

    /** Whether the op writes its source wire too. */
    public boolean writesSource() {
        return this == SWAP_COMBINE;
    }

    /** Whether the op reads the value of its source wire. */
    public boolean readsSource() {
        return this != IDENTITY;
    }

    /** Whether the op reads the value of its destination wire. */
    public boolean readsDestination() {
        return this == COMBINE || this == SWAP_COMBINE;
    }

    /** Parses a token as written in files; returns null when unknown. */
    public static OpKind fromToken(String token) {
        for (OpKind kind : values()) {
            if (kind.token.equals(token)) {
                return kind;
            }
        }
        return null;
    }
}
