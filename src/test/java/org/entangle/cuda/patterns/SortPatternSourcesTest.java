package org.entangle.cuda.patterns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/**
 * The radix-sort, merge and segmented-scan emitters without nvcc: configurations from types and options, bad
 * input refused with a one-line reason, and the network really inside the radix sort and the segmented scan
 * (a different network gives different code; the merge's code does not depend on it, as documented).
 */
class SortPatternSourcesTest {

    private static PatternRequest request(Network n, List<String> types, Map<String, String> options) {
        return new PatternRequest(n, n.name(), types, options);
    }

    private static final Network SKLANSKY = Families.build("sklansky", 256);
    private static final Network BRENT_KUNG = Families.build("brent-kung", 256);

    @Test
    void configurationsFollowTypesAndOptions() {
        assertEquals(6, new RadixSortSource().configs(request(SKLANSKY, List.of(), Map.of())).size());
        assertEquals(List.of(new RadixSortSource.Config(RadixKey.FLOAT32, true)),
                new RadixSortSource().configs(request(SKLANSKY, List.of("float32"), Map.of("values", "uint32"))));
        assertEquals(4, new MergeSource().configs(request(SKLANSKY, List.of(), Map.of())).size());
        assertEquals(List.of(new SegmentedScanSource.Config(org.entangle.cuda.ElementType.INT32, SegmentedScanSource.Descriptor.HEADS)),
                new SegmentedScanSource().configs(request(SKLANSKY, List.of("int32"), Map.of("descriptor", "heads"))));
    }

    @Test
    void badInputIsRefusedWithAReason() {
        assertThrows(IllegalArgumentException.class, () -> new RadixSortSource().configs(request(SKLANSKY, List.of("int64"), Map.of())));
        assertThrows(IllegalArgumentException.class, () -> new RadixSortSource().configs(request(SKLANSKY, List.of(), Map.of("values", "x"))));
        assertThrows(IllegalArgumentException.class, () -> new MergeSource().configs(request(SKLANSKY, List.of("uint32"), Map.of())));
        assertThrows(IllegalArgumentException.class, () -> new SegmentedScanSource().configs(request(SKLANSKY, List.of(), Map.of("descriptor", "x"))));
        IllegalArgumentException narrow = assertThrows(IllegalArgumentException.class,
                () -> new RadixSortSource().emit(request(Families.build("sklansky", 16), List.of(), Map.of())));
        assertTrue(narrow.getMessage().contains("multiple of 32"), narrow.getMessage());
    }

    @Test
    void mergeTilesFollowItemsAndFitTheSharedMemoryAndRegisters() {
        List<MergeSource.Config> configs = new MergeSource().configs(request(SKLANSKY, List.of("float32"), Map.of("items", "19")));
        assertEquals(List.of(new MergeSource.Config(RadixKey.FLOAT32, false, 19), new MergeSource.Config(RadixKey.FLOAT32, true, 19)), configs);
        assertEquals(MergeSource.DEFAULT_ITEMS, new MergeSource().configs(request(SKLANSKY, List.of("int32"), Map.of())).get(0).items());
        assertEquals(MergeSource.THREADS * 19, configs.get(0).tile());
        assertEquals(3, configs.get(0).tiles(2L * MergeSource.THREADS * 19 + 1));
        for (String bad : List.of("16", "5", "33", "x")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new MergeSource().configs(request(SKLANSKY, List.of(), Map.of("items", bad))));
            assertTrue(e.getMessage().contains("items=" + bad), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new MergeSource().configs(request(SKLANSKY, List.of(), Map.of("items", "25"))));
        assertEquals(1, new MergeSource().configs(request(SKLANSKY, List.of("int32"), Map.of("items", "31", "values", "none"))).size());
        for (int items = 7; items <= MergeSource.MAX_ITEMS; items += 2) {
            for (boolean pairs : new boolean[] {false, true}) {
                if (pairs && items > MergeSource.MAX_PAIR_ITEMS) continue;
                MergeSource.Config c = new MergeSource.Config(RadixKey.INT32, pairs, items);
                int shared = (pairs ? 2 : 1) * 4 * (c.tile() + items);
                assertTrue(shared <= 48 * 1024, c + ": static shared memory " + shared);
                assertTrue(c.minBlocks() >= 1 && c.minBlocks() * (shared + 1024) <= 228 * 1024, c + ": " + c.minBlocks() + " blocks");
                assertTrue(c.minBlocks() * MergeSource.THREADS <= 2048, c + ": " + c.minBlocks() + " blocks");
            }
        }
        String emitted = new MergeSource().emit(request(SKLANSKY, List.of("int32"), Map.of("items", "23", "values", "none")));
        assertTrue(emitted.contains("constexpr int ITEMS = 23;") && emitted.contains("__launch_bounds__(THREADS, 6)"), emitted);
    }

