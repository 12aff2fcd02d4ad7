package org.entangle.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/**
 * What Nsight Compute measured, read from a profile in the format of {@code ncu --csv --print-units base} (its
 * details page: a header line, then one row per launch and metric, the tool's own lines and other kernels mixed in),
 * attributed to the contender and width its kernel's name gives, and shown per block scan beside the bank model's
 * figure in the winners' explanation.
 */
class NcuProfileTest {

    /** Block scans per launch in the recorded profile: 16 scans on 8192 blocks at width 32, on 1024 blocks at 256. */
    private static final double SCANS_32 = 16 * 8192;
    private static final double SCANS_256 = 16 * 1024;

    @Test
    void kernelNamesGiveBackTheContender() {
        for (String id : List.of("min16-d4-f6*serial-2*s2-8-4-12-71", "cub::BlockScan BLOCK_SCAN_RAKING", "a_b", "a_5fb", "größe-32")) {
            ProfiledKernel k = new ProfiledKernel(256, 16, id);
            assertTrue(k.name().matches("[A-Za-z_][A-Za-z0-9_]*"), k.name() + " is no C identifier");
            assertEquals(Optional.of(k), ProfiledKernel.parse(k.name()), id);
            assertEquals(Optional.of(k), ProfiledKernel.parse(k.name() + "(const int *, int *, int)"), id);
        }
        assertTrue(!new ProfiledKernel(32, 16, "a_b").name().equals(new ProfiledKernel(32, 16, "a_5fb").name()));
        assertEquals(Optional.empty(), ProfiledKernel.parse("tournament_candidate_3"));
        assertEquals(Optional.empty(), ProfiledKernel.parse("entangle_profile_w32_r16_bad_zz"));
    }

    @Test
    void readsEveryProfiledKernelOfTheRecordedCsv() throws IOException {
        List<KernelProfile> profiles = NcuCsv.read("ncu-profile.csv", sample());
        assertEquals(8, profiles.size(), "the eight profiled kernels, the CUB device scan left out");
        KernelProfile raking32 = find(profiles, 32, "cub::BlockScan BLOCK_SCAN_RAKING");
        assertEquals(8192, raking32.blocks());
        assertEquals(16, raking32.reps());
        assertEquals(30, raking32.registers());
        assertEquals(3.0, raking32.conflictsPerScan(), 1e-12);
        assertEquals(7.0 + 2 - 4 - 2, raking32.excessWavefrontsPerScan(), 1e-12);
        KernelProfile raking256 = find(profiles, 256, "cub::BlockScan BLOCK_SCAN_RAKING");
        assertEquals(6.0, raking256.conflictsPerScan(), 1e-12);
        assertEquals(16384 / SCANS_256, raking256.storeConflicts() / raking256.scansPerLaunch(), 1e-12);
        KernelProfile sklansky = find(profiles, 256, "sklansky-256");
        assertEquals(2, sklansky.launches());
        assertEquals((32768 + 34816) / 2.0 / SCANS_256, sklansky.conflictsPerScan(), 1e-12);
        assertEquals(32.0, sklansky.sharedAccessesPerScan(), 1e-12);
        assertEquals(0.0, find(profiles, 32, "kogge-stone-32").conflictsPerScan());
        assertEquals(24, find(profiles, 32, "min32-d5").registers());
        assertEquals(0.0, find(profiles, 256, "kogge-stone-256").excessWavefrontsPerScan());
        assertEquals(SCANS_32, raking32.scansPerLaunch());
    }

    @Test
    void missingMetricsAreUnknownAndBadInputIsAnError() {
        String header = "\"ID\",\"Kernel Name\",\"Grid Size\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";
        String kernel = new ProfiledKernel(32, 4, "x-32").name();
        List<KernelProfile> one = NcuCsv.read("t", header + "\"0\",\"" + kernel + "\",\"(10, 1, 1)\",\"" + NcuCsv.LOAD_CONFLICTS + "\",\"\",\"80\"\n");
        assertEquals(1, one.size());
        assertEquals(10, one.get(0).blocks());
        assertEquals(2.0, one.get(0).loadConflicts() / one.get(0).scansPerLaunch());
        assertTrue(Double.isNaN(one.get(0).conflictsPerScan()), "no store counter: the sum is unknown");
        assertEquals(-1, one.get(0).registers());
        IllegalArgumentException noHeader = assertThrows(IllegalArgumentException.class, () -> NcuCsv.read("p.csv", "==PROF== nothing\n"));
        assertTrue(noHeader.getMessage().startsWith("p.csv: "), noHeader.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> NcuCsv.read("q.csv",
                header + "\"0\",\"" + kernel + "\",\"(10, 1, 1)\",\"" + NcuCsv.LOAD_CONFLICTS + "\",\"\",\"many\"\n"));
        assertTrue(bad.getMessage().startsWith("q.csv:2: "), bad.getMessage());
    }

