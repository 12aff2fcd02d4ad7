package org.entangle.cuda.patterns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/** A pattern's whole-number options: the default when absent, the value when inside its range, a named error otherwise. */
class PatternRequestTest {

    private static PatternRequest request(Map<String, String> options) {
        return new PatternRequest(Families.build("sklansky", 32), "sklansky-32", List.of(), options);
    }

    @Test
    void aWholeNumberOptionIsItsDefaultOrItsValueInsideTheRange() {
        assertEquals(6, request(Map.of()).intOption("histogram", "ring", 6, 1, 8));
        assertEquals(1, request(Map.of("ring", " 1 ")).intOption("histogram", "ring", 6, 1, 8));
        assertEquals(8, request(Map.of("ring", "8")).intOption("histogram", "ring", 6, 1, 8));
    }

    @Test
    void aValueOutsideTheRangeOrNotANumberNamesThePatternAndTheOption() {
        for (String bad : List.of("0", "9", "-3", "six", "2.5", "")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> request(Map.of("ring", bad)).intOption("histogram", "ring", 6, 1, 8), bad);
            assertTrue(e.getMessage().startsWith("histogram: ring="), e.getMessage());
        }
    }

    @Test
    void aListOptionKeepsEachValueOnceInTheOrderGivenAndRejectsAnyBadOne() {
        assertEquals(List.of(4), request(Map.of()).intListOption("reduce", "blocks", 4, 1, 8));
        assertEquals(List.of(3, 2, 4), request(Map.of("blocks", "3, 2,3,4")).intListOption("reduce", "blocks", 4, 1, 8));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> request(Map.of("blocks", "2,9")).intListOption("reduce", "blocks", 4, 1, 8));
        assertEquals("reduce: blocks=9 is not in 1..8", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> request(Map.of("blocks", "2,")).intListOption("reduce", "blocks", 4, 1, 8));
    }
}
