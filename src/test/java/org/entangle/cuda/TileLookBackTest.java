package org.entangle.cuda;

import static org.entangle.cuda.DeviceScanTuning.LookBack.AFTER_NETWORK;
import static org.entangle.cuda.DeviceScanTuning.LookBack.DEDICATED_WARP;
import static org.entangle.cuda.DeviceScanTuning.LookBack.EARLY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/** Where the device-wide form publishes a tile's aggregate and looks back ({@link DeviceScanTuning.LookBack}). */
class TileLookBackTest {

    private static final Network SKLANSKY = Families.build("sklansky", 256);
    /** Sklansky 256 has three steps that cross warps (shared memory, one barrier each) after five shuffle steps. */
    private static final int CROSS_WARP_STEPS = 3;

    private static int count(String text, String needle) {
        int c = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) c++;
        return c;
    }

    private static GeneratedKernel kernel(DeviceScanTuning.LookBack lookBack, ScanOptions o) {
        return CudaGenerator.deviceWide(SKLANSKY, o, CudaGenerator.defaultTuning(256, o).withLookBack(lookBack));
    }

    /** The kernel function itself (after the helpers). */
    private static String body(GeneratedKernel k) {
        return k.source().substring(k.source().indexOf("extern \"C\" __global__"));
    }

    @Test
    void afterTheNetworkTheLastThreadPublishesAndTheFirstWarpLooksBack() {
        GeneratedKernel k = kernel(AFTER_NETWORK, ScanOptions.INT32_SUM);
        String body = body(k);
        assertEquals(256, k.blockThreads());
        assertFalse(k.source().contains("warp_total") || k.source().contains("bar.arrive"));
        assertEquals(CROSS_WARP_STEPS + 1, count(k.source(), "__syncthreads();"), "the network's steps and the look-back's barrier");
        assertTrue(body.indexOf("network_scan(total") < body.indexOf("if (t == LANES - 1) publish(status, tile, tile == 0 ? STATUS_PREFIX"));
        assertTrue(body.contains("look_back(status, tile, lane);"));
        assertEquals(CudaGenerator.defaultTuning(256, ScanOptions.INT32_SUM).lookBack(), DeviceScanTuning.DEFAULT_LOOK_BACK);
    }

    @Test
    void earlyPublishesTheAggregateAndReadsTheFirstWindowBeforeTheNetwork() {
        GeneratedKernel k = kernel(EARLY, ScanOptions.INT32_SUM);
        String body = body(k);
        assertEquals(256, k.blockThreads());
        int network = body.indexOf("network_scan(total");
        int aggregate = body.indexOf("publish(status, tile, tile == 0 ? STATUS_PREFIX : STATUS_AGGREGATE, aggregate)");
        int firstWindow = body.indexOf("first_window = status_word(status, tile - 1 - lane)");
        assertTrue(aggregate > 0 && aggregate < network && firstWindow > aggregate && firstWindow < network, "aggregate, first poll, network");
        assertTrue(body.indexOf("warp_total(total, lane)") < body.indexOf("__syncthreads();"), "warp totals before the extra barrier");
        assertTrue(body.contains("look_back(status, tile, lane, first_window)"));
        // the inclusive prefix is published by the look-back warp before the block's last barrier, no longer after it
        int prefix = body.indexOf("publish(status, tile, STATUS_PREFIX, combine(prefix, aggregate))");
        assertTrue(prefix > network && prefix < body.lastIndexOf("__syncthreads();"));
        assertFalse(body.contains("combine(tile_prefix, aggregate)"));
        assertEquals(CROSS_WARP_STEPS + 2, count(k.source(), "__syncthreads();"), "one barrier more than after the network");
        // stale early words are polled again at once; only fresh ones that are not enough back off
        String lookBack = k.source().substring(k.source().indexOf("__device__ __forceinline__ V look_back"));
        assertTrue(lookBack.indexOf("continue;") < lookBack.indexOf("__nanosleep("));
    }

    @Test
    void aDedicatedWarpLooksBackBesideTheNetworkOnNamedBarriers() {
        GeneratedKernel k = kernel(DEDICATED_WARP, ScanOptions.INT32_SUM);
        String s = k.source();
        String body = body(k);
        assertEquals(256 + 32, k.blockThreads());
        assertEquals(0, count(s, "__syncthreads();"), "no barrier of the whole block: the look-back warp leaves early");
        assertEquals(CROSS_WARP_STEPS, count(s, "scan_sync();\n"), "the network's steps synchronise the scan threads only");
        assertTrue(s.contains("bar.sync 1, %0;\" :: \"r\"(LANES)"), "barrier 1 counts the scan threads");
        assertTrue(s.contains("bar.arrive 2, %0;\" :: \"r\"(THREADS)") && s.contains("bar.sync 2, %0;\" :: \"r\"(THREADS)"));
        assertTrue(s.contains("bar.arrive 3, %0;\" :: \"r\"(THREADS)") && s.contains("bar.sync 3, %0;\" :: \"r\"(THREADS)"));
        // 7 blocks of 288 threads fit the 2048 threads of a multiprocessor, 8 do not
        assertTrue(body.startsWith("extern \"C\" __global__ void __launch_bounds__(THREADS, 7)"), body.substring(0, 80));
        // the look-back warp leaves before the load; the scan threads arrive, scan, and wait for the prefix
        int lookBackWarp = body.indexOf("if (warp == LOOK_BACK_WARP) {");
        assertTrue(lookBackWarp > 0 && lookBackWarp < body.indexOf("// 1. Load"));
        assertTrue(body.indexOf("totals_wait();") < body.indexOf("look_back(status, tile, lane);"));
        assertTrue(body.indexOf("totals_arrive();") < body.indexOf("network_scan(total") && body.indexOf("network_scan(total") < body.indexOf("prefix_wait();"));
        assertTrue(body.indexOf("prefix_wait();") < body.indexOf("const V thread_prefix"));
        assertTrue(k.source().contains("look-back dedicated-warp"), "the header says so");
    }

    @Test
    void warpScansOfTheDedicatedWarpKernelUseTheScanThreadsBarrier() {
        DeviceScanTuning t = new DeviceScanTuning(25, 8, 200, true, false, true, DeviceScanTuning.TileLayout.DIRECT, DEDICATED_WARP);
        String s = CudaGenerator.deviceWide(SKLANSKY, ScanOptions.INT32_SUM, t).source();
        assertEquals(0, count(s, "__syncthreads();"));
        assertTrue(s.contains("if (lane == 31) warp_totals[warp] = x;\n    scan_sync();"), s.substring(s.indexOf("block_warp_scan")));
    }

    @Test
    void aDedicatedWarpNeedsRoomInTheBlock() {
        Network wide = Families.build("sklansky", 1024);
        DeviceScanTuning t = CudaGenerator.defaultTuning(1024, ScanOptions.INT32_SUM).withLookBack(DEDICATED_WARP);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CudaGenerator.deviceWide(wide, ScanOptions.INT32_SUM, t));
        assertTrue(e.getMessage().contains("1056 threads per block"), e.getMessage());
        GeneratedKernel narrow = CudaGenerator.deviceWide(Families.build("sklansky", 32), ScanOptions.INT32_SUM,
                CudaGenerator.defaultTuning(32, ScanOptions.INT32_SUM).withLookBack(DEDICATED_WARP));
        assertEquals(64, narrow.blockThreads());
    }

    @Test
    void everyStatusWordCarriesItsRunsEpoch() {
        for (ScanOptions o : new ScanOptions[] {ScanOptions.INT32_SUM, new ScanOptions(ElementType.FLOAT64, ScanOperator.ADD, false, false, false),
                new ScanOptions(ElementType.INT32, ScanOperator.MAX, true, true, true)}) {
            for (DeviceScanTuning.LookBack l : DeviceScanTuning.LookBack.values()) {
                GeneratedKernel k = kernel(l, o);
                String s = k.source();
                String body = body(k);
                // the run's epoch comes from the tile's own word, read before the tile is loaded or anything published
                int epoch = body.indexOf("status.epoch = next_epoch(status_word(status, tile));");
                assertTrue(epoch > 0 && epoch < body.indexOf("// 1. Load") && epoch < body.indexOf("publish("), o.label() + " " + l);
                assertTrue(s.contains("return ((own >> EPOCH_SHIFT) & EPOCH_MASK) % EPOCH_MASK + 1;"), "epochs 1 .. EPOCH_MASK, wrapping");
                // published words are tagged; words of another epoch read as not yet published
                String publish = s.substring(s.indexOf("void publish("), s.indexOf("decode_status("));
                assertTrue(publish.contains("status << 62 | s.epoch << EPOCH_SHIFT"), publish);
                assertTrue(s.contains("return ((w >> EPOCH_SHIFT) & EPOCH_MASK) == s.epoch ? w >> 62 : STATUS_INVALID;"));
                String decode = s.substring(s.indexOf("unsigned long long decode_status("), s.indexOf("unsigned long long read_status("));
                assertTrue(decode.contains("status_of(s, w)"), decode);
                assertFalse(decode.contains("w >> 62"), "the status bits are read only through the epoch check");
            }
        }
        // the epoch field lies above the value and the segment flag of a packed word
        assertTrue(kernel(EARLY, new ScanOptions(ElementType.INT32, ScanOperator.MAX, true, true, true)).source()
                .contains("status << 62 | s.epoch << EPOCH_SHIFT | (unsigned long long)x.f << 32 | bits;"));
    }

    @Test
    void tokensNameEveryLookBack() {
        for (DeviceScanTuning.LookBack l : DeviceScanTuning.LookBack.values()) assertEquals(l, DeviceScanTuning.LookBack.fromToken(l.token()));
        assertEquals("dedicated-warp", DEDICATED_WARP.token());
        assertNull(DeviceScanTuning.LookBack.fromToken("later"));
    }
}
