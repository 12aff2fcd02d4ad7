package org.entangle.network;

/**
 * A network that breaks a structural rule: a wire out of range, a wire written twice in one step, a read of a
 * value that does not exist yet. Carries the 0-based step and op index where the rule broke (−1 when the
 * problem is not at one op).
 */
public class InvalidNetworkException extends IllegalArgumentException {

    private final int step;
    private final int opIndex;

    public InvalidNetworkException(String message, int step, int opIndex) {
        super(message);
        this.step = step;
        this.opIndex = opIndex;
    }

    /** The 0-based step index, or −1. */
    public int step() {
        return step;
    }

    /** The 0-based index of the op within its step, or −1. */
    public int opIndex() {
        return opIndex;
    }
}
