package org.entangle.network.check;

import org.entangle.network.ValueAlgebra;

/**
 * The range algebra of prefix networks for every associative operator at once: [a, b] ⊕ [b+1, c] = [a, c], the
 * identity is neutral, and any other combination is dead. Correct for non-commutative operators because the
 * free semigroup's words over distinct letters are exactly these ranges.
 */
public final class RangeAlgebra implements ValueAlgebra<SymbolicValue> {

    @Override
    public SymbolicValue input(int wire) {
        return new SymbolicValue.Range(wire, wire);
    }

    @Override
    public SymbolicValue identity() {
        return SymbolicValue.EMPTY;
    }

    @Override
    public SymbolicValue combine(SymbolicValue left, SymbolicValue right) {
        SymbolicValue trivial = SymbolicValue.combineTrivially(left, right);
        if (trivial != null) return trivial;
        SymbolicValue.Range l = (SymbolicValue.Range) left;
        SymbolicValue.Range r = (SymbolicValue.Range) right;
        if (l.hi() + 1 == r.lo()) {
            return new SymbolicValue.Range(l.lo(), r.hi());
        }
        String why = l.hi() + 1 < r.lo() ? "leaves a gap" : l.lo() > r.hi() ? "has its operands in the wrong order" : "overlaps";
        return new SymbolicValue.Dead(l.describe() + " ⊕ " + r.describe() + " " + why);
    }
}
