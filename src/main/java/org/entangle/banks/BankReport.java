package org.entangle.banks;

import java.util.List;

/**
 * Bank conflicts of a network's shared-memory accesses.
 *
 * @param remap           the index remapping used
 * @param mapping         how ops were given to lanes
 * @param warpAccesses    the number of warp-wide accesses (one per warp, step and access phase)
 * @param extraCycles     Σ (conflict degree − 1) over all warp accesses: the serialised replays
 * @param maxDegree       the worst conflict degree of any warp access
 * @param extraPerStep    extra cycles in each step
 * @param bankLoad        for each step and bank, the distinct words accessed there summed over phases and warps (the heat-map)
 */
public record BankReport(IndexRemap remap, LaneMapping mapping, int warpAccesses, long extraCycles, int maxDegree,
                         List<Long> extraPerStep, int[][] bankLoad) {

    public boolean conflictFree() {
        return extraCycles == 0;
    }
}
