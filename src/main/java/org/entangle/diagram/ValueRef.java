package org.entangle.diagram;

/**
 * Names one value of a network: the value an op produces, by the op's position in the network's own schedule,
 * or the final value of a wire.
 *
 * @param step  0-based step of the producing op, or -1 for a wire's final value
 * @param index 0-based index of the op in its step, or the wire for a final value
 */
public record ValueRef(int step, int index) {

    /** The value produced by the op at {@code (step, index)}. */
    public static ValueRef op(int step, int index) {
        if (step < 0 || index < 0) throw new IllegalArgumentException("bad op position " + step + "," + index);
        return new ValueRef(step, index);
    }

    /** The value wire {@code wire} ends with. */
    public static ValueRef output(int wire) {
        return new ValueRef(-1, wire);
    }

    public boolean isOutput() {
        return step < 0;
    }
}
