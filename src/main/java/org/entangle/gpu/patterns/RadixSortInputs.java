package org.entangle.gpu.patterns;

import java.util.Arrays;
import java.util.List;
import org.entangle.cuda.patterns.RadixKey;

/**
 * Seeded keys of the radix sort by distribution: random 32-bit patterns (for float32 every 97th key
 * replaced by one of ±0.0, ±∞, ±NaN, ±smallest subnormal, so the order of specials is always checked), sorted,
 * reverse-sorted (both in the key order), all-equal, and few-distinct (16 random keys).
 */
final class RadixSortInputs {

    /** The distributions, as {@code dist=} names them. */
    static final List<String> DISTRIBUTIONS = List.of("random", "sorted", "reverse-sorted", "all-equal", "few-distinct");

    private static final int[] FLOAT_SPECIALS = {0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000,
            0x7f800001, 0xffffffff, 0x00000001, 0x80000001};

    private RadixSortInputs() {
    }

    /** The distributions of {@code dist=} (a comma list or {@code all}; default {@code fallback}). */
    static List<String> distributions(String option) {
        if (option.equals("all")) return DISTRIBUTIONS;
        List<String> out = List.of(option.split(","));
        for (String d : out) {
            if (!DISTRIBUTIONS.contains(d)) {
                throw new IllegalArgumentException("dist=" + d + " is not one of " + String.join(", ", DISTRIBUTIONS) + " or all");
            }
        }
        return out;
    }

    static int[] keys(RadixKey key, String distribution, int n, long seed) {
        int[] k = SortMergeIo.randomInts(n, seed);
        switch (distribution) {
            case "random" -> {
                if (key == RadixKey.FLOAT32) {
                    for (int i = 0; i < n; i += 97) k[i] = FLOAT_SPECIALS[(i / 97) % FLOAT_SPECIALS.length];
                }
            }
            case "sorted", "reverse-sorted" -> {
                for (int i = 0; i < n; i++) k[i] = key.flip(k[i]) ^ 0x80000000;  // signed order of these = key order
                Arrays.parallelSort(k);
                for (int i = 0; i < n; i++) k[i] = key.unflip(k[i] ^ 0x80000000);
                if (distribution.equals("reverse-sorted")) {
                    for (int i = 0, j = n - 1; i < j; i++, j--) {
                        int t = k[i];
                        k[i] = k[j];
                        k[j] = t;
                    }
                }
            }
            case "all-equal" -> Arrays.fill(k, n == 0 ? 0 : k[0]);
            case "few-distinct" -> {
                int[] distinct = SortMergeIo.randomInts(16, seed ^ 0x1234567L);
                for (int i = 0; i < n; i++) k[i] = distinct[(k[i] >>> 7) & 15];
            }
            default -> throw new IllegalArgumentException("unknown distribution " + distribution);
        }
        return k;
    }
}
