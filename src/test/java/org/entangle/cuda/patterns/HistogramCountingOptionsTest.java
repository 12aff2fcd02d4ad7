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
 * The histogram's counting options without nvcc: {@code floor=add} takes the even bin of a float sample by an addition
 * rounded toward zero instead of a conversion (int32 samples keep their exact integer bins), {@code zero=last-block}
 * counts into accumulators after the ticket that the last block moves into the counts and leaves at zero, the
 * defaults emit neither, and bad values are refused naming the option.
 */
class HistogramCountingOptionsTest {

    private static final Network NET = Families.build("sklansky", 256);

    private static String emit(String type, Map<String, String> options) {
        return new HistogramSource().emit(new PatternRequest(NET, "sklansky-256", List.of(type), options));
    }

    @Test
    void floorByAddReplacesTheConversionOfFloatSamplesOnly() {
        String plain = emit("float64", Map.of("bins", "256"));
        assertTrue(plain.contains("const int b = (int)__dmul_rn(__dsub_rn(x, lo), scale);"), "the default converts");
        assertFalse(plain.contains("_rz("), "no rounding toward zero by default");
        String doubles = emit("float64", Map.of("bins", "256", "floor", "add"));
        assertTrue(doubles.contains("const int b = __double2loint(__dadd_rz(__dmul_rn(__dsub_rn(x, lo), scale), 4503599627370496.0));"), doubles);
        assertFalse(doubles.contains("const int b = (int)__dmul_rn"), "no conversion left in the even bins");
        String floats = emit("float32", Map.of("bins", "256", "floor", "add"));
        assertTrue(floats.contains("const int b = __float_as_int(__fadd_rz(__fmul_rn(__fsub_rn(x, lo), scale), 8388608.0f)) - 0x4B000000;"), floats);
        assertEquals(emit("int32", Map.of("bins", "256")), emit("int32", Map.of("bins", "256", "floor", "add")), "int32 bins are exact integers either way");
        assertTrue(new HistogramSource().configs(new PatternRequest(NET, "sklansky-256", List.of("float32"), Map.of("floor", "add"))).get(0)
                .variant().contains("floor=add"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> emit("float64", Map.of("floor", "round"))).getMessage().contains("floor=round"));
    }

    @Test
    void lastBlockZeroingCountsIntoAccumulatorsAndLeavesThemZero() {
        String plain = emit("float32", Map.of("bins", "256"));
        assertTrue(plain.contains("if (sum) atomicAdd(hist + b, sum);"));
        assertFalse(plain.contains("accumulators"));
        String self = emit("float32", Map.of("bins", "256", "zero", "last-block"));
        assertTrue(self.contains("if (sum) atomicAdd(hist + BINS + 1 + b, sum);"), "blocks add into the accumulators after the ticket");
        int copy = self.indexOf("hist[b] = __ldcg(accumulators + b);");
        int clear = self.indexOf("accumulators[b] = 0;");
        int ticket = self.indexOf("last = atomicAdd(ticket, 1u) == gridDim.x - 1;");
        int scan = self.indexOf("cumulative(hist, cdf);", copy);
        assertTrue(ticket >= 0 && ticket < copy && copy < clear && clear < scan, "only the last block moves the counts, before it scans them");
        assertEquals(256 + 1 + 256, HistogramSource.countWords(256, 256), "counts, ticket, accumulators");
        assertEquals(65536 + HistogramSource.chunks(256, 65536), HistogramSource.countWords(256, 65536), "the chunked form keeps counts and tile counters only");
        assertThrows(IllegalArgumentException.class, () -> emit("float32", Map.of("zero", "never")));
    }
}
