package org.entangle.gpu.patterns;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.entangle.cuda.ElementType;
import org.junit.jupiter.api.Test;

/**
 * {@link HostData#gather}, the expected output of the compaction check: element j of the result is the input at
 * indices[j], in the input's own type and bits (NaN payloads and −0.0 included). Needs no GPU.
 */
class HostDataGatherTest {

    private static final int[] INDICES = {0, 3, 3, 4, 7};

    @Test
    void gathersEveryTypeInIndexOrder() {
        long seed = 20261125L;
        System.out.println("HostDataGatherTest seed " + seed);
        for (ElementType type : ElementType.values()) {
            Object input = HostData.random(type, 8, seed, -1, 1);
            Object gathered = HostData.gather(input, INDICES);
            assertEquals(input.getClass(), gathered.getClass(), type.token());
            for (int j = 0; j < INDICES.length; j++) {
                Object one = HostData.gather(input, new int[] {INDICES[j]});
                assertEquals(HostData.textAt(input, INDICES[j]), HostData.textAt(gathered, j), type.token() + " element " + j);
                assertEquals(HostData.textAt(one, 0), HostData.textAt(gathered, j));
            }
        }
    }

    @Test
    void keepsFloatBitsAndHandlesNoIndices() {
        float nan = Float.intBitsToFloat(0x7fc00123);
        float[] in = {-0.0f, nan, 1.5f};
        float[] out = (float[]) HostData.gather(in, new int[] {1, 0, 2});
        assertEquals(0x7fc00123, Float.floatToRawIntBits(out[0]));
        assertEquals(0x80000000, Float.floatToRawIntBits(out[1]));
        assertEquals(1.5f, out[2]);
        assertArrayEquals(new long[0], (long[]) HostData.gather(new long[] {1, 2}, new int[0]));
    }
}
