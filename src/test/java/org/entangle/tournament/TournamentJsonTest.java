package org.entangle.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A tournament's JSON reads back to the same result, failed entries (NaN times) and networks included. */
class TournamentJsonTest {

    @Test
    void roundTrip() {
        List<Candidate> candidates = RecordedTournament.pool().candidates().subList(0, 8);
        double[] times = {5, 4, 7, 6, 9, 8, 3, 10};
        Setting plain = RecordedTournament.setting(candidates, times, candidates.get(2).id());
        Setting s = new Setting(plain.name(), plain.width(), plain.elements(), plain.unit(), "a note", plain.entries());
        TournamentResult result = new TournamentResult("NVIDIA H200", "2026-12-02 04:00 UTC", "entangle gpu-tournament", List.of(s), List.of("n1"));
        String json = TournamentJson.write(result);
        TournamentResult back = TournamentJson.read("test", json);
        assertEquals(result, back);
        assertEquals(Ranking.of(s).rows().stream().map(r -> r.entry().id()).toList(),
                Ranking.of(back.settings().get(0)).rows().stream().map(r -> r.entry().id()).toList());
        assertEquals(candidates.get(0).network(), WinnerReport.network(back.settings().get(0).entries().get(0)));
    }

    @Test
    void badJsonIsAnErrorWithItsLocation() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TournamentJson.read("t.json", "{\n \"settings\": [1,"));
        assertTrue(e.getMessage().startsWith("t.json:"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TournamentJson.read("t.json", "{}"));
    }
}
