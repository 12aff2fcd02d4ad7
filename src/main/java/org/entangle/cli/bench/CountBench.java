package org.entangle.cli.bench;

import java.util.concurrent.Callable;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.TraceCounter;
import org.entangle.work.CancellationToken;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code entangle bench count}: exact trace counting of the talk's program, count(n, steps, budget). */
@Command(name = "count", mixinStandardHelpOptions = true,
        description = "Time memoised counting of the talk's program (default (8, 6, 16): 247,478,238 traces).")
public final class CountBench implements Callable<Integer> {

    @Option(names = "--n", description = "width (default 8)")
    int n = 8;

    @Option(names = "--steps", description = "steps (default 6)")
    int steps = 6;

    @Option(names = "--max-ops", description = "op budget (default 16)")
    int budget = 16;

    @Option(names = "--runs", description = "timed runs (default 3)")
    int runs = 3;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        String text = new SpecForm(n, steps, budget, Constraints.NONE).programText();
        Program program = Program.parse(text);
        Object[] last = new Object[1];
        Stopwatch.Result r = Stopwatch.measure("count(" + n + ", " + steps + ", " + budget + ")", 0, runs, () -> {
            last[0] = new TraceCounter(Machine.of(program, java.util.Map.of()), new CancellationToken()).countAll();
            return last[0];
        });
        spec.commandLine().getOut().println(r.format() + "  traces = " + last[0]);
        return 0;
    }
}
