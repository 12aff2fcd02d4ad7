package org.entangle.banks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.entangle.generalize.ProgramInstances;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;

/**
 * The table remap found by bank colouring: where no formula is conflict-free (Brent–Kung, compact lanes,
 * N = 2048) the table is, injective in N slots and still computes the scan; a layout with two indices of one warp
 * access moved into one bank is caught; the C table holds the map.
 */
class BankColouringTest {

    private static final Path NETWORKS = Path.of(System.getProperty("networks.dir", "networks"));

    private static Program brentKung() throws IOException {
        return Program.parse(Files.readString(NETWORKS.resolve("brent-kung.angel")));
    }

    @Test
    void theTableSearchRemovesEveryConflictWhereTheFormulasCannot() throws IOException {
        int n = 2048;
        long seed = ProgramBanks.DEFAULT_SEED;
        System.out.println("BankColouringTest: table search seed " + seed);
        List<ProgramAccesses.Block> blocks = ProgramAccesses.at(brentKung(), n);
        ProgramBanks.Search s = ProgramBanks.search(blocks, n, BankModel.DEFAULT, ProgramLanes.COMPACT, seed);
        assertNotNull(s.colouring(), "every formula leaves conflicts at 2048, so the table search ran");
        assertEquals(seed, s.colouring().seed());
        assertEquals(0, s.best().extraCycles());
        TableRemap table = (TableRemap) s.best().remap();
        assertTrue(table.injectiveUpTo(n));
        assertEquals(n, table.footprint(n));
        Network network = ProgramInstances.at(brentKung(), n, CancellationToken.withTimeout(600));
        assertTrue(RemapCheck.preserves(network, table));
    }

    @Test
    void fromTheGreedyStartTheLocalSearchReachesAConflictFreeTable() throws IOException {
        int n = 512;
        long seed = 3;
        System.out.println("BankColouringTest: greedy start, seed " + seed);
        List<ProgramAccesses.Block> blocks = ProgramAccesses.at(brentKung(), n);
        List<int[]> groups = new ArrayList<>();
        for (List<int[]> block : ProgramBanks.warpAccesses(blocks, BankModel.DEFAULT, ProgramLanes.COMPACT)) groups.addAll(block);
        BankColouring.Result r = BankColouring.colour(n, groups, BankModel.DEFAULT, n, seed, 400L * n);
        assertEquals(0, r.conflicts(), r.moves() + " moves");
        assertTrue(ProgramBanks.analyse(blocks, BankModel.DEFAULT, ProgramLanes.COMPACT, r.remap()).conflictFree());
        assertTrue(r.remap().injectiveUpTo(n) && r.remap().footprint(n) == n);
        assertTrue(RemapCheck.preserves(ProgramInstances.at(brentKung(), n, CancellationToken.withTimeout(600)), r.remap()));
    }

    @Test
    void aLayoutWithTwoIndicesOfOneAccessInOneBankConflicts() throws IOException {
        int n = 1024;
        List<ProgramAccesses.Block> blocks = ProgramAccesses.at(brentKung(), n);
        LevelSwizzleRemap good = new LevelSwizzleRemap(5);
        assertTrue(ProgramBanks.analyse(blocks, BankModel.DEFAULT, ProgramLanes.COMPACT, good).conflictFree());
        int[] access = ProgramBanks.warpAccesses(blocks, BankModel.DEFAULT, ProgramLanes.COMPACT).get(0).get(0);
        int a = access[0];
        int b = access[1];
        int[] slots = new int[n];
        for (int i = 0; i < n; i++) slots[i] = (int) good.map(i);
        int c = -1;
        for (int i = 0; i < n && c < 0; i++) if (i != a && slots[i] % 32 == slots[a] % 32 && !contains(access, i)) c = i;
        int swap = slots[b];
        slots[b] = slots[c];
        slots[c] = swap;
        TableRemap broken = new TableRemap(slots);
        assertTrue(broken.injectiveUpTo(n), "still a permutation, so only the bank check can tell");
        ProgramBanks.Report r = ProgramBanks.analyse(blocks, BankModel.DEFAULT, ProgramLanes.COMPACT, broken);
        assertFalse(r.conflictFree());
        assertEquals(2, r.maxDegree(), a + " and " + b + " share bank " + slots[a] % 32);
        slots[b] = slots[a];
        assertFalse(new TableRemap(slots).injectiveUpTo(n), "two indices in one slot");
    }

    @Test
    void colouringAnImpossibleGroupReportsWhatRemains() {
        List<int[]> groups = new ArrayList<>();
        groups.add(new int[] {0, 1, 2});
        BankModel twoBanks = new BankModel(2, 4, 32, 4);
        BankColouring.Result r = BankColouring.colour(4, groups, twoBanks, 4, 7, 1000);
        assertEquals(1, r.conflicts(), "three indices, two banks: one pair must share");
        assertTrue(r.remap().injectiveUpTo(4));
        BankColouring.Result padded = BankColouring.colour(3, List.of(new int[] {0, 1}, new int[] {1, 2}), twoBanks, 4, 7, 1000);
        assertEquals(0, padded.conflicts());
        assertTrue(padded.remap().map(0) % 2 != padded.remap().map(1) % 2 && padded.remap().map(1) % 2 != padded.remap().map(2) % 2);
    }

    @Test
    void theCTableHoldsTheMapAndExtendsPastIt() {
        TableRemap t = new TableRemap(new int[] {2, 0, 1});
        assertEquals("BANK_SLOT[(i)]", t.toC("(i)"));
        assertEquals("static __device__ const unsigned short BANK_SLOT[5] = {2,0,1,3,4};", t.cArray(5));
        assertTrue(t.injectiveUpTo(5));
        assertEquals(5, t.footprint(5));
    }

    private static boolean contains(int[] xs, int x) {
        for (int v : xs) if (v == x) return true;
        return false;
    }
}
