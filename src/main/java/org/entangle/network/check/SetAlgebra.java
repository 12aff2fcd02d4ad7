package org.entangle.network.check;

import java.util.BitSet;
import org.entangle.network.ValueAlgebra;

/**
 * Index-set algebras of the range semantics. For every commutative associative operator ({@code overlapAllowed} false)
 * values are sets of inputs and only disjoint sets combine; for every idempotent commutative operator
 * ({@code overlapAllowed} true) any two sets combine into their union.
 */
public final class SetAlgebra implements ValueAlgebra<SymbolicValue> {

    private final boolean overlapAllowed;

    public SetAlgebra(boolean overlapAllowed) {
        this.overlapAllowed = overlapAllowed;
    }

    @Override
    public SymbolicValue input(int wire) {
        BitSet b = new BitSet();
        b.set(wire);
        return new SymbolicValue.Indices(b);
    }

    @Override
    public SymbolicValue identity() {
        return SymbolicValue.EMPTY;
    }

    @Override
    public SymbolicValue combine(SymbolicValue left, SymbolicValue right) {
        SymbolicValue trivial = SymbolicValue.combineTrivially(left, right);
        if (trivial != null) return trivial;
        BitSet l = ((SymbolicValue.Indices) left).set();
        BitSet r = ((SymbolicValue.Indices) right).set();
        if (!overlapAllowed && l.intersects(r)) {
            return new SymbolicValue.Dead(left.describe() + " ⊕ " + right.describe() + " overlaps");
        }
        BitSet union = (BitSet) l.clone();
        union.or(r);
        return new SymbolicValue.Indices(union);
    }
}
