package org.entangle.oracle.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.Trace;
import org.entangle.oracle.TraceCounter;
import org.entangle.oracle.TraceEnumerator;
import org.entangle.oracle.TraceOracle;
import org.entangle.network.Direction;
import org.entangle.work.CancellationToken;
import org.entangle.work.ProgressListener;
import org.junit.jupiter.api.Test;

/**
 * A spec-form program gets the forest engine, and its traces are the interpreter's own: the same angels, named
 * alike, with the same values, and the same networks, as the interpreter's oracle enumerates.
 */
class TraceOraclesTest {

    private static final CancellationToken NEVER = new CancellationToken();

    @Test
    void aSpecFormProgramGetsTheForestEngineAndOtherProgramsTheInterpreter() {
        Program talk = Program.parse(new SpecForm(8, 6, 16, Constraints.NONE).programText());
        assertEquals("forest", TraceOracles.of(talk, Map.of(), ProgressListener.NONE).engine());
        Program fanout = Program.parse(new SpecForm(4, 3, 6, Constraints.NONE.withMaxFanout(2)).programText());
        assertEquals("program", TraceOracles.of(fanout, Map.of(), ProgressListener.NONE).engine());
    }

    @Test
    void theForestEnginesTracesAreTheInterpretersTraces() {
        for (Constraints c : List.of(Constraints.NONE, Constraints.NONE.withDirection(Direction.BACKWARD))) {
            for (int[] nsb : new int[][] {{4, 4, 8}, {5, 3, 7}, {3, 2, 4}}) {
                SpecForm form = new SpecForm(nsb[0], nsb[1], nsb[2], c);
                Program program = Program.parse(form.programText());
                TraceOracle forest = TraceOracles.forest(program, form).orElseThrow();
                Set<String> viaForest = new HashSet<>();
                forest.enumerate(t -> viaForest.add(describe(t)), NEVER);
                Set<String> viaInterpreter = new HashSet<>();
                TraceCounter counter = new TraceCounter(Machine.of(program, Map.of()), NEVER);
                new TraceEnumerator(counter, false, NEVER, ProgressListener.NONE).run(t -> viaInterpreter.add(describe(t)));
                assertEquals(viaInterpreter, viaForest, form.programText());
                assertEquals(counter.countAll().intValue(), viaForest.size());
            }
        }
    }

    private static String describe(Trace t) {
        String choices = t.choices().stream().map(a -> a.name() + "=" + a.valueText()).collect(Collectors.joining(" "));
        return choices + " | " + t.network().steps();
    }
}
