package org.entangle.cli.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.entangle.cli.CliRun;
import org.entangle.network.families.Families;
import org.entangle.tournament.Candidate;
import org.entangle.tournament.Entry;
import org.entangle.tournament.Origin;
import org.entangle.tournament.Setting;
import org.entangle.tournament.TournamentJson;
import org.entangle.tournament.TournamentResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gpu-tournament} without a GPU: bad input is exit 2 with the reason; --report ranks and draws a recorded JSON. */
class GpuTournamentCommandTest {

    @Test
    void badInputIsExitTwo(@TempDir Path dir) throws IOException {
        CliRun width = CliRun.run("gpu-tournament", "--width", "48");
        assertEquals(2, width.status());
        assertTrue(width.err().contains("--width 48"), width.err());
        CliRun space = CliRun.run("gpu-tournament", "--space", "16:4");
        assertEquals(2, space.status());
        assertTrue(space.err().contains("expected N:STEPS:OPS"), space.err());
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{ \"settings\": [");
        CliRun report = CliRun.run("gpu-tournament", "--report", bad.toString(), "-o", dir.resolve("out").toString());
        assertEquals(2, report.status());
        assertTrue(report.err().contains("bad.json"), report.err());
    }

    @Test
    void reportRanksARecordedTournament(@TempDir Path dir) throws IOException {
        List<Entry> entries = new ArrayList<>();
        String[] families = {"sklansky", "kogge-stone", "brent-kung"};
        double[] times = {2.0, 1.5, 3.0};
        for (int i = 0; i < families.length; i++) {
            Candidate c = Candidate.of(families[i] + "-32", Origin.CLASSIC, "test", Families.build(families[i], 32));
            entries.add(Entry.measured(c, 20, times[i], List.of(times[i])));
        }
        Candidate broken = Candidate.of("broken", Origin.FILE, "test", Families.build("sklansky", 32));
        entries.add(Entry.failed(broken, "wrong result: element 3"));
        entries.add(Entry.library("cub::WarpScan", "cub", 16, 0.5, List.of(0.5)));
        Path json = dir.resolve("t.json");
        Files.writeString(json, TournamentJson.write(new TournamentResult("test", "now", null,
                List.of(new Setting("block", 32, 1 << 20, "ns per block scan", null, entries)), List.of())));
        Path out = dir.resolve("out");
        CliRun run = CliRun.run("gpu-tournament", "--report", json.toString(), "-o", out.toString());
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("best classic: kogge-stone-32 1.500"), run.out());
        assertTrue(run.out().contains("best library: cub::WarpScan"), run.out());
        assertTrue(Files.readString(out.resolve("tournament.txt")).contains("FAILED broken: wrong result"));
        assertTrue(Files.exists(out.resolve("plot-block-32-1048576.svg")));
    }
}
