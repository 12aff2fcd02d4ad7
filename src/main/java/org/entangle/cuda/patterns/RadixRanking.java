package org.entangle.cuda.patterns;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How a warp of the radix sort's onesweep pass finds, for each key, the lanes holding a key of the same digit (the
 * "peers" whose highest lane claims their slots), option {@code rank=}. Ballot and atomic-or are the two
 * warp-matching algorithms of CUB's {@code BlockRadixRankMatchEarlyCounts} (Adinets &amp; Merrill, "Onesweep", 2022);
 * match is the PTX instruction CUB's {@code WARP_MATCH_ANY} is named after:
 * <ul>
 *   <li>{@link #BALLOT} (default): one warp vote per digit bit, each lane keeping the lanes that agree with it on
 *       every bit (CUB's {@code WARP_MATCH_ANY} on full warps): about five instructions a bit, 40 a key;</li>
 *   <li>{@link #MATCH}: the hardware's {@code match.any.sync} on the 8-bit digit: one instruction to issue where the
 *       ballots take about 40, at a throughput of its own (CUB keeps the ballots, its source noting the instruction
 *       slower when matching a few bits);</li>
 *   <li>{@link #ATOMIC_OR}: each lane ORs its bit into a per-warp word of its digit in shared memory, reads the word
 *       back after the warp synchronises, and the claiming lane clears it (CUB's {@code WARP_MATCH_ATOMIC_OR}): about a
 *       dozen instructions a key, at the price of one 32-bit word per warp and digit of shared memory (dynamic, beside
 *       the static 48 KiB), which shortens the tile of keys where four blocks share a multiprocessor.</li>
 * </ul>
 */
public enum RadixRanking {
    BALLOT("ballot"),
    MATCH("match"),
    ATOMIC_OR("atomic-or");

    private final String token;

    RadixRanking(String token) {
        this.token = token;
    }

    /** The option value. */
    public String token() {
        return token;
    }

    /** Bytes of dynamic shared memory a block of {@code threads} is launched with: atomic-or's word per warp and digit. */
    public int dynamicSharedBytes(int threads) {
        return this == ATOMIC_OR ? threads / 32 * RadixSortSource.RADIX * 4 : 0;
    }

    /** The request's {@code rank=} (default {@link #BALLOT}); an unknown value is an {@link IllegalArgumentException}. */
    public static RadixRanking of(PatternRequest request) {
        String value = request.option("rank", BALLOT.token).trim();
        for (RadixRanking r : values()) {
            if (r.token.equals(value)) return r;
        }
        throw new IllegalArgumentException("radix-sort: rank=" + value + " is not "
                + Arrays.stream(values()).map(RadixRanking::token).collect(Collectors.joining(", ")));
    }
}
