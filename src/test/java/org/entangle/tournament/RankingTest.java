package org.entangle.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ranking and reporting of recorded timings: order, ratios, the best of each kind, failures kept apart, every file written. */
class RankingTest {

    @Test
    void ranksRecordedTimingsFastestFirstAndKeepsGoingPastAFailure(@TempDir Path dir) throws IOException {
        List<Candidate> candidates = RecordedTournament.pool().candidates();
        assertTrue(candidates.size() >= 20, "candidates: " + candidates.size());
        long seed = RecordedTournament.SEED;
        System.out.println("recorded timings drawn with seed " + seed);
        Random random = new Random(seed);
        double[] times = new double[candidates.size()];
        for (int i = 0; i < times.length; i++) times[i] = 8 + 6 * random.nextDouble();
        String failedId = candidates.get(candidates.size() / 2).id();
        Setting setting = RecordedTournament.setting(candidates, times, failedId);
        Ranking ranking = Ranking.of(setting);

        List<Entry> expected = new ArrayList<>(setting.entries().stream().filter(Entry::passed).toList());
        expected.sort(Comparator.comparingDouble(Entry::time));
        assertEquals(expected.stream().map(Entry::id).toList(), ranking.rows().stream().map(r -> r.entry().id()).toList());
        for (int i = 0; i < ranking.rows().size(); i++) assertEquals(i + 1, ranking.rows().get(i).rank());

        assertEquals(List.of(failedId, "cub::BlockScan BLOCK_SCAN_WARP_SCANS"), ranking.failed().stream().map(Entry::id).toList());
        assertNull(ranking.row(failedId), "a failed candidate is not ranked");

        Entry classic = expected.stream().filter(e -> e.origin() == Origin.CLASSIC).findFirst().orElseThrow();
        assertEquals(classic.id(), ranking.bestClassic().id());
        assertEquals("cub::WarpScan", ranking.bestLibrary().id());
        Entry oracle = expected.stream().filter(e -> !e.library() && e.origin().oracleChosen()).findFirst().orElseThrow();
        assertEquals(oracle.id(), ranking.bestOracle().id());
        for (Ranking.Row r : ranking.rows()) {
            assertEquals(r.entry().time() / classic.time(), r.vsClassic(), 1e-12);
            assertEquals(r.entry().time() / 9.5, r.vsLibrary(), 1e-12);
        }

        String text = TournamentOutput.text(new TournamentResult("recorded", "2026-12-02", null, List.of(setting), List.of("a note")));
        assertTrue(text.contains("FAILED " + failedId + ": wrong result"), text);
        assertTrue(text.contains("best oracle-chosen: " + oracle.id()), text);
        List<String> written = TournamentOutput.write(new TournamentResult("recorded", "2026-12-02", null, List.of(setting), List.of()), dir);
        assertTrue(Files.size(dir.resolve("tournament.json")) > 0 && Files.size(dir.resolve("plot-block-32-1048576.svg")) > 0, written.toString());
        assertTrue(written.stream().anyMatch(w -> w.endsWith("winner-32.svg")) == (ranking.rows().stream()
                .filter(r -> !r.entry().library()).findFirst().orElseThrow().entry() != ranking.bestClassic()), written.toString());
    }

    @Test
    void theParetoFrontIsExactlyTheUndominatedCandidates() {
        List<Candidate> candidates = RecordedTournament.pool().candidates();
        Random random = new Random(RecordedTournament.SEED + 1);
        double[] times = new double[candidates.size()];
        for (int i = 0; i < times.length; i++) times[i] = Math.round(20 + 10 * random.nextDouble());
        Ranking ranking = Ranking.of(RecordedTournament.setting(candidates, times, "none"));
        List<Entry> networks = ranking.rows().stream().map(Ranking.Row::entry).filter(e -> !e.library()).toList();
        for (Entry e : networks) {
            boolean dominated = networks.stream().anyMatch(o -> o != e && o.time() <= e.time() && o.size() <= e.size()
                    && (o.time() < e.time() || o.size() < e.size()));
            assertEquals(!dominated, ranking.row(e.id()).paretoSize(), e.id());
        }
        assertFalse(ranking.sizeFront().isEmpty());
        assertTrue(ranking.sizeFront().contains(ranking.rows().stream().map(Ranking.Row::entry).filter(e -> !e.library()).findFirst().orElseThrow()),
                "the fastest candidate is always on the front");
    }

    @Test
    void verdictsSayFasterOrSlowerByHowMuch() {
        assertEquals("10.0 % faster than X", TournamentTable.verdict(9, 10, "X"));
        assertEquals("25.0 % slower than X", TournamentTable.verdict(10, 8, "X"));
    }
}