    @Test
    void theExplanationShowsEachContendersOwnMeasurement() throws IOException {
        TournamentResult result = tournament().withProfiles(NcuCsv.read("ncu-profile.csv", sample()));
        String text = TournamentOutput.text(result);
        assertEquals("ncu: bank conflicts 0 per block scan (model 0; loads 0, stores 0), excess wavefronts 0, shared accesses 128 per block scan;"
                + " registers 35 (1 launch of 1024 blocks x 16 scans)", measuredLine(text, 256, "#2 kogge-stone-256 "));
        assertTrue(measuredLine(text, 256, "#3 sklansky-256 ").startsWith("ncu: bank conflicts 2.06 per block scan (model 0; loads 2.06, stores 0),"
                + " excess wavefronts 2, shared accesses 32 per block scan; registers 35 (2 launches"), text);
        assertTrue(measuredLine(text, 256, "#4 bk-sample-256 ").startsWith("ncu: bank conflicts 1 per block scan"), text);
        assertTrue(measuredLine(text, 256, "best library: cub::BlockScan BLOCK_SCAN_RAKING ").startsWith(
                "ncu: bank conflicts 6 per block scan (model -; loads 5, stores 1)"), text);
        assertTrue(measuredLine(text, 32, "best library: cub::BlockScan BLOCK_SCAN_RAKING ").startsWith(
                "ncu: bank conflicts 3 per block scan (model -; loads 3, stores 0)"), text);
        assertTrue(measuredLine(text, 32, "#3 kogge-stone-32 ").contains("registers 26 "), text);
        assertTrue(measuredLine(text, 32, "#4 min32-d5 ").contains("registers 24 "), text);
        assertEquals("ncu: not profiled", measuredLine(text, 32, "#5 sklansky-32 "));
        String json = TournamentJson.write(result);
        TournamentResult back = TournamentJson.read("round trip", json);
        assertEquals(result.profiles(), back.profiles());
        assertEquals(text, TournamentOutput.text(back));
        assertTrue(!TournamentOutput.text(tournament()).contains("ncu:"), "no profile, no ncu line");
    }

    @Test
    void theExplainedContendersAreTheOnesToProfile() {
        Ranking at256 = Ranking.of(tournament().settings().get(1));
        assertEquals(List.of("kogge-stone-256", "bk-sample-256", "cub::BlockScan BLOCK_SCAN_RAKING"),
                ProfiledKernel.targets(at256, List.of()).stream().map(Entry::id).toList());
        Ranking at32 = Ranking.of(tournament().settings().get(0));
        assertEquals(List.of("kogge-stone-32", "min32-d5", "cub::BlockScan BLOCK_SCAN_RAKING"),
                ProfiledKernel.targets(at32, List.of()).stream().map(Entry::id).toList());
        assertEquals(List.of("sklansky-32"), ProfiledKernel.targets(at32, List.of("sklansky-32")).stream().map(Entry::id).toList());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProfiledKernel.targets(at32, List.of("sklansky-256")));
        assertTrue(e.getMessage().contains("sklansky-256"), e.getMessage());
    }

    /** The line after the one of {@code start} in the explanation of the block scan at {@code width}. */
    private static String measuredLine(String text, int width, String start) {
        String[] lines = text.split("\n");
        boolean inside = false;
        for (int i = 0; i < lines.length - 1; i++) {
            if (lines[i].startsWith("## ")) inside = lines[i].startsWith("## why, block, width " + width + ",");
            if (inside && lines[i].startsWith(start)) return lines[i + 1].trim();
        }
        throw new AssertionError("no line " + start + " at width " + width + " in\n" + text);
    }

    private static KernelProfile find(List<KernelProfile> profiles, int width, String id) {
        KernelProfile found = profiles.stream().filter(p -> p.width() == width && p.id().equals(id)).findFirst().orElse(null);
        assertNotNull(found, id + " at " + width);
        return found;
    }

    static String sample() throws IOException {
        try (InputStream in = NcuProfileTest.class.getResourceAsStream("/tournament/ncu-profile.csv")) {
            assertNotNull(in, "the recorded profile");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Block scans at 32 and 256 whose contenders' ids are those of the recorded profile. */
    static TournamentResult tournament() {
        List<Entry> at32 = new ArrayList<>();
        at32.add(measured("kogge-stone-32", Origin.CLASSIC, "kogge-stone", 32, 1.0));
        at32.add(measured("sklansky-32", Origin.CLASSIC, "sklansky", 32, 1.2));
        at32.add(measured("min32-d5", Origin.OPTIMISER, "ladner-fischer", 32, 1.1));
        at32.add(Entry.library("cub::WarpScan", "warp", 16, 0.5, List.of(0.5)));
        at32.add(Entry.library("cub::BlockScan BLOCK_SCAN_RAKING", "raking", 30, 0.45, List.of(0.45)));
        List<Entry> at256 = new ArrayList<>();
        at256.add(measured("kogge-stone-256", Origin.CLASSIC, "kogge-stone", 256, 1.9));
        at256.add(measured("sklansky-256", Origin.CLASSIC, "sklansky", 256, 2.0));
        at256.add(measured("bk-sample-256", Origin.SAMPLE, "brent-kung", 256, 2.1));
        at256.add(Entry.library("cub::BlockScan BLOCK_SCAN_RAKING", "raking", 28, 1.0, List.of(1.0)));
        return new TournamentResult("recorded", "2026-12-02", null, List.of(
                new Setting("block", 32, 1 << 20, "ns per block scan", null, at32),
                new Setting("block", 256, 1 << 20, "ns per block scan", null, at256)), List.of());
    }

    private static Entry measured(String id, Origin origin, String family, int width, double time) {
        return Entry.measured(Candidate.of(id, origin, "test", Families.build(family, width)), 20, time, List.of(time));
    }
}