    @Test
    void radixSortAndSegmentedScanAreBuiltOnTheNetworkAndMergeIsNot() {
        String radix = new RadixSortSource().emit(request(SKLANSKY, List.of("uint32"), Map.of("values", "none")));
        RadixSortSource.Config keys = new RadixSortSource.Config(RadixKey.UINT32, false);
        assertTrue(radix.contains("block_scan((int)owned)") && radix.contains(keys.binScanEntry() + "(") && radix.contains(keys.onesweepEntry() + "("));
        assertNotEquals(radix, new RadixSortSource().emit(request(BRENT_KUNG, List.of("uint32"), Map.of("values", "none"))));
        String seg = new SegmentedScanSource().emit(request(SKLANSKY, List.of("int32"), Map.of()));
        assertNotEquals(seg, new SegmentedScanSource().emit(request(BRENT_KUNG, List.of("int32"), Map.of())));
        String merge = new MergeSource().emit(request(SKLANSKY, List.of("int32"), Map.of()));
        assertEquals(merge.lines().skip(1).toList(), new MergeSource().emit(request(BRENT_KUNG, List.of("int32"), Map.of())).lines().skip(1).toList());
    }

    @Test
    void radixSortTilesFitTheBlockAndTheirCounters() {
        assertEquals(new RadixSortSource.Geometry(384, 20, 4), RadixSortSource.Geometry.of(SKLANSKY, false));
        assertEquals(new RadixSortSource.Geometry(384, 20, 3), RadixSortSource.Geometry.of(SKLANSKY, true));
        for (Network n : List.of(Families.build("kogge-stone", 32), Families.build("blelloch", 64), SKLANSKY,
                Families.build("brent-kung", 512), Families.build("sklansky", 1024))) {
            RadixSortSource.Geometry g = RadixSortSource.Geometry.of(n, false);
            assertEquals(g.tileKeys(), RadixSortSource.Geometry.of(n, true).tileKeys(), n.name() + ": keys and pairs share the tile");
            int shared = 4 * g.tileKeys() + g.threads() / 32 * RadixSortSource.RADIX * 2 + 2 * g.threads() * 4 + 2 * RadixSortSource.RADIX * 4;
            assertTrue(g.threads() >= n.width() && g.threads() % 32 == 0 && g.items() >= 1, n.name() + ": " + g);
            assertTrue(shared <= 48 * 1024, n.name() + ": " + shared + " bytes of shared memory");
            assertTrue(g.tileKeys() < 1 << 16, n.name() + ": in-tile slots must fit the 16-bit warp counters");
            assertEquals(3, g.tiles(2L * g.tileKeys() + 1));
        }
    }

    @Test
    void radixSortOptionsSetTheTileTheBlocksAndTheLookBack() {
        PatternRequest tuned = request(SKLANSKY, List.of("int32"), Map.of("items", "18", "blocks", "3", "look-back", "2"));
        assertEquals(new RadixSortSource.Geometry(384, 18, 3), RadixSortSource.Geometry.of(tuned, false));
        assertEquals(2, RadixSortSource.lookBack(tuned));
        assertEquals(RadixSortSource.Geometry.of(SKLANSKY, true), RadixSortSource.Geometry.of(request(SKLANSKY, List.of(), Map.of()), true));
        String unit = new RadixSortSource().emit(tuned);
        assertTrue(unit.contains("constexpr int ITEMS = 18;") && unit.contains("constexpr int MIN_BLOCKS = 3;")
                && unit.contains("constexpr int LOOK_BACK = 2;"), "the options reach the kernels");
        for (Map<String, String> bad : List.of(Map.of("items", "21"), Map.of("items", "0"), Map.of("blocks", "x"), Map.of("look-back", "9"))) {
            PatternRequest r = request(SKLANSKY, List.of(), bad);
            assertThrows(IllegalArgumentException.class, () -> new RadixSortSource().emit(r), bad.toString());
        }
    }

    @Test
    void radixSortResultLiesWhereTheRunningPassesLeaveIt() {
        // Passes whose 8-bit digit has a varying bit run, alternating first, second, first, second buffer; none copies into the first.
        int[][] cases = {{0, 0}, {0x1, 1}, {0x80000000, 1}, {0x0000ff00, 1}, {0x00ff00ff, 2}, {0x01010100, 3}, {0xffffffff, 4}};
        for (int[] c : cases) {
            assertEquals(c[1], RadixSortSource.passesRun(c[0]), Integer.toHexString(c[0]));
            assertEquals(c[1] == 0 || c[1] % 2 == 1, RadixSortSource.resultInFirst(c[0]), Integer.toHexString(c[0]));
        }
        String unit = new RadixSortSource().emit(request(SKLANSKY, List.of("float32"), Map.of("values", "none")));
        assertTrue(unit.contains("constexpr int BITS_AT = " + RadixSortSource.BITS_AT + ";")
                && unit.contains("constexpr int STATUS_AT = " + RadixSortSource.SCRATCH_HEADER_WORDS + ";"), "the scratch layout is the host's");
        assertTrue(unit.contains(RadixKey.FLOAT32.cUnflip()), "float32 keys are unflipped as the last pass stores them");
    }

    @Test
    void radixSortRefusesKeysItsTileCountsCannotHold() {
        RadixSortSource.requireSortable((1L << 30) - 1);
        IllegalArgumentException big = assertThrows(IllegalArgumentException.class, () -> RadixSortSource.requireSortable(1L << 30));
        assertTrue(big.getMessage().contains("below 2^30"), big.getMessage());
    }
}
