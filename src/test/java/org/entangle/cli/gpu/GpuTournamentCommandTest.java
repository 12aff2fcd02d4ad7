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

    @Test
    void reportAddsWhatNcuMeasured(@TempDir Path dir) throws IOException {
        List<Entry> entries = new ArrayList<>();
        String[] families = {"kogge-stone", "sklansky"};
        double[] times = {1.9, 2.0};
        for (int i = 0; i < families.length; i++) {
            Candidate c = Candidate.of(families[i] + "-256", Origin.CLASSIC, "test", Families.build(families[i], 256));
            entries.add(Entry.measured(c, 35, times[i], List.of(times[i])));
        }
        entries.add(Entry.library("cub::BlockScan BLOCK_SCAN_RAKING", "raking", 28, 1.0, List.of(1.0)));
        Path json = dir.resolve("t.json");
        Files.writeString(json, TournamentJson.write(new TournamentResult("test", "now", null,
                List.of(new Setting("block", 256, 1 << 20, "ns per block scan", null, entries)), List.of())));
        Path csv = dir.resolve("ncu.csv");
        try (var in = getClass().getResourceAsStream("/tournament/ncu-profile.csv")) {
            Files.write(csv, in.readAllBytes());
        }
        Path out = dir.resolve("out");
        CliRun run = CliRun.run("gpu-tournament", "--report", json.toString(), "--ncu", csv.toString(), "-o", out.toString());
        assertEquals(0, run.status(), run.err());
        assertTrue(run.err().contains("bk-sample-256 at width 256 is no block-scan contender"), run.err());
        assertTrue(run.err().contains("min32-d5 at width 32 is no block-scan contender"), run.err());
        String text = Files.readString(out.resolve("tournament.txt"));
        assertTrue(text.contains("#3 sklansky-256 (classic)"), text);
        assertTrue(text.contains("ncu: bank conflicts 2.06 per block scan (model 0; loads 2.06, stores 0)"), text);
        assertTrue(text.contains("ncu: bank conflicts 6 per block scan (model -; loads 5, stores 1)"), text);
        TournamentResult written = TournamentJson.read("written", Files.readString(out.resolve("tournament.json")));
        assertEquals(List.of("kogge-stone-256", "sklansky-256", "cub::BlockScan BLOCK_SCAN_RAKING"),
                written.profiles().stream().map(p -> p.id()).toList());

        CliRun alone = CliRun.run("gpu-tournament", "--ncu", csv.toString());
        assertEquals(2, alone.status());
        assertTrue(alone.err().contains("--ncu goes with --report"), alone.err());
        Path notCsv = dir.resolve("log.csv");
        Files.writeString(notCsv, "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters\n");
        CliRun bad = CliRun.run("gpu-tournament", "--report", json.toString(), "--ncu", notCsv.toString(), "-o", out.toString());
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("log.csv: not the CSV of ncu --csv"), bad.err());
        CliRun missing = CliRun.run("gpu-tournament", "--profile", json.toString(), "--width", "256", "--id", "han-carlson-256");
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("han-carlson-256"), missing.err());
    }
}
