package org.entangle.gpu.patterns;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
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
 * Runs the radix-sort, merge and segmented-scan checks on a real GPU (tag {@code gpu}); skipped, with the
 * reason, where there is no CUDA driver or no nvcc. Sizes around warps and tiles (4096 for the sort; the merge's keys and pairs tiles at the defaults, and the smallest items),
 * every key type, distribution, split and descriptor; an inclusive network (Sklansky 256) and an exclusive one
 * whose steps cross warps (Blelloch 64); the radix sort's other warp matchings and counter widths around their own
 * tiles (float32 keys and pairs: the flips in and out). Seed printed.
 */
@Tag("gpu")
@ExtendWith(GpuDevice.class)
class SortPatternsGpuTest {

    private static final long SEED = 20261122L;
    private static final List<Long> SIZES = List.of(0L, 1L, 2L, 31L, 32L, 33L, 4095L, 4096L, 4097L, 100_003L);
    private static Gpu gpu;

    @BeforeAll
    static void open(Gpu device) {
        gpu = device;
        System.out.println("pattern GPU tests on " + gpu.info().describe() + ", seed " + SEED);
    }

    private static PatternRequest request(Network network, Map<String, String> options) {
        return new PatternRequest(network, network.name(), List.of(), options);
    }

    private static void assertAllPass(List<PatternCheck> checks) {
        assertFalse(checks.isEmpty());
        for (PatternCheck c : checks) assertTrue(c.passed(), c.pattern() + " " + c.config() + " n=" + c.n() + " seed=" + c.seed() + ": " + c.detail());
    }

    @Test
    void radixSortPassesEveryTypeAndDistribution() {
        assertAllPass(new RadixSortPattern().check(gpu, request(Families.build("sklansky", 256), Map.of()), SIZES, SEED));
    }

    @Test
    void radixSortOnAnExclusiveNarrowNetwork() {
        assertAllPass(new RadixSortPattern().check(gpu, request(Families.build("blelloch", 64), Map.of("dist", "random,few-distinct")), SIZES, SEED));
    }

    @Test
    void radixSortPassesWithEachWarpMatchingAndCounterWidth() {
        Network network = Families.build("sklansky", 256);
        for (Map<String, String> options : List.of(Map.of("rank", "match"), Map.of("rank", "atomic-or"), Map.of("counters", "32"))) {
            Map<String, String> withDists = new HashMap<>(options);
            withDists.put("dist", "random,all-equal,few-distinct");
            PatternRequest request = new PatternRequest(network, network.name(), List.of("float32"), withDists);
            long tile = new RadixSortPattern().tileItems(request);
            List<Long> sizes = List.of(0L, 1L, 33L, tile - 1, tile, tile + 1, 3 * tile + 7, 100_003L);
            assertAllPass(new RadixSortPattern().check(gpu, request, sizes, SEED));
        }
    }

    @Test
    void mergePassesEverySplitAndDistribution() {
        PatternRequest request = request(Families.build("sklansky", 256), Map.of());
        long keys = new MergePattern().tileItems(request);
        long pairs = new MergePattern().tileItems(request(Families.build("sklansky", 256), Map.of("values", "uint32")));
        List<Long> sizes = List.of(0L, 1L, 2L, 31L, 33L, pairs - 1, pairs, pairs + 1, keys - 1, keys, keys + 1, 3 * keys + 7, 100_003L);
        assertAllPass(new MergePattern().check(gpu, request, sizes, SEED));
        assertAllPass(new MergePattern().check(gpu, request(Families.build("sklansky", 256), Map.of("items", "7")), SIZES, SEED));
    }

    @Test
    void segmentedScanPassesBothDescriptors() {
        assertAllPass(new SegmentedScanPattern().check(gpu, request(Families.build("sklansky", 256), Map.of()), SIZES, SEED));
        assertAllPass(new SegmentedScanPattern().check(gpu, request(Families.build("blelloch", 64), Map.of("mean", "3000")), SIZES, SEED));
    }
}
