package org.entangle.cli.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.entangle.cli.common.UserError;
import org.junit.jupiter.api.Test;

class SizeListTest {

    @Test
    void theCheckProtocolsSizesForATileOf3072() {
        assertEquals(List.of(0L, 1L, 2L, 31L, 32L, 33L, 3071L, 3072L, 3073L, 1_000_007L, 1L << 24, 1L << 28),
                SizeList.parse(SizeList.CHECK_DEFAULT, 3072));
    }

    @Test
    void badSizesAreUserErrors() {
        assertThrows(UserError.class, () -> SizeList.parse("2^x", 8));
        assertThrows(UserError.class, () -> SizeList.parse("1-tile", 8));
    }
}
