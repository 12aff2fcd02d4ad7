package org.entangle.tournament;

import org.entangle.banks.BankAnalysis;
import org.entangle.banks.BankModel;
import org.entangle.banks.IndexRemap;
import org.entangle.banks.LaneMapping;
import org.entangle.network.Network;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;

/**
 * One network entered in a GPU tournament, with the measures the ranking reports beside its time: size (combining
 * ops), depth (longest chain of them), steps (one barrier or shuffle each in the generated kernels), the largest
 * fan-out, and the extra cycles of shared-memory bank conflicts when lane w runs the ops writing wire w
 * ({@link BankAnalysis} under {@link BankModel#DEFAULT}: 32 banks of 4 bytes).
 *
 * @param id            a short name unique in the tournament
 * @param origin        where it comes from
 * @param source        how it was made (the space and seed of a sample, the parts of a composition)
 * @param network       the network (a correct forward inclusive scan)
 * @param size          combining ops
 * @param depth         the longest chain of combining ops
 * @param steps         steps of its schedule
 * @param maxFanout     the most combining ops reading one value
 * @param bankConflicts extra shared-memory cycles from bank conflicts (Σ (degree − 1) over the warp accesses)
 */
public record Candidate(String id, Origin origin, String source, Network network, int size, int depth, int steps,
                        int maxFanout, long bankConflicts) {

    /** A candidate with its measures computed from the network. */
    public static Candidate of(String id, Origin origin, String source, Network network) {
        NetworkMetrics m = Metrics.of(network);
        long conflicts = BankAnalysis.analyse(network, BankModel.DEFAULT, LaneMapping.BY_DESTINATION, IndexRemap.IDENTITY).extraCycles();
        return new Candidate(id, origin, source, network.withName(id), m.size(), m.depth(), m.steps(), m.maxFanout(), conflicts);
    }

    public int width() {
        return network.width();
    }
}
