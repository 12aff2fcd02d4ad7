package org.entangle.oracle.engine;

import java.util.Map;
import java.util.Optional;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.TraceOracle;
import org.entangle.oracle.forest.ForestSpace;
import org.entangle.oracle.space.SpaceSpec;
import org.entangle.work.ProgressListener;

/**
 * Chooses the engine for a program: a program that is exactly a spec form the forest engine covers (the talk's
 * program and its plain variants) gets the forest engine, which scales to the talk's N = 16; any other program gets
 * the interpreter's oracle.
 */
public final class TraceOracles {

    private TraceOracles() {
    }

    /** The oracle for {@code program} run with {@code parameters}. */
    public static TraceOracle of(Program program, Map<String, Integer> parameters, ProgressListener listener) {
        if (parameters.isEmpty()) {
            Optional<SpecForm> form = SpecForm.recognise(program);
            if (form.isPresent()) {
                Optional<TraceOracle> forest = forest(program, form.get());
                if (forest.isPresent()) return forest.get();
            }
        }
        return new ProgramOracle(Machine.of(program, parameters), listener);
    }

    /** The forest engine for {@code program}, when it is exactly a spec form that engine covers. */
    public static Optional<TraceOracle> forest(Program program) {
        return SpecForm.recognise(program).flatMap(form -> forest(program, form));
    }

    /** The forest engine for a spec form's program, when it covers the form. */
    public static Optional<TraceOracle> forest(Program program, SpecForm form) {
        if (form.n() > SpaceSpec.MAX_WIDTH) return Optional.empty();
        SpaceSpec spec = SpaceSpec.of(form);
        if (!ForestSpace.supports(spec)) return Optional.empty();
        return Optional.of(new ForestOracle(ForestSpace.of(spec), SpecFormTraces.of(program, form)));
    }
}
