package org.entangle.tournament;

import java.util.ArrayList;
import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.families.Families;

/**
 * A tournament at width 32 with recorded timings (ns per block scan as an H200 might report them), built without a
 * GPU: five classic families, optimiser minima and uniform samples of the space 16:4:40 composed into warps, the CUB
 * algorithms, and one candidate whose kernel failed its check.
 */
final class RecordedTournament {

    static final long SEED = 20261202L;

    private RecordedTournament() {
    }

    private static CandidatePool pool;

    /**
     * The candidates of width 32 from the families, the optimiser's minima (one second per width) and samples of width
     * 16 composed in pairs; gathered once.
     */
    static synchronized CandidatePool pool() {
        if (pool == null) pool = gather();
        return pool;
    }

    private static CandidatePool gather() {
        TournamentCandidates candidates = new TournamentCandidates(new TournamentCandidates.Plan(
                List.of(new org.entangle.oracle.SpecForm(16, 4, 40, org.entangle.oracle.Constraints.NONE)),
                List.of(CandidateSources.oracle(new org.entangle.oracle.SpecForm(16, 4, 40, org.entangle.oracle.Constraints.NONE)).orElseThrow()),
                List.of(), 12, SEED, 1, 60), line -> { });
        return candidates.at(32);
    }

    /** A setting whose times are given in the order of {@code ids}; the id "broken" failed. */
    static Setting setting(List<Candidate> candidates, double[] times, String failedId) {
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            Candidate c = candidates.get(i);
            entries.add(c.id().equals(failedId) ? Entry.failed(c, "wrong result: element 5 is 7, expected 9")
                    : Entry.measured(c, 20 + i % 7, times[i], List.of(times[i] * 1.01, times[i], times[i] * 0.99)));
        }
        entries.add(Entry.library("cub::WarpScan", "cub::WarpScan<int>::InclusiveSum", 18, 9.5, List.of(9.4, 9.5, 9.6)));
        entries.add(Entry.library("cub::BlockScan BLOCK_SCAN_RAKING", "raking", 30, 14.0, List.of(14.0, 14.1, 13.9)));
        entries.add(Entry.libraryFailed("cub::BlockScan BLOCK_SCAN_WARP_SCANS", "warp scans", "launch failed: out of resources"));
        return new Setting("block", 32, 1 << 20, "ns per block scan", null, entries);
    }

    static Network family(String name) {
        return Families.build(name, 32);
    }
}
