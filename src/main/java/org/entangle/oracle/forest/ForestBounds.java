package org.entangle.oracle.forest;

/**
 * Cheap lower bounds that cut the forest engine's search. A wire d links below a complete wire lies on a path of d
 * wires that together compute the prefixes of d + 1 inputs (the complete wire's prefix counts as the first); by
 * Snir's bound, size + depth ≥ 2m − 2 for a prefix circuit of m inputs, such a path needs at least 2d − steps ops,
 * that is d − steps beyond one per wire.
 */
final class ForestBounds {

    private ForestBounds() {
    }

    /** The extra ops (beyond one per wire) that a wire {@code depth} links below a complete wire needs in {@code steps} steps. */
    static int extraNeeded(int depth, int steps) {
        return Math.max(0, depth - steps);
    }
}
