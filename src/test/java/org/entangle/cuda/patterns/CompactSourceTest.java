package org.entangle.cuda.patterns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.entangle.cuda.ElementType;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/** The compaction's tiling: items per thread, schedule, resident blocks, scratch and the options that choose them. */
class CompactSourceTest {

    private static PatternRequest request(int width, Map<String, String> options) {
        return new PatternRequest(Families.build("sklansky", width), "sklansky-" + width, List.of(), options);
    }

    @Test
    void theDefaultScheduleIsTheGridAndBothSchedulesGiveEightByteElementsSixteenItems() {
        PatternRequest r = request(256, Map.of());
        assertFalse(CompactSource.persistent(r, ElementType.INT64));
        assertFalse(CompactSource.persistent(r, ElementType.INT32));
        assertEquals(16, CompactSource.itemsPerThread(r, ElementType.INT64));
        assertEquals(32, CompactSource.itemsPerThread(r, ElementType.FLOAT32));
        assertEquals(5, CompactSource.minBlocks(r, ElementType.INT32));
        PatternRequest p = request(256, Map.of("schedule", "persistent"));
        assertTrue(CompactSource.persistent(p, ElementType.FLOAT64));
        assertEquals(16, CompactSource.itemsPerThread(p, ElementType.INT64));
        // registers: 16 items of 8 bytes and twice the overhead (64) leave 4 blocks of 256; 32 of 4 bytes (48) leave 5
        assertEquals(4, CompactSource.minBlocks(p, ElementType.INT64));
        String unit = new CompactSource().emit(new PatternRequest(p.network(), p.networkName(), List.of("int64"), Map.of("schedule", "persistent")));
        assertTrue(unit.contains("constexpr bool PERSISTENT = true;"), "int64 unit is persistent");
        assertTrue(unit.contains("constexpr int ITEMS = 16;"), "int64 unit has 16 items per thread");
        String grid = new CompactSource().emit(new PatternRequest(r.network(), r.networkName(), List.of("int64"), Map.of()));
        assertTrue(grid.contains("constexpr bool PERSISTENT = false;") && grid.contains("constexpr int ITEMS = 16;"), "int64 default unit");
    }

    @Test
    void twentyFourItemsOfEightBytesMakeATileOf6144InFourBlocks() {
        PatternRequest r = request(256, Map.of("schedule", "grid", "items", "24"));
        assertFalse(CompactSource.persistent(r, ElementType.INT64));
        assertEquals(24, CompactSource.itemsPerThread(r, ElementType.INT64));
        assertEquals(6144, CompactSource.tileItems(r, ElementType.INT64));
        assertEquals((6144 + 192) * 8, CompactSource.stagingBytes(r, ElementType.INT64));
        assertEquals(4, CompactSource.minBlocks(r, ElementType.INT64));
        assertEquals(0, CompactSource.stagingBytes(request(256, Map.of("store", "direct", "items", "24")), ElementType.INT64));
    }

    @Test
    void theScratchHoldsAStatusWordPerTileAndTheTileCounter() {
        PatternRequest r = request(256, Map.of("schedule", "persistent"));
        assertEquals(16, CompactSource.scratchBytes(r, ElementType.INT64, 0));
        assertEquals(8 * (2 + 1), CompactSource.scratchBytes(r, ElementType.INT64, 4097));
        long tiles = (1L << 28) / 4096;
        assertEquals(132 * 4, CompactSource.launchBlocks(r, ElementType.INT64, 1L << 28, 132));
        assertEquals(tiles, CompactSource.launchBlocks(request(256, Map.of("schedule", "grid", "items", "16")), ElementType.INT64, 1L << 28, 132));
        assertEquals(1, CompactSource.launchBlocks(r, ElementType.INT64, 0, 132));
    }

    @Test
    void residentBlocksStayWithinAnSmsThreadsAndBlocks() {
        for (int width : new int[] {32, 64, 256, 1024}) {
            for (ElementType t : CompactSource.TYPES) {
                for (String items : new String[] {"4", "8", "16"}) {
                    if ((long) Integer.parseInt(items) * width * t.bytes() > 96 * 1024) continue;
                    PatternRequest r = request(width, Map.of("items", items, "schedule", "grid"));
                    int blocks = CompactSource.minBlocks(r, t);
                    assertTrue(blocks >= 1 && blocks <= 32 && blocks * width <= 2048, width + " " + t + " items " + items + ": " + blocks);
                }
            }
        }
    }

