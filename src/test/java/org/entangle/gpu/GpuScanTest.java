package org.entangle.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.entangle.cuda.CudaCompileException;
import org.entangle.cuda.CudaGenerator;
import org.entangle.cuda.DeviceScanTuning;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.GeneratedKernel;
import org.entangle.cuda.NvccCompiler;
import org.entangle.cuda.ReferenceScan;
import org.entangle.cuda.ScanOperator;
import org.entangle.cuda.ScanOptions;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs generated kernels on a real GPU (tag {@code gpu}); skipped, with the reason, where there is no CUDA
 * driver or no nvcc. Sizes around the tile boundaries; seed printed.
 */
@Tag("gpu")
@ExtendWith(GpuDevice.class)
class GpuScanTest {

    private static final long SEED = 20261122L;
    private static Gpu gpu;
    private static NvccCompiler nvcc;

    @BeforeAll
    static void open(Gpu device, NvccCompiler compiler) {
        gpu = device;
        nvcc = compiler;
        System.out.println("GPU tests on " + gpu.info().describe() + ", seed " + SEED);
    }

    private static void assertAllPass(GeneratedKernel kernel, List<Long> sizes) throws CudaCompileException {
        String ptx = nvcc.ptx(kernel.source(), gpu.info().arch());
        for (ScanCheck.Outcome o : ScanCheck.run(gpu, kernel, ptx, sizes, SEED)) {
            assertTrue(o.passed(), kernel.options().label() + " n=" + o.n() + " seed=" + o.seed() + ": " + o.detail());
        }
    }

    @Test
    void deviceWideScansMatchTheReference() throws CudaCompileException {
        for (ElementType type : ElementType.values()) {
            ScanOptions o = new ScanOptions(type, ScanOperator.ADD, false, false, false);
            GeneratedKernel k = CudaGenerator.deviceWide(Families.build("sklansky", 128), o, CudaGenerator.defaultItemsPerThread(128, type));
            long tile = k.tileItems();
            assertAllPass(k, List.of(0L, 1L, 33L, tile - 1, tile, tile + 1, 1_000_007L));
        }
    }

    @Test
    void theDirectLayoutMatchesTheReference() throws CudaCompileException {
        for (ElementType type : ElementType.values()) {
            for (ScanOptions o : List.of(new ScanOptions(type, ScanOperator.ADD, false, false, false),
                    new ScanOptions(type, ScanOperator.MIN, true, true, true))) {
                GeneratedKernel k = CudaGenerator.deviceWide(Families.build("sklansky", 256), o, CudaGenerator.defaultTuning(256, o));
                long tile = k.tileItems();
                assertAllPass(k, List.of(0L, 1L, 33L, tile - 1, tile, tile + 1, 1_000_007L));
            }
        }
    }

    @Test
    void theEarlyAndDedicatedWarpLookBacksMatchTheReference() throws CudaCompileException {
        for (DeviceScanTuning.LookBack lookBack : List.of(DeviceScanTuning.LookBack.EARLY, DeviceScanTuning.LookBack.DEDICATED_WARP)) {
            for (ScanOptions o : List.of(ScanOptions.INT32_SUM, new ScanOptions(ElementType.FLOAT64, ScanOperator.ADD, false, false, false),
                    new ScanOptions(ElementType.INT32, ScanOperator.MAX, true, true, true))) {
                for (int width : new int[] {128, 256}) {
                    GeneratedKernel k = CudaGenerator.deviceWide(Families.build("sklansky", width), o,
                            CudaGenerator.defaultTuning(width, o).withLookBack(lookBack));
                    long tile = k.tileItems();
                    assertAllPass(k, List.of(1L, 33L, tile - 1, tile, tile + 1, 33 * tile + 5, 1_000_007L));
                }
            }
        }
    }

