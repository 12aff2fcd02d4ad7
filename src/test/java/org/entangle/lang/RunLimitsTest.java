package org.entangle.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.entangle.generalize.ProgramInstances;
import org.entangle.network.io.NetworkFormatException;
import org.entangle.network.io.NetworkJsonReader;
import org.entangle.network.io.NetworkLimits;
import org.entangle.network.io.NetworkTextFormat;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;

/**
 * The run limits (largest width, trip count, steps, memory before allocation) and the parser's nesting limit end
 * in a {@link LangError} at the statement that passes them, before the machine runs where the program says so
 * with constants, and as it runs otherwise; the network readers stop a too wide file at its "width".
 */
class RunLimitsTest {

    private static final CancellationToken TOKEN = CancellationToken.withTimeout(60);
    private static final String LONG_LOOP = "N = 4\nfor s in 1 .. 1000000000 {\n  parallel r in 0 .. N - 1 {\n    x[r] = x[r]\n  }\n}\n";

    private static LangError building(String source, Map<String, Integer> parameters, RunLimits limits) {
        return assertThrows(LangError.class, () -> Machine.of(Program.parse(source), parameters, limits));
    }

    @Test
    void aLoopOfABillionTripsStopsAtItsForBeforeItRuns() {
        LangError e = building(LONG_LOOP, Map.of(), RunLimits.DEFAULT);
        assertEquals(2, e.line());
        assertEquals(1, e.column());
        assertTrue(e.getMessage().contains("runs 1000000000 times, more than the largest trip count 1000000"), e.getMessage());
        LangError once = assertThrows(LangError.class, () -> ProgramInstances.at(Program.parse(LONG_LOOP), 4, TOKEN));
        assertEquals("2:1", once.line() + ":" + once.column());
        RunLimits moreTrips = new RunLimits(RunLimits.DEFAULT.maxWidth(), 2_000_000_000, RunLimits.DEFAULT_MAX_STEPS);
        LangError steps = building(LONG_LOOP, Map.of(), moreTrips);
        assertTrue(steps.getMessage().contains("the step limit"), steps.getMessage());
    }

    @Test
    void aLoopWithinTheLimitsRunsToTheEnd() {
        String source = LONG_LOOP.replace("1000000000", "1000") + "assert x[3] == range(3, 3)\n";
        assertTrue(ProgramInstances.at(Program.parse(source), 4, TOKEN).steps().isEmpty());
    }

    @Test
    void limitsTheConstantsHideAreCheckedAsTheProgramRuns() {
        String trips = "k = 1\nfor t in 1 .. 2 { k = k * 2000 }\nfor s in 1 .. k { assert s > 0 }\n";
        LangError e = assertThrows(LangError.class, () -> ProgramInstances.at(Program.parse(trips), 4, TOKEN));
        assertEquals("3:1", e.line() + ":" + e.column());
        assertTrue(e.getMessage().contains("runs 4000000 times"), e.getMessage());
        String steps = "k = 1\nfor t in 1 .. 2 { k = k * 1000 }\nfor s in 1 .. k { y = s }\n";
        LangError tooLong = assertThrows(LangError.class, () -> ProgramInstances.at(Program.parse(steps), 4, TOKEN));
        assertTrue(tooLong.getMessage().contains("more than 500000 instructions, the step limit (raise it with --max-steps)"), tooLong.getMessage());
        assertEquals(3, tooLong.line());
    }

    @Test
    void nestedConstantLoopsMultiplyTowardTheStepLimit() {
        LangError e = building("for a in 1 .. 1000 {\n  for b in 1 .. 1000 { y = b }\n}\n", Map.of(), RunLimits.DEFAULT);
        assertEquals("2:3", e.line() + ":" + e.column());
        assertTrue(e.getMessage().contains("step limit"), e.getMessage());
        Machine.of(Program.parse("for a in 1 .. 100 {\n  for b in 1 .. 1000 { y = b }\n}\n"), Map.of(), RunLimits.DEFAULT);
    }

    @Test
    void aWidthPastTheLimitOrTheMemoryLeftIsLocatedAtN() {
        LangError wide = building("N = 1000000000\nassert scan(x)\n", Map.of(), RunLimits.DEFAULT);
        assertEquals("1:1", wide.line() + ":" + wide.column());
        assertTrue(wide.getMessage().contains("N = 1000000000 is more than the largest width 1048576 (raise it with --max-width)"), wide.getMessage());
        RunLimits anyWidth = new RunLimits(Integer.MAX_VALUE, RunLimits.DEFAULT_MAX_TRIPS, RunLimits.DEFAULT_MAX_STEPS);
        long needed = 2_000_000_000L * RunLimits.BYTES_PER_ELEMENT;
        if (needed > NetworkLimits.availableBytes()) {
            LangError memory = building("N = 2000000000\nassert scan(x)\n", Map.of(), anyWidth);
            assertTrue(memory.getMessage().contains("of memory for x"), memory.getMessage());
        }
        LangError parameter = building("N = 4\nassert scan(x)\n", Map.of("N", 5_000_000), RunLimits.DEFAULT);
        assertTrue(parameter.getMessage().contains("N = 5000000 is more than the largest width"), parameter.getMessage());
        LangError range = assertThrows(LangError.class,
                () -> ProgramInstances.at(Program.parse("N = 4\nassert x[0] == range(0, 2000000)\n"), 4, TOKEN));
        assertEquals("2:16", range.line() + ":" + range.column());
    }

    @Test
    void deepNestingIsAParseErrorNotAStackOverflow() {
        String parens = "y = " + "(".repeat(5000) + "1" + ")".repeat(5000) + "\n";
        LangError e = assertThrows(LangError.class, () -> Program.parse(parens));
        assertTrue(e.getMessage().contains("nested more than " + Parser.MAX_NESTING + " levels"), e.getMessage());
        String chain = "y = 1" + " + 1".repeat(100_000) + "\n";
        assertThrows(LangError.class, () -> Program.parse(chain));
        String blocks = "if (true) {\n".repeat(1000) + "}\n".repeat(1000);
        assertThrows(LangError.class, () -> Program.parse(blocks));
        String fine = "y = 1" + " + 1".repeat(200) + "\n";
        Machine.of(Program.parse(fine), Map.of());
    }

    @Test
    void aNetworkFileWiderThanTheLimitIsAnErrorAtItsWidth() {
        NetworkFormatException json = assertThrows(NetworkFormatException.class,
                () -> NetworkJsonReader.read("wide.json", "{\"width\": 100000000, \"steps\": []}"));
        assertTrue(json.getMessage().startsWith("wide.json:1:11: width 100000000 is more than the largest width 1048576"), json.getMessage());
        NetworkFormatException text = assertThrows(NetworkFormatException.class,
                () -> NetworkTextFormat.read("wide.txt", "width: 100000000\n", null));
        assertTrue(text.getMessage().startsWith("wide.txt:1:8: width 100000000"), text.getMessage());
    }
}
