package org.entangle.lang;

import org.entangle.network.check.SymbolicValue;

/**
 * The value of an expression over x elements: its symbolic value (range or set semantics) and which
 * wires it read, so that an assignment {@code x[d] = ...} can be turned into one network op.
 *
 * @param value the symbolic value (never dead: a dead combination fails the execution at once)
 * @param left  the first wire read, or one of {@link #NONE}, {@link #IDENTITY}, {@link #CONSTANT}, {@link #COMPOUND}
 * @param right the second wire read, or {@link #NONE}
 */
public record XValue(SymbolicValue value, int left, int right) {

    /** No wire. */
    public static final int NONE = -1;
    /** The identity value of {@code identity()}. */
    public static final int IDENTITY = -2;
    /** A constant such as {@code range(0, 3)}: comparable, not assignable. */
    public static final int CONSTANT = -3;
    /** A combination of more than two elements: comparable, not one network op. */
    public static final int COMPOUND = -4;

    /** Whether this is a plain read {@code x[w]}. */
    public boolean isElement() {
        return left >= 0 && right == NONE;
    }
}
