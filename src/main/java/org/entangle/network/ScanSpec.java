package org.entangle.network;

/**
 * What a network is checked against: the kind of result, its direction and the class of operators.
 *
 * @param kind      inclusive, exclusive or reduction
 * @param direction forward or backward
 * @param algebra   the operators the verdict must hold for
 */
public record ScanSpec(ResultKind kind, Direction direction, Algebra algebra) {

    /** The forward inclusive scan for every associative operator: the default. */
    public static final ScanSpec INCLUSIVE = new ScanSpec(ResultKind.INCLUSIVE, Direction.FORWARD, Algebra.ASSOCIATIVE);

    public ScanSpec {
        if (kind == null || direction == null || algebra == null) {
            throw new IllegalArgumentException("incomplete scan spec");
        }
    }

    public ScanSpec withKind(ResultKind k) {
        return new ScanSpec(k, direction, algebra);
    }

    public ScanSpec withDirection(Direction d) {
        return new ScanSpec(kind, d, algebra);
    }

    public ScanSpec withAlgebra(Algebra a) {
        return new ScanSpec(kind, direction, a);
    }

    @Override
    public String toString() {
        return direction.token() + " " + kind.token() + " (" + algebra.token() + ")";
    }
}
