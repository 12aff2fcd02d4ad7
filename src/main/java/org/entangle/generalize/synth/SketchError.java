package org.entangle.generalize.synth;

/** A sketch that cannot be synthesised as written (a hole where it cannot be filled, a form the solver does not model). */
public final class SketchError extends RuntimeException {
    public SketchError(String message) {
        super(message);
    }
}
