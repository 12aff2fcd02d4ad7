package org.entangle.cli.oracle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.entangle.cli.common.UserError;
import org.entangle.lang.LangError;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.MemoryModel;
import org.entangle.network.ResultKind;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.Pin;
import org.entangle.oracle.SpecForm;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The problem an oracle command works on: an angelic program file, or the spec form
 * {@code --n N --steps S --max-ops B [constraints]} turned into program text. Bad input becomes a
 * {@link UserError} located as {@code file:line:column}.
 */
public final class ProblemOptions {

    /**
     * A loaded problem: the machine to run, the spec form when given or when the program is exactly one, a label
     * for messages, and the parsed program with its parameters.
     */
    public record Problem(Machine machine, SpecForm spec, String label, Program program, Map<String, Integer> parameters) {

        /** The forest engine for this problem, when it is a spec form that engine covers. */
        public java.util.Optional<org.entangle.oracle.TraceOracle> forest() {
            return spec == null ? java.util.Optional.empty() : org.entangle.oracle.engine.TraceOracles.forest(program, spec);
        }
    }

    @Parameters(index = "0", arity = "0..1", paramLabel = "PROGRAM", description = "an angelic program (.angel)")
    Path program;

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "set a program parameter, e.g. N=8 (overrides the program's own N = ...)")
    List<String> params = new ArrayList<>();

    @Option(names = "--n", paramLabel = "N", description = "spec form: the width")
    Integer n;

    @Option(names = "--steps", paramLabel = "S", description = "spec form: the number of SIMD steps")
    Integer steps;

    @Option(names = "--max-ops", paramLabel = "B", description = "spec form: the op budget")
    Integer maxOps;

    @Option(names = "--max-fanout", paramLabel = "F", description = "spec form: the most ops that may read one value (whole network)")
    int maxFanout;

    @Option(names = "--max-step-fanout", paramLabel = "F", description = "spec form: the most ops of one step that may read one value")
    int maxStepFanout;

    @Option(names = "--max-ops-per-step", paramLabel = "K", description = "spec form: the most ops in one step")
    int maxOpsPerStep;

    @Option(names = "--algebra", paramLabel = "A", description = "spec form: associative (default), commutative or idempotent")
    String algebra = "associative";

    @Option(names = "--kind", paramLabel = "K", description = "spec form: inclusive (default), exclusive or reduce")
    String kind = "inclusive";

    @Option(names = "--backward", description = "spec form: a backward scan")
    boolean backward;

    @Option(names = "--model", paramLabel = "M", description = "spec form: inplace (the only model of angelic programs)")
    String model = "inplace";

    @Option(names = "--pin", paramLabel = "STEP:lo-hi,...", description = "spec form: pin the state after a step, e.g. 3:0,0-1,2,0-3,4,4-5,6,0-7")
    List<String> pins = new ArrayList<>();

    @Option(names = "--pin-bk-upsweep", paramLabel = "STEP", description = "spec form: pin the state after STEP to Brent-Kung's up-sweep state")
    Integer pinUpSweep;

    /** Loads the problem or throws {@link UserError}. */
    public Problem load() {
        if (program != null && (n != null || steps != null || maxOps != null)) {
            throw new UserError("give either a PROGRAM or --n/--steps/--max-ops, not both");
        }
        if (program != null) return fromFile();
        if (n == null || steps == null || maxOps == null) {
            throw new UserError("give a PROGRAM, or all of --n N --steps S --max-ops B");
        }
        SpecForm spec = specForm();
        Program parsed = parse(spec.programText(), "spec");
        return new Problem(machine(parsed, "spec", Map.of()), spec, "spec form", parsed, Map.of());
    }

    private Problem fromFile() {
        String text;
        try {
            text = Files.readString(program);
        } catch (IOException e) {
            throw new UserError(program + ": cannot read (" + e.getClass().getSimpleName() + ")");
        }
        Map<String, Integer> parameters = parameters();
        Program parsed = parse(text, program.toString());
        SpecForm spec = parameters.isEmpty() ? SpecForm.recognise(parsed).orElse(null) : null;
        return new Problem(machine(parsed, program.toString(), parameters), spec, program.toString(), parsed, parameters);
    }

    private Map<String, Integer> parameters() {
        return parameters(params);
    }

    /** Parses {@code --param NAME=INTEGER} values into program parameters, as user errors when malformed. */
    public static Map<String, Integer> parameters(List<String> params) {
        Map<String, Integer> map = new LinkedHashMap<>();
        for (String p : params) {
            int eq = p.indexOf('=');
            try {
                if (eq < 1) throw new NumberFormatException();
                map.put(p.substring(0, eq).trim(), Integer.parseInt(p.substring(eq + 1).trim()));
            } catch (NumberFormatException e) {
                throw new UserError("--param " + p + ": expected NAME=INTEGER");
            }
        }
        return map;
    }

    private static Program parse(String text, String label) {
        try {
            return Program.parse(text);
        } catch (LangError e) {
            throw new UserError(label + ":" + e.getMessage());
        }
    }

    private static Machine machine(Program program, String label, Map<String, Integer> parameters) {
        try {
            return Machine.of(program, parameters);
        } catch (LangError e) {
            throw new UserError(label + ":" + e.getMessage());
        }
    }

    private SpecForm specForm() {
        Algebra a = Algebra.fromToken(algebra);
        if (a == null) throw new UserError("--algebra " + algebra + ": expected associative, commutative or idempotent");
        ResultKind k = ResultKind.fromToken(kind);
        if (k == null) throw new UserError("--kind " + kind + ": expected inclusive, exclusive or reduce");
        MemoryModel m = MemoryModel.fromToken(model);
        if (m == null) throw new UserError("--model " + model + ": expected inplace or circuit");
        if (m == MemoryModel.CIRCUIT) {
            throw new UserError("--model circuit: angelic programs are SIMD programs (in-place model); search circuits with 'entangle optimize --model circuit'");
        }
        Constraints c = new Constraints(maxFanout, maxStepFanout, maxOpsPerStep, a, k, backward ? Direction.BACKWARD : Direction.FORWARD, List.of());
        try {
            for (String p : pins) c = c.withPin(Pin.parse(p));
            if (pinUpSweep != null) c = c.withPin(Pin.brentKungUpSweep(n, pinUpSweep));
            return new SpecForm(n, steps, maxOps, c);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    /** The timeout option shared by the commands. */
    public static final class Timeout {
        @Option(names = "--timeout", paramLabel = "SECONDS", description = "stop after this many seconds and report what was found so far")
        double seconds;
    }
}
