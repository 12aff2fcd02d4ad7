package org.entangle.cuda.patterns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.entangle.cuda.ElementType;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/**
 * The read-bound patterns' load options: the reduction's {@code vectors=}/{@code blocks=} reach the emitted kernel and
 * the launch geometry, {@code hint=} the emitted load instruction of the reduction and the histogram, the defaults
 * emit the plain no-allocate load, and bad values are errors naming the pattern and the option.
 */
class StreamLoadOptionsTest {

    private static final Network NET = Families.build("sklansky", 256);

    private static PatternRequest request(List<String> types, Map<String, String> options) {
        return new PatternRequest(NET, "sklansky-256", types, options);
    }

    @Test
    void theDefaultsEmitThePlainNoAllocateLoadAndTheDefaultShape() {
        String reduce = new ReduceSource().emit(request(List.of("float64"), Map.of("op", "add")));
        String histogram = new HistogramSource().emit(request(List.of("float64"), Map.of("bins", "256")));
        for (String source : List.of(reduce, histogram)) {
            assertTrue(source.contains("asm volatile(\"ld.global.nc.L1::no_allocate.v4.u32 {%0,%1,%2,%3}, [%4];\""), source);
            assertFalse(source.contains("createpolicy") || source.contains("L2::"), "no L2 hint by default");
        }
        assertTrue(reduce.contains("constexpr int VECS = " + ReduceSource.VECTORS + ";"));
        assertTrue(reduce.contains("__launch_bounds__(THREADS, " + ReduceSource.blocksPerMultiprocessor(NET) + ") entangle_reduce_float64_add("));
        ReduceSource.Config c = new ReduceSource().configs(request(List.of("float64"), Map.of("op", "add"))).get(0);
        assertEquals("float64 add", c.label());
        assertEquals(StreamLoad.NONE, c.hint());
    }

    @Test
    void vectorsAndBlocksSetTheTileTheLaunchBoundsAndTheGrid() {
        List<ReduceSource.Config> configs = new ReduceSource().configs(request(List.of("int32"), Map.of("op", "add", "vectors", "16,8", "blocks", "2")));
        assertEquals(List.of("int32 add, vectors=16, blocks=2", "int32 add, blocks=2"), configs.stream().map(ReduceSource.Config::label).toList());
        ReduceSource.Config wide = configs.get(0);
        assertEquals(16, wide.vectors());
        assertEquals(2, wide.blocks());
        assertEquals(256L * 16 * 4, ReduceSource.tileItems(NET, wide), "16 loads of 4 int32 per thread");
        assertEquals(132L * 2, ReduceSource.blocks(NET, wide, 1L << 28, 132), "two blocks on each multiprocessor");
        assertEquals(1, ReduceSource.blocks(NET, wide, 256L * 64, 132));
        assertEquals(2, ReduceSource.blocks(NET, wide, 256L * 64 + 1, 132));
        String source = new ReduceSource().emit(request(List.of("int32"), Map.of("op", "add", "vectors", "16", "blocks", "2")));
        assertTrue(source.contains("constexpr int VECS = 16;"), source);
        assertTrue(source.contains("__launch_bounds__(THREADS, 2) entangle_reduce_int32_add_vectors_16_blocks_2("), source);
    }

    @Test
    void eachHintEmitsItsQualifiersAndKernelsOfDifferentHintsHaveDifferentNames() {
        Map<String, String> options = Map.of("op", "max", "hint", "none,evict-first,prefetch-128,evict-first");
        List<ReduceSource.Config> configs = new ReduceSource().configs(request(List.of("int64"), options));
        assertEquals(List.of(StreamLoad.NONE, StreamLoad.EVICT_FIRST, StreamLoad.PREFETCH_128), configs.stream().map(ReduceSource.Config::hint).toList(),
                "each listed hint once, in order");
        assertEquals(3, configs.stream().map(ReduceSource.Config::entry).distinct().count());
        String reduce = new ReduceSource().emit(request(List.of("int64"), options));
        assertTrue(reduce.contains("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;"), reduce);
        assertTrue(reduce.contains("ld.global.nc.L1::no_allocate.L2::cache_hint.v4.u32 {%0,%1,%2,%3}, [%4], %5;"), reduce);
        assertTrue(reduce.contains("ld.global.nc.L1::no_allocate.L2::128B.v4.u32 {%0,%1,%2,%3}, [%4];"), reduce);
        assertTrue(reduce.contains("entangle_reduce_int64_max_hint_evict_first("), reduce);

        Map<String, String> hist = Map.of("bins", "256", "hint", "prefetch-256,evict-first");
        List<HistogramSource.Config> histConfigs = new HistogramSource().configs(request(List.of("float64"), hist));
        assertEquals(List.of(StreamLoad.PREFETCH_256, StreamLoad.EVICT_FIRST), histConfigs.stream().map(HistogramSource.Config::hint).toList());
        String histogram = new HistogramSource().emit(request(List.of("float64"), hist));
        assertTrue(histogram.contains("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0,%1,%2,%3}, [%4];"), histogram);
        assertTrue(histogram.contains("L2::cache_hint"), histogram);
        assertFalse(histogram.contains("ld.global.nc.L1::no_allocate.v4.u32"), "no unhinted load when none is not listed");
        assertTrue(histogram.contains("entangle_histogram_float64_256_prefetch_256_even(") && histogram.contains("entangle_histogram_float64_256_evict_first_even("));
        assertEquals(", hint=evict-first", StreamLoad.EVICT_FIRST.labelSuffix());
        assertEquals("", StreamLoad.NONE.labelSuffix());
    }

