package org.entangle.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/** The streaming device-wide form: its structure, launch geometry, shared memory and bank layout. */
class StreamingScanKernelTest {

    private static int count(String text, String needle) {
        int c = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) c++;
        return c;
    }

    @Test
    void residentBlocksTakeTilesInOrderAndLoadTheNextOnesAsynchronously() {
        Network sklansky = Families.build("sklansky", 256);
        DeviceScanTuning tuning = CudaGenerator.streamingDefaults(256, ScanOptions.INT32_SUM);
        GeneratedKernel k = CudaGenerator.deviceWide(sklansky, ScanOptions.INT32_SUM, tuning);
        String s = k.source();
        assertEquals(2, k.stages());
        assertTrue(s.contains("#define STAGES 2") && s.contains("extern __shared__"), "the stages live in dynamic shared memory");
        assertTrue(s.contains("cp.async.cg.shared.global") && s.contains("copy_async_wait<STAGES - 1>()"),
                "the next tiles load by asynchronous copies while one is scanned");
        assertEquals(2, count(s, "atomicAdd(next_tile, 1ull)"), "tiles come from the counter: STAGES at the start, one per tile");
        assertTrue(s.contains("status.words = scratch + 2;"), "the counter occupies the first two scratch words");
        assertFalse(s.contains("blockIdx.x"), "a block's tiles come from the counter, not from its index");
        assertFalse(s.contains("PAD("), "items lie unpadded: the odd item count spreads the threads over the banks");
        // the network's three steps across warps, the start, the look-back and the end of each tile
        assertEquals(3 + 3, count(s, "__syncthreads();"), s);
        assertEquals(256 * tuning.itemsPerThread(), k.tileItems());
        assertEquals(2L * k.tileItems() * 4, k.dynamicSharedBytes());
        assertTrue(s.contains("__launch_bounds__(LANES, " + tuning.minBlocksPerSm() + ")"));
    }

    @Test
    void theGridIsTheResidentBlocksAndTheScratchHoldsTheCounter() {
        GeneratedKernel k = CudaGenerator.deviceWide(Families.build("kogge-stone", 128), ScanOptions.INT32_SUM,
                new DeviceScanTuning(31, 4, 200, true, false, false, 3));
        long n = 10_000_000;
        long tiles = k.blocks(n);
        assertEquals((n + 128 * 31 - 1) / (128 * 31), tiles);
        assertEquals(4L * 132, k.grid(n, 4, 132), "no more blocks than stay resident");
        assertEquals(3, k.grid(3 * 128 * 31, 4, 132), "no more blocks than tiles");
        assertEquals(16 + 8 * ((tiles + 1) & ~1L), k.scratchBytes(n));
        assertEquals(3L * 128 * 31 * 4, k.dynamicSharedBytes());
        GeneratedKernel perTile = CudaGenerator.deviceWide(Families.build("kogge-stone", 128), ScanOptions.INT32_SUM, 31);
        assertEquals(tiles, perTile.grid(n, 4, 132), "one block per tile");
        assertEquals(0, perTile.dynamicSharedBytes());
    }

    @Test
    void backwardAndSegmentedScansLoadElementByElement() {
        Network bk = Families.build("brent-kung", 64);
        for (ScanOptions o : new ScanOptions[] {new ScanOptions(ElementType.FLOAT64, ScanOperator.MIN, true, true, false),
                new ScanOptions(ElementType.INT32, ScanOperator.ADD, false, false, true)}) {
            GeneratedKernel k = CudaGenerator.deviceWide(bk, o, CudaGenerator.streamingDefaults(64, o));
            String s = k.source();
            assertFalse(s.contains("cp.async") || s.contains("Vec"), o.label());
            assertTrue(s.contains("buffer[i] = load_element(in, " + (o.segmented() ? "heads, " : "") + "n, base + i);"), o.label());
            assertTrue(s.contains("atomicAdd(next_tile, 1ull)"), o.label());
            assertEquals((long) k.stages() * k.tileItems() * 8, k.dynamicSharedBytes(), o.label() + ": 8-byte values, or 4-byte (value, flag) pairs");
        }
    }

    @Test
    void defaultItemsAreOddSoThatThreadRunsReadWithoutBankConflicts() {
        for (int width : new int[] {32, 64, 128, 256, 512, 1024}) {
            for (ElementType type : ElementType.values()) {
                for (boolean segmented : new boolean[] {false, true}) {
                    ScanOptions o = new ScanOptions(type, ScanOperator.ADD, false, false, segmented);
                    int items = CudaGenerator.defaultStreamingItems(width, o);
                    int words = (segmented ? 2 * type.bytes() : type.bytes()) / 4;
                    assertEquals(1, items % 2, width + " " + o.label());
                    // one warp reads item k of each thread's run: lanes' values start ITEMS values apart; a
                    // request of 128 bytes (32 / words lanes) must touch every bank once
                    int lanesPerRequest = 32 / words;
                    for (int k = 0; k < items; k++) {
                        Set<Integer> banks = new HashSet<>();
                        for (int lane = 0; lane < lanesPerRequest; lane++) {
                            for (int w = 0; w < words; w++) banks.add((int) (((long) (lane * items + k) * words + w) % 32));
                        }
                        assertEquals(32, banks.size(), width + " " + o.label() + " item " + k);
                    }
                    CudaGenerator.deviceWide(Families.build("sklansky", width), o, CudaGenerator.streamingDefaults(width, o));
                }
            }
        }
    }

    @Test
    void sharedMemoryBoundsTheStagesAndTheResidentBlocks() {
        assertEquals(4, CudaGenerator.streamingResidentBlocks(256, 23, 2, ScanOptions.INT32_SUM), "4 x (2 x 23.5 KB + 4 KB) fit 228 KB");
        assertEquals(3, CudaGenerator.streamingResidentBlocks(256, 23, 3, ScanOptions.INT32_SUM));
        assertEquals(8, CudaGenerator.streamingResidentBlocks(256, 5, 2, ScanOptions.INT32_SUM), "2048 threads at most");
        Network sklansky = Families.build("sklansky", 256);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CudaGenerator.deviceWide(sklansky,
                ScanOptions.INT32_SUM.withType(ElementType.FLOAT64), new DeviceScanTuning(63, 1, 200, true, false, false, 4)));
        assertTrue(e.getMessage().contains("4 stages of 256 x 63 float64"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new DeviceScanTuning(23, 4, 200, true, false, false, 1));
        assertThrows(IllegalArgumentException.class, () -> new DeviceScanTuning(23, 4, 200, true, false, false, DeviceScanTuning.MAX_STAGES + 1));
    }
}
