package org.entangle.banks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.entangle.generalize.ProgramInstances;
import org.entangle.generalize.Verification;
import org.entangle.generalize.Verifier;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;

/** Bank conflicts counted on a program's own lanes, and the remap (the talk's "Bank conflict avoidance"). */
class ProgramBanksTest {

    private static final Path NETWORKS = Path.of(System.getProperty("networks.dir", "networks"));

    private static Program brentKung() throws IOException {
        return Program.parse(Files.readString(NETWORKS.resolve("brent-kung.angel")));
    }

    @Test
    void aStride32AccessConflicts32WaysOnEachSiteAndPaddingRemovesIt() {
        Program strided = Program.parse("parallel i in 0 .. 31 { x[32 * i + 31] = x[32 * i] + x[32 * i + 31] }\nassert scan(x)\n");
        List<ProgramAccesses.Block> blocks = ProgramAccesses.at(strided, 1024);
        assertEquals(1, blocks.size());
        assertEquals(96, blocks.get(0).accesses().size(), "two reads and a write per lane");
        ProgramBanks.Report r = ProgramBanks.analyse(blocks, BankModel.DEFAULT, ProgramLanes.INDEX, IndexRemap.IDENTITY);
        assertEquals(3, r.warpAccesses());
        assertEquals(3 * 31, r.extraCycles());
        assertEquals(32, r.maxDegree());
        ProgramBanks.Search s = ProgramBanks.search(blocks, 1024, BankModel.DEFAULT, ProgramLanes.INDEX);
        assertTrue(s.best().conflictFree(), s.best().remap().toString());
        Program unit = Program.parse("parallel i in 0 .. 31 { x[i + 32] = x[i] + x[i + 32] }\nassert scan(x)\n");
        assertTrue(ProgramBanks.analyse(ProgramAccesses.at(unit, 64), BankModel.DEFAULT, ProgramLanes.INDEX, IndexRemap.IDENTITY).conflictFree());
    }

    @Test
    void onlyTheActiveLanesOfAnIfAccessAndTheyKeepTheirThreads() {
        Program p = Program.parse("parallel i in 0 .. N - 1 { if (i % 32 == 31) { x[i] = x[i - 1] + x[i] } }\nassert scan(x)\n");
        List<ProgramAccesses.Block> blocks = ProgramAccesses.at(p, 1024);
        assertEquals(3 * 32, blocks.get(0).accesses().size(), "lanes 31, 63, ..., 1023: two reads and a write each");
        ProgramBanks.Report index = ProgramBanks.analyse(blocks, BankModel.DEFAULT, ProgramLanes.INDEX, IndexRemap.IDENTITY);
        assertTrue(index.conflictFree(), "one active thread per warp: no conflict");
        ProgramBanks.Report compact = ProgramBanks.analyse(blocks, BankModel.DEFAULT, ProgramLanes.COMPACT, IndexRemap.IDENTITY);
        assertEquals(32, compact.maxDegree(), "32 lanes of stride 32 packed into one warp");
    }

    @Test
    void theBrentKungRemapAt1024IsConflictFreeInjectiveAndStillCorrect() throws IOException {
        Program bk = brentKung();
        int n = 1024;
        ProgramBanks.Search s = ProgramBanks.search(ProgramAccesses.at(bk, n), n, BankModel.DEFAULT, ProgramLanes.INDEX);
        assertEquals(0, s.best().extraCycles());
        assertEquals(1, s.best().maxDegree());
        assertEquals(2 * 10 - 1, s.best().extraPerStep().size(), "every up-sweep and down-sweep step that accesses x");
        IndexRemap remap = SharedMemoryLayout.remap(bk, n, BankModel.DEFAULT, ProgramLanes.INDEX);
        assertEquals(s.best().remap(), remap);
        assertTrue(remap.injectiveUpTo(n));
        Network network = ProgramInstances.at(bk, n, CancellationToken.withTimeout(600));
        assertTrue(RemapCheck.preserves(network, remap));
        Verification v = Verifier.verify(k -> network, List.of(n), null, () -> false);
        assertTrue(v.passed());
    }

    @Test
    void compactLanesConflictAndTheRemapRemovesEveryConflictAt1024WithoutChangingTheResult() throws IOException {
        Program bk = brentKung();
        int n = 1024;
        ProgramBanks.Search s = ProgramBanks.search(ProgramAccesses.at(bk, n), n, BankModel.DEFAULT, ProgramLanes.COMPACT);
        assertEquals(915, s.original().extraCycles(), "GPU Gems' strided tree levels conflict");
        assertEquals(0, s.best().extraCycles(), s.best().remap().toString());
        assertEquals(1, s.best().maxDegree());
        assertEquals(19, s.best().extraPerStep().size());
        IndexRemap remap = s.best().remap();
        assertEquals(new LevelSwizzleRemap(5), remap, "the structured formula wins: no table needed");
        assertTrue(remap.injectiveUpTo(n));
        assertEquals(n, remap.footprint(n), "a permutation of the rows: no padding");
        assertEquals(remap, SharedMemoryLayout.remap(bk, n, BankModel.DEFAULT, ProgramLanes.COMPACT));
        Network network = ProgramInstances.at(bk, n, CancellationToken.withTimeout(600));
        assertTrue(RemapCheck.preserves(network, remap));
        assertTrue(Verifier.verify(k -> network, List.of(n), null, () -> false).passed());
    }

    @Test
    void theLevelSwizzleIsConflictFreeForBrentKungUpTo1024() throws IOException {
        Program bk = brentKung();
        LevelSwizzleRemap level = new LevelSwizzleRemap(5);
        for (int n = 32; n <= 1024; n *= 2) {
            ProgramBanks.Report r = ProgramBanks.analyse(ProgramAccesses.at(bk, n), BankModel.DEFAULT, ProgramLanes.COMPACT, level);
            assertTrue(r.conflictFree(), "N = " + n + ": " + r.extraCycles());
            assertTrue(level.injectiveUpTo(n) && level.footprint(n) == n, "N = " + n);
        }
        assertEquals(0, level.map(0), "i + 1 = 1: level 0, node 0, bank tau^0(0) = 0");
        assertEquals(16, level.map(1), "i + 1 = 2: level 1, node 0, bank tau(0) = rotl(0) ^ 16");
        assertEquals(1, level.map(2), "i + 1 = 3: level 0, node 1");
        assertEquals(32 + 1, level.map(32 + 3), "i + 1 = 36 = 2^2 * 9: row 1, level 2, node 4, bank tau^2(4) = rotl2(4) ^ 17 = 16 ^ 17 = 1");
    }

    @Test
    void theLayoutCheckRejectsANetworkThatIsNotAScanUnderEveryRemap() throws IOException {
        Network full = ProgramInstances.at(brentKung(), 64, CancellationToken.withTimeout(600));
        Network withoutLastStep = full.withSteps(full.steps().subList(0, full.stepCount() - 1));
        for (IndexRemap r : RemapSearch.grammar(64, BankModel.DEFAULT)) {
            assertTrue(r.injectiveUpTo(64), r.toString());
            assertTrue(RemapCheck.preserves(full, r), r.toString());
            assertFalse(RemapCheck.preserves(withoutLastStep, r), r.toString());
        }
    }

    @Test
    void programsWithAngelsCannotBeTraced() {
        Program angelic = Program.parse("parallel i in 0 .. N - 1 { if (!!) { x[i] = x[i - 1] + x[i] } }\nassert scan(x)\n");
        assertThrows(IllegalArgumentException.class, () -> ProgramAccesses.at(angelic, 8));
    }
}
