package org.entangle.cli.bench;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.entangle.oracle.space.TraceSpace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bench spec-count}: exact counting of the talk's space (state graph + dynamic programming), target < 1 s. */
@Command(name = "spec-count", mixinStandardHelpOptions = true,
        description = "Time exact trace counting of the spec-form space (build the state graph and count).")
public final class BenchCountCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private SpaceBenchOptions space;

    @Option(names = "--runs", defaultValue = "7", description = "Timed runs (default ${DEFAULT-VALUE}).")
    private int runs;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        TraceSpace first = TraceSpace.of(space.spec());
        out.println("count " + space.label() + " = " + first.count() + " traces, " + first.states() + " states, "
                + first.counts().graph().edgeCount() + " transitions");
        Stopwatch.Result r = Stopwatch.measure("count " + space.label(), 3000, runs, () -> TraceSpace.of(space.spec()).count());
        out.println(r.format());
        return 0;
    }
}
