package org.entangle.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/** The gallery's view of a tournament: every passed network with its time and place, found by network. */
class GpuTimesTest {

    @Test
    void timesAndPlacesByNetwork() {
        List<Candidate> candidates = RecordedTournament.pool().candidates().subList(0, 5);
        double[] times = {3, 1, 2, 5, 4};
        String failed = candidates.get(3).id();
        GpuTimes t = GpuTimes.of(new TournamentResult("d", "t", null,
                List.of(RecordedTournament.setting(candidates, times, failed)), List.of()));
        assertEquals(4, t.networks().size());
        assertEquals(candidates.get(1).network(), t.networks().get(0));
        assertEquals(1.0, t.of(candidates.get(1).network()).time());
        assertEquals(0.0, t.of(candidates.get(1).network()).place());
        assertEquals(1.0, t.of(candidates.get(4).network()).place());
        assertEquals(2.0 / 3, t.of(candidates.get(0).network()).place(), 1e-12);
        assertNull(t.of(candidates.get(3).network()), "a failed candidate has no time");
        assertNull(t.of(Families.build("serial", 7)));
    }
}
