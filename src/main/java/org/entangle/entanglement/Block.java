package org.entangle.entanglement;

import java.util.List;

/**
 * One block of a valid partition (Torlak and Barman, Onward! 2015): a set of angels whose choices form an independent
 * sub-computation.
 *
 * @param angels       the angels, as 0-based column indices in increasing order
 * @param combinations |π_B(T)|: the distinct value combinations the block's angels take together
 * @param share        the block's share of |T| on a log scale, ln|π_B(T)| / ln|T| (the shares of a valid
 *                     partition sum to 1 because |T| = Π|π_B(T)|; 0 for a block with one combination, and
 *                     for every block when |T| = 1)
 */
public record Block(List<Integer> angels, int combinations, double share) {

    public Block {
        angels = List.copyOf(angels);
    }

    public int size() {
        return angels.size();
    }
}
