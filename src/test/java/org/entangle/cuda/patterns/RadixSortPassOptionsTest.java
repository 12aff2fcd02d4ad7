package org.entangle.cuda.patterns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/**
 * The radix sort's onesweep options {@code rank=} and {@code counters=} without nvcc: the defaults are the ballot
 * matching and 32-bit counters, each value puts its own code into every onesweep pass, atomic-or's masks are the
 * launch's dynamic shared memory, the tile shrinks so that the resident blocks still fit a multiprocessor, and bad
 * values are refused naming the option.
 */
class RadixSortPassOptionsTest {

    private static final Network SKLANSKY = Families.build("sklansky", 256);

    private static PatternRequest request(Map<String, String> options) {
        return new PatternRequest(SKLANSKY, SKLANSKY.name(), List.of(), options);
    }

    private static String emit(Map<String, String> options) {
        return new RadixSortSource().emit(request(options));
    }

    private static int count(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }

    @Test
    void ballotIsTheDefaultAndTheOthersReplaceItInEveryPass() {
        String ballot = emit(Map.of());
        assertEquals(ballot, emit(Map.of("rank", "ballot")), "rank=ballot is the default");
        assertEquals(RadixRanking.BALLOT, RadixRanking.of(request(Map.of())));
        assertTrue(ballot.contains("vote.ballot.sync") && !ballot.contains("__match_any_sync") && !ballot.contains("match_masks"));

        String match = emit(Map.of("rank", "match"));
        assertFalse(match.contains("vote.ballot.sync"), "no ballots left with rank=match");
        assertEquals(6, count(match, "__match_any_sync(FULL_MASK, d)"), "one matcher in each of the six configurations");
        assertEquals(6, count(match, "const unsigned peers = same_digit_lanes(d);"));

        String atomicOr = emit(Map.of("rank", "atomic-or"));
        assertFalse(atomicOr.contains("vote.ballot.sync") || atomicOr.contains("__match_any_sync"));
        assertEquals(6, count(atomicOr, "extern __shared__ unsigned match_masks[];"));
        assertEquals(6, count(atomicOr, "atomicOr(match, 1u << lane);"));
        assertEquals(6, count(atomicOr, "if (lane == leader) *match = 0u;"), "the claiming lane clears its digit's word");
        assertEquals(6, count(atomicOr, "match_masks[i] = 0u;"), "the masks start at zero in every tile");
    }

    @Test
    void onlyAtomicOrTakesDynamicSharedMemoryAndShortensTheTileOfKeys() {
        assertEquals(0, RadixRanking.BALLOT.dynamicSharedBytes(384));
        assertEquals(0, RadixRanking.MATCH.dynamicSharedBytes(384));
        assertEquals(12 * 256 * 4, RadixRanking.ATOMIC_OR.dynamicSharedBytes(384));
        for (boolean pairs : new boolean[] {false, true}) {
            assertEquals(RadixSortSource.Geometry.of(SKLANSKY, pairs), RadixSortSource.Geometry.of(request(Map.of("rank", "match")), pairs));
        }
        RadixSortSource.Geometry keys = RadixSortSource.Geometry.of(request(Map.of("rank", "atomic-or", "counters", "16")), false);
        RadixSortSource.Geometry pairs = RadixSortSource.Geometry.of(request(Map.of("rank", "atomic-or", "counters", "16")), true);
        assertEquals(new RadixSortSource.Geometry(384, 21, 4), keys);
        assertEquals(new RadixSortSource.Geometry(384, 24, 3), pairs);
        for (RadixSortSource.Geometry g : List.of(keys, pairs)) {
            int fixed = g.threads() / 32 * RadixSortSource.RADIX * 2 + 2 * g.threads() * 4 + 2 * RadixSortSource.RADIX * 4;
            int block = 4 * g.tileKeys() + fixed + RadixRanking.ATOMIC_OR.dynamicSharedBytes(g.threads()) + 1024;
            assertTrue(4 * g.tileKeys() + fixed <= 48 * 1024, g + ": the static storage stays within 48 KiB");
            assertTrue(g.minBlocks() * block <= 228 * 1024, g + ": " + g.minBlocks() + " blocks of " + block + " bytes fit 228 KiB");
        }
        assertTrue(emit(Map.of("rank", "atomic-or", "counters", "16", "values", "none")).contains("constexpr int ITEMS = 21;"));
        assertEquals(20, RadixSortSource.Geometry.of(request(Map.of("rank", "atomic-or", "counters", "16", "items", "20")), false).items());
        assertThrows(IllegalArgumentException.class,
                () -> RadixSortSource.Geometry.of(request(Map.of("rank", "atomic-or", "counters", "16", "items", "22")), false));
    }

    @Test
    void wordCountersDropTheHalfWordShiftsAndShortenTheTile() {
        String half = emit(Map.of("counters", "16"));
        assertTrue(half.contains("unsigned warp_counts[WARPS][RADIX / 2];") && half.contains("warp_counts[warp][d >> 1]"));
        assertEquals(new RadixSortSource.Geometry(384, 24, 4), RadixSortSource.Geometry.of(request(Map.of("counters", "16")), false));
        String words = emit(Map.of());
        assertEquals(words, emit(Map.of("counters", "32")), "counters=32 is the default");
        assertFalse(words.contains("d >> 1") || words.contains("unsigned short* counter") || words.contains("0xFFFFu"), "no 16-bit halves left");
        assertEquals(6, count(words, "unsigned warp_counts[WARPS][RADIX];"));
        assertEquals(6, count(words, "atomicAdd(&s.warp_counts[warp][d], 1u);"), "each key counted in its digit's word");
        assertEquals(6, count(words, "first = atomicAdd(&s.warp_counts[warp][d], (unsigned)__popc(peers));"), "the claim reads the word as it is");
        assertEquals(new RadixSortSource.Geometry(384, 20, 4), RadixSortSource.Geometry.of(request(Map.of("counters", "32")), false));
        assertEquals(new RadixSortSource.Geometry(384, 20, 3), RadixSortSource.Geometry.of(request(Map.of("counters", "32")), true));
        assertEquals(new RadixSortSource.Geometry(384, 17, 4),
                RadixSortSource.Geometry.of(request(Map.of("counters", "32", "rank", "atomic-or")), false));
        for (String rank : List.of("ballot", "match", "atomic-or")) {
            for (String counters : List.of("16", "32")) {
                String unit = emit(Map.of("rank", rank, "counters", counters));
                assertFalse(java.util.regex.Pattern.compile("@[A-Z_]+@").matcher(unit).find(), rank + ", " + counters + ": every placeholder filled");
            }
        }
    }

    @Test
    void unknownValuesAreRefusedNamingTheOption() {
        for (String bad : List.of("8", "x", "", "32 bits")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> emit(Map.of("counters", bad)), bad);
            assertTrue(e.getMessage().startsWith("radix-sort: counters=") && e.getMessage().endsWith("is not 16 or 32"), e.getMessage());
        }
        for (String bad : List.of("ballots", "BALLOT", "", "match-any")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> emit(Map.of("rank", bad)), bad);
            assertTrue(e.getMessage().startsWith("radix-sort: rank=") && e.getMessage().contains("ballot, match, atomic-or"), e.getMessage());
        }
    }
}
