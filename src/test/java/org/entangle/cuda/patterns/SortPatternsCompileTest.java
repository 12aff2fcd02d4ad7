package org.entangle.cuda.patterns;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.entangle.cuda.NvccCompiler;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The radix-sort, merge and segmented-scan emitters' CUDA (every configuration in one translation unit) and
 * their library harnesses (keys and pairs, int and float) compile with {@code nvcc -ptx} where nvcc is installed (skipped, saying so, where it
 * is not), for an inclusive network (Sklansky 256), an exclusive one whose steps cross warps (Blelloch 64) and
 * the widest block (Kogge-Stone 1024).
 */
@Tag("slow")
class SortPatternsCompileTest {

    @TempDir
    static Path cache;

    private static NvccCompiler nvcc;

    @BeforeAll
    static void findNvcc() {
        nvcc = NvccCompiler.find().map(c -> c.withCacheDir(cache)).orElse(null);
    }

    static Stream<Object[]> cases() {
        List<Network> networks = List.of(Families.build("sklansky", 256), Families.build("blelloch", 64), Families.build("kogge-stone", 1024));
        List<PatternSource> sources = List.of(new RadixSortSource(), new MergeSource(), new SegmentedScanSource());
        List<Object[]> out = new ArrayList<>();
        for (PatternSource s : sources) {
            for (Network n : networks) out.add(new Object[] {s, n});
        }
        return out.stream();
    }

    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void emittedCudaCompiles(PatternSource pattern, Network network) throws Exception {
        Assumptions.assumeTrue(nvcc != null, "nvcc not found: the emitted CUDA is not compiled here");
        String source = pattern.emit(new PatternRequest(network, network.name(), List.of(), Map.of()));
        String ptx = nvcc.ptx(source, "sm_90");
        assertTrue(ptx.contains(".entry"), pattern.name() + ": no kernel in the PTX");
    }

    static Stream<String> harnesses() {
        return Stream.of(RadixSortSource.libraryHarness(new RadixSortSource.Config(RadixKey.UINT32, false)),
                RadixSortSource.libraryHarness(new RadixSortSource.Config(RadixKey.FLOAT32, true)),
                MergeSource.libraryHarness(new MergeSource.Config(RadixKey.INT32, false)),
                MergeSource.libraryHarness(new MergeSource.Config(RadixKey.FLOAT32, true)),
                SegmentedScanSource.libraryHarness(new SegmentedScanSource.Config(org.entangle.cuda.ElementType.FLOAT32,
                        SegmentedScanSource.Descriptor.HEADS), 16));
    }

    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest
    @MethodSource("harnesses")
    void libraryHarnessCompiles(String source) throws Exception {
        Assumptions.assumeTrue(nvcc != null, "nvcc not found: the harness is not compiled here");
        assertTrue(nvcc.ptx(source, "sm_90").contains(".entry"), source.lines().findFirst().orElse(""));
    }
}
