package org.entangle.gpu.patterns;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuDevice;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every catalogued pattern on a real GPU (tag {@code gpu}) at the awkward sizes, on an inclusive network
 * (Sklansky 256) and an exclusive one (Blelloch 64); skipped, with the reason, without a CUDA driver or nvcc.
 */
@Tag("gpu")
@ExtendWith(GpuDevice.class)
class PatternGpuTest {

    private static final long SEED = 20261122L;
    private static Gpu gpu;

    @BeforeAll
    static void open(Gpu device) {
        gpu = device;
        System.out.println("pattern GPU tests on " + gpu.info().describe() + ", seed " + SEED);
    }

    private static void assertAllPass(Network network, Map<String, String> options) {
        for (GpuPattern p : GpuPatternCatalog.all()) {
            PatternRequest request = new PatternRequest(network, network.name(), List.of(), options);
            long tile = p instanceof TiledPattern t ? t.tileItems(request) : network.width();
            List<PatternCheck> checks = p.check(gpu, request, List.of(0L, 1L, 33L, tile - 1, tile + 1, 1_000_007L), SEED);
            assertFalse(checks.isEmpty(), p.source().name());
            for (PatternCheck c : checks) {
                assertTrue(c.passed(), c.pattern() + " " + c.config() + " n=" + c.n() + " seed=" + c.seed() + ": " + c.detail());
            }
        }
    }

    @Test
    void everyPatternPassesOnAnInclusiveNetwork() {
        assertAllPass(Families.build("sklansky", 256), Map.of());
    }

    @Test
    void everyPatternPassesOnAnExclusiveNetwork() {
        // a range that is not bins times a power of two: the integer bins take the reciprocal path
        assertAllPass(Families.build("blelloch", 64), Map.of("bins", "256,1000", "lo", "-1000", "hi", "999999"));
    }
}