    @Test
    void segmentedBackwardExclusiveMaxMatchesTheReference() throws CudaCompileException {
        ScanOptions o = new ScanOptions(ElementType.INT64, ScanOperator.MAX, true, true, true);
        assertAllPass(CudaGenerator.deviceWide(Families.build("brent-kung", 64), o, 8), List.of(1L, 511L, 512L, 513L, 100_003L));
        assertAllPass(CudaGenerator.block(Families.build("blelloch", 64), o), List.of(1L, 63L, 64L, 65L, 10_001L));
        assertAllPass(CudaGenerator.warp(Families.build("han-carlson", 32), o), List.of(1L, 31L, 32L, 33L, 10_001L));
    }

    /**
     * One launch runs many scans over a tile status zeroed once: each run takes the next epoch, new input every run
     * (a word left by an earlier run, taken for this run's, would show as a wrong prefix), and the last run starts
     * from words at the largest epoch, so the epoch wraps to 1.
     */
    @Test
    void theTileStatusServesRunAfterRunWithoutZeroing() throws CudaCompileException {
        for (ScanOptions o : List.of(ScanOptions.INT32_SUM, new ScanOptions(ElementType.INT64, ScanOperator.ADD, false, false, false),
                new ScanOptions(ElementType.FLOAT64, ScanOperator.MAX, true, true, true))) {
            GeneratedKernel k = CudaGenerator.deviceWide(Families.build("sklansky", 256), o, CudaGenerator.defaultTuning(256, o));
            int n = (int) (40 * k.tileItems() + 17);
            long statusWords = (k.blocks(n) + 1) & ~1L;
            long[] largestEpoch = new long[(int) statusWords];
            java.util.Arrays.fill(largestEpoch, 2L << 62 | 0x1fffffffL << 33);
            try (LoadedKernel loaded = gpu.load(nvcc.ptx(k.source(), gpu.info().arch()), k.entry());
                 ScanLaunch launch = new ScanLaunch(gpu, k, loaded, n)) {
                for (int run = 0; run < 4; run++) {
                    long seed = SEED + run;
                    HostArray input = HostArray.random(o.type(), o.operator(), n, seed);
                    int[] heads = o.segmented() ? HostArray.randomHeads(n, seed) : new int[0];
                    launch.input.upload(input.pointer(), input.bytes());
                    if (launch.heads != null) launch.heads.upload(jcuda.Pointer.to(heads), heads.length * 4L);
                    if (run == 3) launch.scratch.upload(jcuda.Pointer.to(largestEpoch), 8 * statusWords);
                    launch.output.fill(0xA5);
                    launch.run();
                    gpu.synchronize("run " + run);
                    HostArray out = HostArray.allocate(o.type(), n);
                    launch.output.download(out.pointer(), out.bytes());
                    java.util.function.IntPredicate head = i -> (heads[i >>> 5] >>> (i & 31) & 1) != 0;
                    assertEquals(-1, firstDifference(o, input, head, out, n), o.label() + " run " + run + " seed " + seed + ": first wrong index");
                }
            }
        }
    }

    /** The first index where {@code out} differs from the CPU reference (exactly: max is exact, int64 sums wrap alike), or -1. */
    private static int firstDifference(ScanOptions o, HostArray input, java.util.function.IntPredicate head, HostArray out, int n) {
        if (o.type().isFloating()) {
            double[] ref = ReferenceScan.ofDoubles(n, input::doubleAt, head, o, n);
            for (int i = 0; i < n; i++) if (out.doubleAt(i) != ref[i]) return i;
        } else {
            long[] ref = ReferenceScan.ofLongs(n, input::longAt, head, o, n);
            for (int i = 0; i < n; i++) if (out.longAt(i) != ref[i]) return i;
        }
        return -1;
    }

    @Test
    void benchmarkReportsPositiveTimes() {
        GeneratedKernel k = CudaGenerator.deviceWide(Families.build("sklansky", 128), ScanOptions.INT32_SUM, 24);
        try {
            ScanBench.Row row = ScanBench.run(gpu, k, nvcc.ptx(k.source(), gpu.info().arch()), List.of(1L << 20), null, 2, 20, SEED).get(0);
            assertTrue(row.kernelMs() > 0 && row.memcpyMs() > 0 && Double.isNaN(row.cubMs()), row.toString());
        } catch (CudaCompileException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }
}
