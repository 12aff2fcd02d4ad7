package org.entangle.cuda.patterns;

import java.util.Map;

/**
 * The width of the onesweep pass's per-warp digit counters, option {@code counters=16|32}: each warp of a tile counts
 * its keys' digits in shared memory, and the same counters, turned into the warp's first slot of each digit, are
 * claimed key by key in the ranking (Adinets &amp; Merrill, "Onesweep", 2022; CUB's
 * {@code BlockRadixRankMatchEarlyCounts}).
 * <ul>
 *   <li>{@link #HALF_WORDS} ({@code 16}): two 16-bit counters a word, a digit's half chosen by a shift, so
 *       the counters take half the shared memory and the tile holds more keys;</li>
 *   <li>{@link #WORDS} ({@code 32}, default): one 32-bit counter a digit, as CUB keeps them: no shifts or masks on either
 *       shared-memory atomic (a few instructions a key fewer), at the price of a shorter tile.</li>
 * </ul>
 */
public enum RadixWarpCounters {
    HALF_WORDS(16),
    WORDS(32);

    private final int bits;

    RadixWarpCounters(int bits) {
        this.bits = bits;
    }

    /** Shared-memory bytes of one counter. */
    public int bytes() {
        return bits / 8;
    }

    /** The request's {@code counters=} (default 32); any other value than 16 or 32 is an {@link IllegalArgumentException}. */
    public static RadixWarpCounters of(PatternRequest request) {
        String value = request.option("counters", "32").trim();
        for (RadixWarpCounters c : values()) {
            if (Integer.toString(c.bits).equals(value)) return c;
        }
        throw new IllegalArgumentException("radix-sort: counters=" + value + " is not 16 or 32");
    }

    /** The pass's CUDA with this width's counters in place of the {@code @NAME@} placeholders. */
    String fill(String block) {
        Map<String, String> parts = this == HALF_WORDS ? Map.of(
                "@ROW@", "unsigned warp_counts[WARPS][RADIX / 2];     // per warp and digit, two 16-bit counters a word",
                "@COUNTER_DOC@", "// 16-bit counter of digit d in warp w's row (little-endian halves).",
                "@COUNTER@", "unsigned short",
                "@WORDS@", "WARPS * RADIX / 2",
                "@COUNT_KEY@", "atomicAdd(&s.warp_counts[warp][d >> 1], 1u << (16 * (d & 1)));",
                "@CLAIM@", """
                        const int half = 16 * (d & 1);
                        unsigned first = 0u;
                        if (lane == leader) first = atomicAdd(&s.warp_counts[warp][d >> 1], (unsigned)__popc(peers) << half) >> half & 0xFFFFu;""")
                : Map.of(
                "@ROW@", "unsigned warp_counts[WARPS][RADIX];         // per warp and digit, one 32-bit counter",
                "@COUNTER_DOC@", "// Counter of digit d in warp w's row.",
                "@COUNTER@", "unsigned",
                "@WORDS@", "WARPS * RADIX",
                "@COUNT_KEY@", "atomicAdd(&s.warp_counts[warp][d], 1u);",
                "@CLAIM@", """
                        unsigned first = 0u;
                        if (lane == leader) first = atomicAdd(&s.warp_counts[warp][d], (unsigned)__popc(peers));""");
        String out = block;
        for (Map.Entry<String, String> p : parts.entrySet()) out = out.replace(p.getKey(), p.getValue());
        return out;
    }
}
