package org.entangle.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link PackedMemo} against a {@link HashMap} of the same keys, across table growths (100,000 keys of 7 ints: a table
 * of 2^18 slots) and either in the first chunk as it doubles (2 MB chunks) or in 800 small chunks of 125 records; and
 * 1.6 million keys, whose table of 2^22 slots is nine arrays.
 */
class PackedMemoTest {

    private static final long SEED = 20261126L;

    @ParameterizedTest
    @ValueSource(ints = {PackedMemo.ARRAY_INTS, 1003})
    void findsWhatWasStoredAndNothingElse(int chunkInts) {
        System.out.println("PackedMemoTest seed " + SEED + ", chunks of " + chunkInts + " ints");
        Random random = new Random(SEED);
        int width = 7;
        PackedMemo<String> memo = new PackedMemo<>(width, chunkInts);
        Map<List<Integer>, String> reference = new HashMap<>();
        for (int n = 0; n < 100_000; n++) {
            int[] key = randomKey(random, width);
            List<Integer> asList = Arrays.stream(key).boxed().toList();
            if (reference.containsKey(asList)) continue;
            String value = "v" + random.nextInt(50);
            memo.put(key, value);
            reference.put(asList, value);
        }
        assertEquals(reference.size(), memo.size());
        for (Map.Entry<List<Integer>, String> e : reference.entrySet()) {
            int[] key = e.getKey().stream().mapToInt(Integer::intValue).toArray();
            assertEquals(e.getValue(), memo.get(key), e.getKey().toString());
            key[random.nextInt(width)] += 1_000;
            assertNull(memo.get(key), "a key one int away from " + e.getKey());
        }
    }

    @Test
    void aTableOverOneArray() {
        int keys = 1_600_000;
        PackedMemo<Integer> memo = new PackedMemo<>(1);
        for (int k = 0; k < keys; k++) memo.put(new int[] {3 * k}, k % 3);
        for (int k = 0; k < keys; k++) {
            assertEquals(k % 3, memo.get(new int[] {3 * k}), "key " + 3 * k);
            assertNull(memo.get(new int[] {3 * k + 1}));
        }
    }

    @Test
    void keysWiderThanAChunkOneAChunk() {
        int width = 40;
        PackedMemo<Integer> memo = new PackedMemo<>(width, 30);
        for (int n = 0; n < 5; n++) {
            int[] key = new int[width];
            key[width - 1] = n;
            memo.put(key, n);
        }
        for (int n = 0; n < 5; n++) {
            int[] key = new int[width];
            key[width - 1] = n;
            assertEquals(n, memo.get(key));
        }
        int[] other = new int[width];
        other[width - 1] = 7;
        assertNull(memo.get(other));
    }

    @Test
    void equalValuesShareOneObject() {
        PackedMemo<String> memo = new PackedMemo<>(2);
        String first = new String("same");
        memo.put(new int[] {1, 2}, first);
        memo.put(new int[] {3, 4}, new String("same"));
        assertSame(first, memo.get(new int[] {3, 4}));
    }

    @Test
    void readsOnlyTheFirstWidthInts() {
        PackedMemo<String> memo = new PackedMemo<>(2);
        memo.put(new int[] {5, 6, 99}, "a");
        assertEquals("a", memo.get(new int[] {5, 6, -1}));
        assertNull(memo.get(new int[] {5, 7, 99}));
    }

    @Test
    void refusesNullValuesAndEmptyKeys() {
        assertThrows(IllegalArgumentException.class, () -> new PackedMemo<String>(0));
        assertThrows(NullPointerException.class, () -> new PackedMemo<String>(1).put(new int[] {1}, null));
    }

    /** Small ints, so that keys collide in their hash's low bits and many share prefixes. */
    private static int[] randomKey(Random random, int width) {
        int[] key = new int[width];
        for (int i = 0; i < width; i++) key[i] = random.nextInt(i < 3 ? 4 : 40);
        return key;
    }
}