    @Test
    void bulkStreamsTheRangeThroughSharedStagesFilledByBulkCopies() {
        Map<String, String> options = Map.of("op", "add", "bulk", "0,2", "vectors", "16");
        List<ReduceSource.Config> configs = new ReduceSource().configs(request(List.of("int32"), options));
        assertEquals(List.of("int32 add, vectors=16", "int32 add, bulk=2"), configs.stream().map(ReduceSource.Config::label).toList(),
                "the loads in flight do not apply to the bulk copies");
        String reduce = new ReduceSource().emit(request(List.of("int32"), Map.of("op", "add", "bulk", "2")));
        assertTrue(reduce.contains("constexpr int STAGES = 2;"), reduce);
        assertTrue(reduce.contains("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"), reduce);
        assertTrue(reduce.contains("stream_bulk((const Vec*)in + begin, end - begin,"), reduce);
        assertFalse(reduce.contains("ld.global.nc"), "no register loads beside the bulk copies");

        int width = NET.width();
        Map<String, String> hist = Map.of("bins", "256", "resident", "2048", "bulk", "4");
        HistogramSource.Config bulk = new HistogramSource().configs(request(List.of("float64"), hist)).get(0);
        assertEquals(", bulk=4", bulk.variant());
        String histogram = new HistogramSource().emit(request(List.of("float64"), hist));
        assertTrue(histogram.contains("stream_bulk((const Vec*)in + begin, end - begin, [&](const Vec& x) { count_vector(x, bins, counts); });"), histogram);
        assertFalse(histogram.contains("constexpr int RING"), "no ring of register loads");
        HistogramSource.Config registers = new HistogramSource().configs(request(List.of("float64"), Map.of("bins", "256", "resident", "2048"))).get(0);
        assertEquals(8, HistogramSource.residentBlocks(registers, width));
        assertEquals(5, HistogramSource.residentBlocks(bulk, width), "four 8 KiB stages a block leave room for five blocks of 256");
        IllegalArgumentException tooMuch = assertThrows(IllegalArgumentException.class,
                () -> new HistogramSource().configs(request(List.of("float64"), Map.of("bins", "1024", "bulk", "4"))));
        assertTrue(tooMuch.getMessage().startsWith("histogram: bulk=4 with 1024 bins needs"), tooMuch.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ReduceSource().configs(request(List.of(), Map.of("bulk", "5"))));
    }

    @Test
    void badValuesNameThePatternAndTheOption() {
        ReduceSource reduce = new ReduceSource();
        for (String bad : List.of("0", "17", "eight", "8,", "")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> reduce.configs(request(List.of(), Map.of("vectors", bad))), bad);
            assertTrue(e.getMessage().startsWith("reduce: vectors="), e.getMessage());
        }
        IllegalArgumentException blocks = assertThrows(IllegalArgumentException.class, () -> reduce.configs(request(List.of(), Map.of("blocks", "9"))));
        assertEquals("reduce: blocks=9 is not in 1..8", blocks.getMessage(), "at most 2048 threads a multiprocessor at width 256");
        IllegalArgumentException hint = assertThrows(IllegalArgumentException.class, () -> reduce.configs(request(List.of(), Map.of("hint", "evict-last"))));
        assertTrue(hint.getMessage().startsWith("reduce: hint=evict-last is not"), hint.getMessage());
        IllegalArgumentException histogram = assertThrows(IllegalArgumentException.class,
                () -> new HistogramSource().configs(request(List.of(ElementType.FLOAT64.token()), Map.of("hint", "prefetch-512"))));
        assertTrue(histogram.getMessage().startsWith("histogram: hint=prefetch-512 is not"), histogram.getMessage());
    }
}
