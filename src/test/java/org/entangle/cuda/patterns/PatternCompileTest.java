package org.entangle.cuda.patterns;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.entangle.cuda.NvccCompiler;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.Tag;

/**
 * Every pattern's emitted CUDA compiles with {@code nvcc -ptx} where nvcc is installed (skipped, saying so, where
 * it is not): all its configurations in one translation unit on an inclusive network (Sklansky 256), and one
 * configuration on an exclusive network (Blelloch 64, whose steps cross warps) and on the widest block
 * (Kogge-Stone 1024).
 */
@Tag("slow")
class PatternCompileTest {

    @TempDir
    static Path cache;

    private static NvccCompiler nvcc;

    @BeforeAll
    static void findNvcc() {
        nvcc = NvccCompiler.find().map(c -> c.withCacheDir(cache)).orElse(null);
    }

    static Stream<Object[]> cases() {
        List<Network> networks = List.of(Families.build("sklansky", 256), Families.build("blelloch", 64), Families.build("kogge-stone", 1024));
        return PatternCatalog.all().stream().flatMap(p -> networks.stream().map(n -> new Object[] {p, n}));
    }

    @Execution(ExecutionMode.CONCURRENT)
    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void emittedCudaCompiles(PatternSource pattern, Network network) throws Exception {
        Assumptions.assumeTrue(nvcc != null, "nvcc not found: the emitted CUDA is not compiled here");
        // every configuration on Sklansky 256; one float32 configuration on the others (keeps the suite quick)
        boolean full = network.width() == 256;
        PatternRequest request = new PatternRequest(network, network.name(), full ? List.of() : List.of("float32"),
                full ? Map.of() : Map.of("op", "max", "bins", "65536"));
        String source = pattern.emit(request);
        String ptx = nvcc.ptx(source, "sm_90");
        assertTrue(ptx.contains(".entry"), pattern.name() + ": no kernel in the PTX");
    }
}
