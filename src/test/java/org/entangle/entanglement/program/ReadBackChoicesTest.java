package org.entangle.entanglement.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.Map;
import java.util.function.Predicate;
import org.entangle.entanglement.TraceJson;
import org.entangle.entanglement.TraceSet;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;

/**
 * A program's trace set written as JSON and read back (as a saved workspace holds it) attributes every op to the same
 * angel as the oracle's traces do: {@link ProgramTraceSets#choicesOf(TraceSet, int, String)} against
 * {@link ProgramTraceSets#choicesOf(org.entangle.oracle.Trace, java.util.List)}, row by row, on the talk's program at
 * N = 4 (all 180 traces) and at N = 5 (its first 300).
 */
class ReadBackChoicesTest {

    @Test
    void readBackTracesChooseTheSameOpsAsTheOraclesTraces() throws IOException {
        for (String program : new String[] {new SpecForm(4, 4, 8, Constraints.NONE).programText(),
                new SpecForm(5, 4, 9, Constraints.NONE).programText()}) {
            Predicate<org.entangle.network.Network> every = n -> true;
            ProgramTraceSets.Collected collected = ProgramTraceSets.collect(Machine.of(Program.parse(program), Map.of()), every, 300,
                    new CancellationToken());
            StringWriter json = new StringWriter();
            TraceJson.write(collected.set(), json);
            TraceSet read = TraceJson.read(new StringReader(json.toString()), "saved");
            assertEquals(collected.set().size(), read.size());
            int attributed = 0;
            for (int row = 0; row < read.size(); row++) {
                var expected = ProgramTraceSets.choicesOf(collected.traces().get(row), collected.angelNames());
                assertEquals(expected, ProgramTraceSets.choicesOf(read, row, program), "row " + row);
                attributed += expected.opsByAngel().size();
            }
            assertTrue(attributed > read.size(), "the traces' integer angels chose ops: " + attributed);
        }
    }
}
