package org.entangle.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.junit.jupiter.api.Test;

class TraceCounterTest {

    static BigInteger count(String source, Map<String, Integer> params) {
        return new TraceCounter(Machine.of(Program.parse(source), params), new CancellationToken()).countAll();
    }

    static String talk() throws Exception {
        return Files.readString(Path.of("networks/talk-scan16.angel"));
    }

    @Test
    void talkProgramAtFourWithFourStepsAndBudgetEightHas180Traces() throws Exception {
        assertEquals(BigInteger.valueOf(180), count(talk(), Map.of("N", 4)));
    }

    @Test
    void talkProgramAtEightWithSixStepsAndBudgetSixteen() throws Exception {
        long t0 = System.nanoTime();
        BigInteger c = count(talk(), Map.of("N", 8));
        System.out.println("count(8,6,16) = " + c + " in " + (System.nanoTime() - t0) / 1e6 + " ms");
        assertEquals(BigInteger.valueOf(247_478_238L), c);
    }
}
