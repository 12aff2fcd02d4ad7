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

/**
 * {@link PackedMemo} against a {@link HashMap} of the same keys, across several chunks and table growths (100,000 keys
 * of 7 ints: 13 chunks of keys, a table of four segments).
 */
class PackedMemoTest {

    private static final long SEED = 20261126L;

    @Test
    void findsWhatWasStoredAndNothingElse() {
        System.out.println("PackedMemoTest seed " + SEED);
        Random random = new Random(SEED);
        int width = 7;
        PackedMemo<String> memo = new PackedMemo<>(width);
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
    void keysWiderThanASegmentOneAChunk() {
        int width = PackedMemo.SEGMENT_INTS + 3;
        PackedMemo<Integer> memo = new PackedMemo<>(width);
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
