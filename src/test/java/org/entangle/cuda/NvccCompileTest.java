package org.entangle.cuda;

import static org.entangle.cuda.DeviceScanTuning.TileLayout.DIRECT;
import static org.entangle.cuda.DeviceScanTuning.TileLayout.PADDED;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Everything the generator writes must compile: each form with every element type and a spread of options is
 * compiled to PTX by nvcc where it is installed (skipped, saying so, where it is not), so a syntax error in the
 * generator cannot land. The cache lives in a temporary directory.
 */
@Tag("slow")
class NvccCompileTest {

    @TempDir
    static Path cache;

    private static NvccCompiler nvcc;

    @BeforeAll
    static void findNvcc() {
        nvcc = NvccCompiler.find().map(c -> c.withCacheDir(cache)).orElse(null);
    }

    static Stream<GeneratedKernel> kernels() {
        Network sklansky = Families.build("sklansky", 64);
        Network blelloch = Families.build("blelloch", 32);
        List<GeneratedKernel> list = new ArrayList<>();
        ElementType[] types = ElementType.values();
        ScanOperator[] ops = ScanOperator.values();
        for (int i = 0; i < types.length; i++) {
            boolean odd = i % 2 == 1;
            ScanOptions o = new ScanOptions(types[i], ops[i % ops.length], odd, !odd, odd);
            ScanOptions other = new ScanOptions(types[i], ops[(i + 1) % ops.length], !odd, odd, !odd);
            list.add(CudaGenerator.deviceWide(sklansky, o, CudaGenerator.defaultItemsPerThread(64, types[i])));
            list.add(CudaGenerator.deviceWide(blelloch, other, 4));
            int items = CudaGenerator.defaultItemsPerThread(64, types[i]);
            ScanOptions forward = new ScanOptions(types[i], ops[i % ops.length], odd, false, false);
            list.add(CudaGenerator.deviceWide(sklansky, forward, new DeviceScanTuning(items, 0, 0, true, odd)));
            list.add(CudaGenerator.deviceWide(blelloch, o, new DeviceScanTuning(items, 8, 100, true, true)));
            list.add(CudaGenerator.deviceWide(sklansky, forward, new DeviceScanTuning(items | 1, 8, 200, true, odd, !odd, DIRECT)));
            list.add(CudaGenerator.deviceWide(blelloch, other, new DeviceScanTuning(5, 0, 0, odd, !odd, odd, DIRECT)));
            list.add(CudaGenerator.deviceWide(sklansky, o, DeviceScanTuning.defaults(64, CudaGenerator.defaultDirectItems(64, o), DIRECT)));
            // the early and dedicated-warp look-backs, with the network or warp scans, items in shared memory or registers
            DeviceScanTuning.LookBack lookBack = odd ? DeviceScanTuning.LookBack.EARLY : DeviceScanTuning.LookBack.DEDICATED_WARP;
            list.add(CudaGenerator.deviceWide(sklansky, o, new DeviceScanTuning(CudaGenerator.defaultDirectItems(64, o), 8, 200, true, odd, !odd, DIRECT, lookBack)));
            list.add(CudaGenerator.deviceWide(blelloch, other, new DeviceScanTuning(items, 0, 100, true, !odd, false, PADDED,
                    odd ? DeviceScanTuning.LookBack.DEDICATED_WARP : DeviceScanTuning.LookBack.EARLY)));
            // the L2 hints and the tile's prefix combined in at the store (unsegmented scans)
            DeviceScanTuning.L2Hint hint = DeviceScanTuning.L2Hint.values()[i % DeviceScanTuning.L2Hint.values().length];
            list.add(CudaGenerator.deviceWide(sklansky, forward, new DeviceScanTuning(CudaGenerator.defaultDirectItems(64, forward), 8, 200, true,
                    odd, false, DIRECT, DeviceScanTuning.LookBack.EARLY, hint, !odd)));
            list.add(CudaGenerator.deviceWide(blelloch, forward, new DeviceScanTuning(items, 0, 100, true, odd, false, PADDED,
                    DeviceScanTuning.LookBack.EARLY, DeviceScanTuning.L2Hint.NONE, true)));
            list.add(CudaGenerator.block(blelloch, o));
            list.add(CudaGenerator.warp(TestNetworks.shiftedKoggeStone(12), other));
            list.add(programKernel("networks/brent-kung.angel", o));
            list.add(programKernel("src/test/resources/cuda/programs/shift-exclusive.angel", other));
        }
        list.add(programKernel("src/test/resources/cuda/programs/serial.angel", ScanOptions.INT32_SUM));
        Network brentKung = Families.build("brent-kung", 256);
        list.add(CudaGenerator.block(brentKung, ScanOptions.INT32_SUM, BankRemap.of("padding", brentKung, 4)));
        list.add(CudaGenerator.block(blelloch, new ScanOptions(ElementType.FLOAT64, ScanOperator.MIN, true, true, true),
                BankRemap.of("xor", blelloch, 16)));
        list.add(CudaGenerator.deviceWide(brentKung, ScanOptions.INT32_SUM, DeviceScanTuning.defaults(256, 24),
                BankRemap.of("search", brentKung, 4)));
        list.add(CudaGenerator.block(brentKung, ScanOptions.INT32_SUM, BankRemap.of("level", brentKung, 4)));
        list.add(CudaGenerator.block(brentKung, ScanOptions.INT32_SUM, BankRemap.of("table", brentKung, 4)));
        list.add(CudaGenerator.deviceWide(brentKung, ScanOptions.INT32_SUM.withType(ElementType.INT64), DeviceScanTuning.defaults(256, 6),
                BankRemap.of("xor", brentKung, 8)));
        list.add(CudaGenerator.deviceWide(brentKung, ScanOptions.INT32_SUM, DeviceScanTuning.defaults(256, 25, DIRECT),
                BankRemap.of("padding", brentKung, 4)));
        list.add(CudaGenerator.deviceWide(Families.build("sklansky", 1024), ScanOptions.INT32_SUM,
                new DeviceScanTuning(CudaGenerator.defaultDirectItems(1024, ScanOptions.INT32_SUM), 2, 200, true, true, false, DIRECT)));
        return list.stream();
    }

