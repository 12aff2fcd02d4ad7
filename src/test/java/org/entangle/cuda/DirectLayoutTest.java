package org.entangle.cuda;

import static org.entangle.cuda.DeviceScanTuning.TileLayout.DIRECT;
import static org.entangle.cuda.DeviceScanTuning.TileLayout.PADDED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/** The device-wide form's direct tile layout: structure, shared memory and bank layout. */
class DirectLayoutTest {

    private static int count(String text, String needle) {
        int c = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) c++;
        return c;
    }

    private static DeviceScanTuning direct(int width, int items) {
        return DeviceScanTuning.defaults(width, items, DIRECT);
    }

    @Test
    void wholeTilesAreCopiedAsynchronouslyIntoAnUnpaddedTile() {
        Network sklansky = Families.build("sklansky", 256);
        GeneratedKernel k = CudaGenerator.deviceWide(sklansky, ScanOptions.INT32_SUM, direct(256, 25));
        String s = k.source();
        assertEquals(256 * 25, k.tileItems());
        assertTrue(s.contains("__shared__ __align__(16) V tile_items[TILE];") && !s.contains("PAD("), "unpadded");
        assertTrue(s.contains("cp.async.cg.shared.global") && s.contains("copy_async_wait_all();"), "16-byte asynchronous copies in");
        assertTrue(s.contains("if (WARP_CHUNKS % 32 == 0 || chunk < WARP_CHUNKS) dst[chunk] = src[chunk];"), "16-byte pieces out");
        assertTrue(s.contains("const int mine = warp_base + lane * ITEMS;") && s.contains("total = combine(total, tile_items[mine + k]);"));
        assertEquals(3 + 1, count(s, "__syncthreads();"), "the network's three steps across warps and the look-back");
        String padded = CudaGenerator.deviceWide(sklansky, ScanOptions.INT32_SUM, DeviceScanTuning.defaults(256, 24)).source();
        assertTrue(padded.contains("staging[PAD(") && !padded.contains("cp.async"), "the padded layout transposes through registers");
    }

    @Test
    void backwardAndSegmentedScansLoadElementByElement() {
        Network bk = Families.build("brent-kung", 64);
        for (ScanOptions o : new ScanOptions[] {new ScanOptions(ElementType.FLOAT64, ScanOperator.MIN, true, true, false),
                new ScanOptions(ElementType.INT32, ScanOperator.ADD, false, false, true)}) {
            String s = CudaGenerator.deviceWide(bk, o, direct(64, CudaGenerator.defaultDirectItems(64, o))).source();
            assertFalse(s.contains("cp.async") || s.contains("Vec"), o.label());
            assertTrue(s.contains("tile_items[i] = load_element(in, " + (o.segmented() ? "heads, " : "") + "n, base + i);"), o.label());
            assertTrue(s.contains("store_element(out, n, base + i, value_of(tile_items[i]));"), o.label());
        }
    }

    @Test
    void defaultItemsAreOddSoThatThreadRunsReadWithoutBankConflicts() {
        for (int width : new int[] {32, 64, 128, 256, 512, 1024}) {
            for (ElementType type : ElementType.values()) {
                for (boolean segmented : new boolean[] {false, true}) {
                    ScanOptions o = new ScanOptions(type, ScanOperator.ADD, false, false, segmented);
                    int items = CudaGenerator.defaultDirectItems(width, o);
                    int words = (segmented ? 2 * type.bytes() : type.bytes()) / 4;
                    assertEquals(1, items % 2, width + " " + o.label());
                    // one warp reads item k of each thread's run, the runs ITEMS values apart: each request of
                    // 128 bytes (32 / words lanes) must touch every bank once
                    int lanesPerRequest = 32 / words;
                    for (int k = 0; k < items; k++) {
                        Set<Integer> banks = new HashSet<>();
                        for (int lane = 0; lane < lanesPerRequest; lane++) {
                            for (int w = 0; w < words; w++) banks.add((int) (((long) (lane * items + k) * words + w) % 32));
                        }
                        assertEquals(32, banks.size(), width + " " + o.label() + " item " + k);
                    }
                    // 1024 lanes of 16-byte pairs fill the static shared memory with the network's exchange alone
                    if (width * words < 4096) CudaGenerator.deviceWide(Families.build("sklansky", width), o, direct(width, items));
                }
            }
        }
        assertEquals(25, CudaGenerator.defaultDirectItems(256, ScanOptions.INT32_SUM), "256 x 25 int32: 25 KB per tile");
    }

    @Test
    void thePaddedLayoutReadsEvenRunsWithTwoWayConflictsAndTheDirectOneWithNone() {
        // the bank model of the two layouts for the measured padded default (24 items) and the direct one (25)
        assertEquals(2 * 24, wavefronts(24, true));
        assertEquals(25, wavefronts(25, false), "25 unpadded: one wavefront per item");
        assertEquals(8 * 24, wavefronts(24, false), "24 unpadded: 8-way conflicts, why the direct layout takes odd counts");
    }

    /** Shared-memory wavefronts of one warp reading item k of every thread's run, summed over k (4-byte values). */
    private static int wavefronts(int items, boolean padded) {
        int total = 0;
        for (int k = 0; k < items; k++) {
            java.util.Map<Integer, Set<Integer>> banks = new java.util.HashMap<>();
            for (int lane = 0; lane < 32; lane++) {
                int i = lane * items + k;
                int slot = padded ? i + (i >> 5) : i;
                banks.computeIfAbsent(slot % 32, b -> new HashSet<>()).add(slot);
            }
            total += banks.values().stream().mapToInt(Set::size).max().orElse(0);
        }
        return total;
    }

    @Test
    void theTileMustFitTheStaticSharedMemory() {
        Network sklansky = Families.build("sklansky", 256);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CudaGenerator.deviceWide(sklansky,
                ScanOptions.INT32_SUM.withType(ElementType.FLOAT64), direct(256, 25)));
        assertTrue(e.getMessage().contains("256 x 25 float64"), e.getMessage());
        CudaGenerator.deviceWide(sklansky, ScanOptions.INT32_SUM.withType(ElementType.FLOAT64),
                direct(256, CudaGenerator.defaultDirectItems(256, ScanOptions.INT32_SUM.withType(ElementType.FLOAT64))));
        assertTrue(CudaGenerator.deviceWide(sklansky, ScanOptions.INT32_SUM, new DeviceScanTuning(24, 8, 200, true, false, false, PADDED))
                .source().contains("(padded layout, look-back after-network)"));
    }
}
