package org.entangle.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/** The shape of the generated CUDA: what each form must and must not contain, and what it refuses. */
class CudaGeneratorTest {

    private static int count(String text, String needle) {
        int c = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) c++;
        return c;
    }

    @Test
    void headerNamesTheNetworkItsMetricsAndWhatItComputes() {
        Network bk = Families.build("brent-kung", 16);
        String src = CudaGenerator.block(bk, ScanOptions.INT32_SUM).source();
        String header = src.substring(0, src.indexOf("#define"));
        var m = org.entangle.network.metrics.Metrics.of(bk);
        assertTrue(header.contains("brent-kung-16"), header);
        assertTrue(header.contains("width 16, ") && header.contains("size " + m.size() + ",") && header.contains("depth " + m.depth() + ","), header);
        assertTrue(header.contains("int32 add inclusive forward"), header);
    }

    @Test
    void blockFormHasOneBarrierPerStepInsideItsStepLoop() {
        Network bk = Families.build("brent-kung", 64);
        String src = CudaGenerator.block(bk, ScanOptions.INT32_SUM).source();
        assertEquals(1, count(src, "__syncthreads()"), "one barrier, inside the loop over the steps");
        assertTrue(src.contains("for (int s = 0; s < " + LaneProgram.of(bk).stepCount() + "; ++s)"));
        assertFalse(src.contains("__shfl_sync(FULL_MASK, x, lane)") && src.contains("shfl(x, e & 31)"));
    }

    @Test
    void warpFormShufflesAndNeverSynchronisesTheBlock() {
        String src = CudaGenerator.warp(Families.build("sklansky", 32), ScanOptions.INT32_SUM).source();
        assertTrue(src.contains("shfl(x, e & 31)"));
        assertEquals(0, count(src, "__syncthreads()"));
    }

    @Test
    void deviceWideUsesSharedMemoryOnlyForStepsThatCrossWarps() {
        Network sklansky = Families.build("sklansky", 128);
        LaneProgram program = LaneProgram.of(sklansky);
        int crossing = 0;
        for (int s = 0; s < program.stepCount(); s++) {
            if (!program.staysInWarps(s)) crossing++;
        }
        String src = CudaGenerator.deviceWide(sklansky, ScanOptions.INT32_SUM, 24).source();
        assertEquals(crossing, count(src, "(shared memory)"));
        assertEquals(program.stepCount() - crossing, count(src, "(warp shuffle)"));
        assertTrue(src.contains("STATUS_AGGREGATE") && src.contains("STATUS_PREFIX") && src.contains("__ballot_sync"));
    }

    @Test
    void deviceWideVectorisesOnlyFullForwardUnsegmentedTiles() {
        Network sklansky = Families.build("sklansky", 128);
        DeviceScanTuning tuning = DeviceScanTuning.defaults(128, 32);
        String forward = CudaGenerator.deviceWide(sklansky, ScanOptions.INT32_SUM, tuning).source();
        assertTrue(forward.contains("#define VEC 4") && forward.contains("base + TILE <= n"), "int32: 4 elements per 16-byte access, full tiles only");
        assertTrue(CudaGenerator.deviceWide(sklansky, ScanOptions.INT32_SUM.withType(ElementType.FLOAT64), tuning).source().contains("#define VEC 2"));
        ScanOptions backward = new ScanOptions(ElementType.INT32, ScanOperator.ADD, false, true, false);
        ScanOptions segmented = new ScanOptions(ElementType.INT32, ScanOperator.ADD, false, false, true);
        assertFalse(CudaGenerator.deviceWide(sklansky, backward, tuning).source().contains("VEC"));
        assertFalse(CudaGenerator.deviceWide(sklansky, segmented, tuning).source().contains("VEC"));
        assertFalse(CudaGenerator.deviceWide(sklansky, ScanOptions.INT32_SUM, DeviceScanTuning.defaults(128, 30)).source().contains("VEC"),
                "30 items are not whole 16-byte vectors");
        DeviceScanTuning scalar = new DeviceScanTuning(32, 16, 200, false, false);
        assertFalse(CudaGenerator.deviceWide(sklansky, ScanOptions.INT32_SUM, scalar).source().contains("VEC"));
    }

    @Test
    void deviceWideTuningReachesTheKernel() {
        Network sklansky = Families.build("sklansky", 128);
        String defaults = CudaGenerator.deviceWide(sklansky, ScanOptions.INT32_SUM, 32).source();
        assertTrue(defaults.contains("__launch_bounds__(LANES, 16)") && defaults.contains("__nanosleep(200)"), "2048 threads per SM, 200 ns");
        assertFalse(defaults.contains("V held[ITEMS]"), "items stay in shared memory by default");
        String registers = CudaGenerator.deviceWide(sklansky, ScanOptions.INT32_SUM, new DeviceScanTuning(32, 0, 0, true, true)).source();
        assertTrue(registers.contains("V held[ITEMS]") && registers.contains("__launch_bounds__(LANES)") && !registers.contains("__nanosleep"));
        assertEquals(32, DeviceScanTuning.defaultMinBlocks(32));
        assertEquals(2, DeviceScanTuning.defaultMinBlocks(1024));
        assertEquals(32, CudaGenerator.defaultItemsPerThread(128, ElementType.INT32));
        ScanOptions segmented = new ScanOptions(ElementType.INT32, ScanOperator.ADD, false, false, true);
        int fitted = CudaGenerator.defaultItemsPerThread(256, segmented);
        assertTrue(fitted < 24, "segmented pairs need a smaller tile than 256 x 24");
        CudaGenerator.deviceWide(Families.build("brent-kung", 256), segmented, fitted);
        assertEquals(24, CudaGenerator.defaultItemsPerThread(256, ElementType.INT32));
        assertEquals(12, CudaGenerator.defaultItemsPerThread(128, ElementType.INT64));
        assertThrows(IllegalArgumentException.class, () -> new DeviceScanTuning(0, 0, 0, true, false));
    }

    @Test
    void warpScansReplaceTheNetworkWhenAsked() {
        Network blelloch = Families.build("blelloch", 128);
        String s = CudaGenerator.deviceWide(blelloch, ScanOptions.INT32_SUM, new DeviceScanTuning(32, 16, 200, true, false, true, DeviceScanTuning.TileLayout.PADDED)).source();
        assertTrue(s.contains("block_warp_scan(total, t, warp_totals)") && !s.contains("network_scan(total"), s);
        assertTrue(s.contains("const V aggregate = scanned;") && s.contains("[t] = scanned;"),
                "the warp scans are inclusive even where the network is exclusive");
    }

    @Test
    void statusIsPackedForFourByteElementsAndFencedForEightByteOnes() {
        Network net = Families.build("kogge-stone", 64);
        GeneratedKernel packed = CudaGenerator.deviceWide(net, ScanOptions.INT32_SUM.withType(ElementType.FLOAT32), 8);
        GeneratedKernel fenced = CudaGenerator.deviceWide(net, ScanOptions.INT32_SUM.withType(ElementType.INT64), 8);
        assertTrue(packed.packedStatus() && !fenced.packedStatus());
        assertFalse(packed.source().contains("__threadfence"));
        assertTrue(fenced.source().contains("__threadfence"));
        long tiles = packed.blocks(1_000_000);
        assertEquals(8 * ((tiles + 1) & ~1L), packed.scratchBytes(1_000_000));
        assertEquals(8 * ((tiles + 1) & ~1L) + 2 * tiles * 8, fenced.scratchBytes(1_000_000));
    }

    @Test
    void segmentedScansLiftTheOperatorToPairs() {
        ScanOptions seg = new ScanOptions(ElementType.FLOAT64, ScanOperator.MIN, true, true, true);
        String src = CudaGenerator.deviceWide(Families.build("han-carlson", 64), seg, 8).source();
        assertTrue(src.contains("struct V { T v; unsigned f; };"));
        assertTrue(src.contains("b.f ? b.v : op(a.v, b.v)"));
        assertTrue(src.contains("fmin(a, b)"));
        assertTrue(src.contains("const unsigned* __restrict__ heads"));
    }

    @Test
    void anExclusiveNetworkGivesInclusiveResultsByCombiningWithTheOwnElement() {
        String src = CudaGenerator.block(Families.build("blelloch", 16), ScanOptions.INT32_SUM).source();
        assertTrue(src.contains("x = combine(x, own);"), src);
    }

    @Test
    void refusesWhatItCannotRunCorrectly() {
        Network notAScan = Network.ofPairs(4, new int[][] {{1, 0}}).withName("broken");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CudaGenerator.block(notAScan, ScanOptions.INT32_SUM));
        assertTrue(e.getMessage().contains("broken") && e.getMessage().contains("not a correct"), e.getMessage());
        Network knowles = Families.build("knowles", 32);
        assertThrows(IllegalArgumentException.class, () -> CudaGenerator.warp(knowles, ScanOptions.INT32_SUM));
        CudaGenerator.warp(knowles, ScanOptions.INT32_SUM.withOperator(ScanOperator.MAX));
        assertThrows(IllegalArgumentException.class, () -> CudaGenerator.warp(Families.build("sklansky", 64), ScanOptions.INT32_SUM));
        assertThrows(IllegalArgumentException.class, () -> CudaGenerator.deviceWide(Families.build("sklansky", 48), ScanOptions.INT32_SUM, 4));
        assertThrows(IllegalArgumentException.class, () -> CudaGenerator.deviceWide(Families.build("sklansky", 128),
                new ScanOptions(ElementType.FLOAT64, ScanOperator.ADD, false, false, true), 40));
    }
}
