package org.entangle.cli.bench;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.entangle.oracle.space.TraceEnumerator;
import org.entangle.oracle.space.TraceSpace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench enumerate}: walks every safe trace of the talk's space, checking that each ends in the target
 * state and counting it (nothing stored); reports traces per second. Target ≥ 10 million per second.
 */
@Command(name = "enumerate", mixinStandardHelpOptions = true,
        description = "Time the streaming enumeration of every safe trace (counted and checked, not stored).")
public final class BenchEnumerateCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Mixin
    private SpaceBenchOptions space;

    @Option(names = "--threads", description = "Worker threads (default: available processors).")
    private Integer threads;

    @Option(names = "--runs", defaultValue = "3", description = "Timed runs (default ${DEFAULT-VALUE}).")
    private int runs;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int workers = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        TraceSpace ts = TraceSpace.of(space.spec());
        out.println("enumerate " + space.label() + ": " + ts.count() + " safe traces, " + workers + " threads");
        ts.countChecked(ts.enumerator(), workers, 3000, null, 0);
        double best = 0;
        double[] rates = new double[runs];
        for (int i = 0; i < runs; i++) {
            TraceEnumerator.Result r = ts.countChecked(ts.enumerator(), workers, 0, null, 0);
            if (!ts.count().equals(java.math.BigInteger.valueOf(r.progress().tracesFound()))) {
                out.println("MISMATCH: enumerated " + r.progress().tracesFound() + " traces");
                return 1;
            }
            rates[i] = r.progress().tracesPerSecond();
            best = Math.max(best, rates[i]);
            out.println(String.format(Locale.ROOT, "run %d: %d traces in %.3f s = %.1f million traces/s (%d states entered)",
                    i + 1, r.progress().tracesFound(), r.progress().seconds(), rates[i] / 1e6, r.progress().statesExplored()));
        }
        java.util.Arrays.sort(rates);
        out.println(String.format(Locale.ROOT, "median %.1f million traces/s, best %.1f", rates[runs / 2] / 1e6, best / 1e6));
        return 0;
    }
}