    private static GeneratedKernel programKernel(String file, ScanOptions options) {
        try {
            Program program = Program.parse(Files.readString(Path.of(file)));
            return ProgramKernel.of(Path.of(file).getFileName().toString(), program, options).at(100);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest(name = "{index}: {0}")
    @MethodSource("kernels")
    void generatedSourceCompilesToPtx(GeneratedKernel kernel) throws CudaCompileException {
        Assumptions.assumeTrue(nvcc != null, "nvcc is not installed here: the generated CUDA was not compiled");
        String ptx = nvcc.ptx(kernel.source(), "sm_90");
        assertTrue(ptx.contains(".entry " + kernel.entry()), "PTX lacks the entry point " + kernel.entry());
    }

    @Test
    void compilerErrorsQuoteTheGeneratedLine() {
        Assumptions.assumeTrue(nvcc != null, "nvcc is not installed here");
        String broken = "// line 1\n__global__ void k(int* p) {\n    p[0] = undefined_name;\n}\n";
        CudaCompileException e = org.junit.jupiter.api.Assertions.assertThrows(CudaCompileException.class,
                () -> nvcc.ptx(broken, "sm_90"));
        assertTrue(e.getMessage().contains("line 3") && e.getMessage().contains("p[0] = undefined_name;"), e.getMessage());
    }

    @Test
    void aSecondCompilationComesFromTheCache() throws Exception {
        Assumptions.assumeTrue(nvcc != null, "nvcc is not installed here");
        String source = CudaGenerator.block(Families.build("kogge-stone", 8), ScanOptions.INT32_SUM).source();
        Path own = Files.createDirectories(cache.resolve("repeated"));
        NvccCompiler compiler = nvcc.withCacheDir(own);
        compiler.ptx(source, "sm_90");
        long before;
        try (Stream<Path> files = Files.list(own)) {
            before = files.count();
        }
        long t0 = System.nanoTime();
        compiler.ptx(source, "sm_90");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        try (Stream<Path> files = Files.list(own)) {
            assertTrue(files.count() == before, "the cache grew on a repeated compilation");
        }
        assertTrue(ms < 1000, "a cached compilation took " + ms + " ms");
    }
}