    @Test
    void badTilingOptionsAreRejectedWithTheReason() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CompactSource.itemsPerThread(request(256, Map.of("items", "7")), ElementType.INT64))
                .getMessage().contains("multiple of 2"));
        assertThrows(IllegalArgumentException.class, () -> CompactSource.itemsPerThread(request(256, Map.of("items", "34")), ElementType.INT64));
        assertThrows(IllegalArgumentException.class, () -> CompactSource.itemsPerThread(request(256, Map.of("items", "6")), ElementType.INT32));
        assertThrows(IllegalArgumentException.class, () -> CompactSource.itemsPerThread(request(1024, Map.of("items", "24")), ElementType.INT64));
        assertThrows(IllegalArgumentException.class, () -> CompactSource.itemsPerThread(request(256, Map.of("items", "many")), ElementType.INT64));
        assertThrows(IllegalArgumentException.class, () -> CompactSource.persistent(request(256, Map.of("schedule", "sometimes")), ElementType.INT64));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> CompactSource.persistent(request(256, Map.of("schedule", "persistent", "store", "direct")), ElementType.INT64))
                .getMessage().contains("store=staged"));
        assertThrows(IllegalArgumentException.class, () -> CompactSource.directStores(request(256, Map.of("store", "later"))));
        // direct stores without a schedule fall back to the grid for 8-byte elements
        assertFalse(CompactSource.persistent(request(256, Map.of("store", "direct")), ElementType.INT64));
    }

    private static String int64Unit(Map<String, String> options) {
        PatternRequest r = request(256, options);
        return new CompactSource().emit(new PatternRequest(r.network(), r.networkName(), List.of("int64"), options));
    }

    @Test
    void theLookBackSleepsTheBackoffAfterAMissAndTheSettleBeforeItsFirstRead() {
        String plain = int64Unit(Map.of("backoff", "200", "settle", "0"));
        assertTrue(plain.contains("__nanosleep(200);"), "back-off 200");
        assertEquals(1, plain.split("__nanosleep\\(", -1).length - 1, "settle=0: no sleep before the first read");
        String cub = int64Unit(Map.of());
        assertEquals(cub, int64Unit(Map.of("backoff", "380", "settle", "1140")), "the defaults are CUB's 380 and 1140");
        assertTrue(cub.contains("__nanosleep(380);") && !cub.contains("__nanosleep(200);"), "back-off 380");
        int settle = cub.indexOf("__nanosleep(1140);");
        int firstRead = cub.indexOf("const long long p = window - lane;");
        int lookBack = cub.indexOf("__device__ unsigned look_back(");
        assertTrue(lookBack >= 0 && lookBack < settle && settle < firstRead, "the settle sleep is inside look_back, before its first read");
        PatternRequest r = request(256, Map.of("backoff", "380", "settle", "1140", "load", "noalloc"));
        PatternRequest d = request(256, Map.of());
        assertEquals(CompactSource.tileItems(d, ElementType.INT64), CompactSource.tileItems(r, ElementType.INT64));
        assertEquals(CompactSource.minBlocks(d, ElementType.INT64), CompactSource.minBlocks(r, ElementType.INT64));
        assertEquals(CompactSource.stagingBytes(d, ElementType.INT64), CompactSource.stagingBytes(r, ElementType.INT64));
    }

    @Test
    void theLoadOptionChoosesTheCacheOperatorOfTheFullTilesVectorLoads() {
        String plain = int64Unit(Map.of());
        assertTrue(plain.contains("const Vec v = src[k * 32 + lane];") && !plain.contains("load_vec"), "default loads");
        for (String[] load : new String[][] {{"ldg", "ld.global.nc.v4.u32"}, {"stream", "ld.global.cs.v4.u32"}, {"noalloc", "ld.global.nc.L1::no_allocate.v4.u32"}}) {
            String unit = int64Unit(Map.of("load", load[0]));
            assertTrue(unit.contains(load[1] + " {%0, %1, %2, %3}, [%4];"), load[0] + " instruction");
            assertTrue(unit.contains("const Vec v = load_vec(src + k * 32 + lane);") && !unit.contains("src[k * 32 + lane]"), load[0] + " loads through load_vec");
            assertTrue(unit.indexOf("Vec load_vec(") < unit.indexOf("void load_tile("), load[0] + " load_vec defined before its use");
        }
    }

    @Test
    void badLookBackAndLoadOptionsNameThePatternAndTheOption() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CompactSource.lookBackBackoff(request(256, Map.of("backoff", "-1"))))
                .getMessage().startsWith("compact: backoff=-1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CompactSource.lookBackSettle(request(256, Map.of("settle", "10001"))))
                .getMessage().startsWith("compact: settle=10001"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> CompactSource.lookBackSettle(request(256, Map.of("settle", "soon"))))
                .getMessage().contains("compact: settle=soon is not a whole number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> int64Unit(Map.of("load", "fast")))
                .getMessage().contains("compact: load=fast is not default, ldg, stream or noalloc"));
    }
}
