package org.entangle.gpu.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.entangle.cuda.NvccCompiler;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuDevice;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.entangle.tournament.Candidate;
import org.entangle.tournament.Entry;
import org.entangle.tournament.Origin;
import org.entangle.tournament.Ranking;
import org.entangle.tournament.Setting;
import org.entangle.tournament.WideComposition;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The block-scan tournament on a real GPU (tag {@code gpu}; skipped, with the reason, without a CUDA driver or nvcc):
 * correct networks pass their check and are timed beside CUB's algorithms, and a network that is not a scan fails its
 * check, is reported, and does not stop the others.
 */
@Tag("gpu")
@ExtendWith(GpuDevice.class)
class TournamentGpuTest {

    private static final long SEED = 20261202L;
    private static Gpu gpu;
    private static NvccCompiler nvcc;

    @BeforeAll
    static void open(Gpu device, NvccCompiler compiler) {
        gpu = device;
        nvcc = compiler;
        System.out.println("GPU tournament test on " + gpu.info().describe() + ", seed " + SEED);
    }

    private static Setting run(int width, List<Candidate> candidates) {
        return BlockScanRun.run(gpu, nvcc, width, candidates, new BlockScanRun.Config(1 << 16, 3, 8, 2, 3, SEED), System.out::println);
    }

    @Test
    void aBrokenCandidateIsReportedAndTheOthersAreTimed() {
        Network sklansky = Families.build("sklansky", 32);
        Network broken = sklansky.withSteps(sklansky.steps().subList(0, sklansky.stepCount() - 1));
        List<Candidate> candidates = List.of(Candidate.of("sklansky-32", Origin.CLASSIC, "test", sklansky),
                Candidate.of("broken", Origin.FILE, "test", broken),
                Candidate.of("kogge-stone-32", Origin.CLASSIC, "test", Families.build("kogge-stone", 32)));
        Ranking ranking = Ranking.of(run(32, candidates));
        assertEquals(List.of("broken"), ranking.failed().stream().map(Entry::id).toList());
        assertTrue(ranking.failed().get(0).failure().startsWith("wrong result"), ranking.failed().get(0).failure());
        assertEquals(6, ranking.rows().size(), "two networks, cub::WarpScan and three cub::BlockScan algorithms");
        for (Ranking.Row r : ranking.rows()) {
            assertTrue(r.entry().time() > 0 && r.entry().registers() > 0, r.entry().id());
            assertEquals(2, r.entry().rounds().size());
        }
    }

    @Test
    void aComposedBlockNetworkPassesAtWidth256() {
        Network composed = WideComposition.compose(Families.build("brent-kung", 32), Families.build("sklansky", 8));
        Ranking ranking = Ranking.of(run(256, List.of(Candidate.of("bk*sk", Origin.FILE, "test", composed),
                Candidate.of("sklansky-256", Origin.CLASSIC, "test", Families.build("sklansky", 256)))));
        assertTrue(ranking.failed().isEmpty(), ranking.failed().toString());
        assertFalse(ranking.rows().isEmpty());
        assertEquals(5, ranking.rows().size(), "two networks and three cub::BlockScan algorithms");
    }

    @Test
    void profiledKernelsRunAloneUnderTheirNamesAndAreChecked() {
        Network sklansky = Families.build("sklansky", 256);
        Network broken = sklansky.withSteps(sklansky.steps().subList(0, sklansky.stepCount() - 1));
        List<Entry> targets = List.of(Entry.measured(Candidate.of("sklansky-256", Origin.CLASSIC, "test", sklansky), 35, 1.0, List.of(1.0)),
                Entry.measured(Candidate.of("broken-256", Origin.FILE, "test", broken), 35, 1.0, List.of(1.0)),
                Entry.library("cub::BlockScan BLOCK_SCAN_RAKING", "raking", 28, 0.5, List.of(0.5)));
        List<ProfileLaunch.Outcome> outcomes = ProfileLaunch.run(gpu, nvcc, 256, targets, 1 << 16, 4, 2, SEED);
        assertEquals(List.of("sklansky-256", "broken-256", "cub::BlockScan BLOCK_SCAN_RAKING"), outcomes.stream().map(o -> o.kernel().id()).toList());
        assertEquals(null, outcomes.get(0).failure());
        assertTrue(outcomes.get(1).failure().startsWith("launch 1: wrong result"), outcomes.get(1).failure());
        assertEquals(null, outcomes.get(2).failure());
        for (ProfileLaunch.Outcome o : outcomes) {
            assertTrue(o.registers() > 0, o.kernel().name());
            assertEquals(java.util.Optional.of(o.kernel()), org.entangle.tournament.ProfiledKernel.parse(o.kernel().name()));
        }
    }
}
