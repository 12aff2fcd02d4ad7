package org.entangle.cli.bench;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.entangle.network.MemoryModel;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.metrics.Metrics;
import org.entangle.oracle.optimize.OptimizeResult;
import org.entangle.oracle.optimize.PrefixOptimizer;
import org.entangle.oracle.optimize.SearchControl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench optimize}: the proven minimum sizes of prefix circuits with their times (n = 8 at depths 3..7, n = 16 at
 * 4..8, n = 32 at 5 and 6), in both models. Each case is one complete search from scratch (tables included).
 */
@Command(name = "optimize", mixinStandardHelpOptions = true,
        description = "Time the optimiser on the known minimum sizes (both models).")
public final class BenchOptimizeCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--timeout", defaultValue = "300", description = "Limit per case in seconds (default ${DEFAULT-VALUE}).")
    private double timeout;

    @Option(names = "--runs", defaultValue = "3", description = "Timed runs per case (default ${DEFAULT-VALUE}).")
    private int runs;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int[][] cases = {{8, 3}, {8, 4}, {8, 5}, {8, 6}, {8, 7}, {16, 4}, {16, 5}, {16, 6}, {16, 7}, {16, 8}, {32, 5}, {32, 6}};
        Stopwatch.measure("warm-up", 2000, 1, () -> solve(16, 6, MemoryModel.CIRCUIT));
        out.println("   n  depth  model     size  optimal  correct  median ms");
        for (int[] c : cases) {
            for (MemoryModel model : MemoryModel.values()) {
                OptimizeResult[] last = new OptimizeResult[1];
                Stopwatch.Result t = Stopwatch.measure("", 0, runs, () -> last[0] = solve(c[0], c[1], model));
                OptimizeResult r = last[0];
                boolean correct = r.network() != null && RangeChecker.check(r.network()).correct();
                out.println(String.format(Locale.ROOT, "%4d  %5d  %-8s %5s  %-7s  %-7s  %9.2f", c[0], c[1],
                        model.token(), r.network() == null ? "-" : Metrics.of(r.network()).size(), r.optimal(),
                        correct, t.medianMs()));
            }
        }
        return 0;
    }

    private OptimizeResult solve(int n, int depth, MemoryModel model) {
        return new PrefixOptimizer(new SearchControl(timeout), null).minSize(n, depth, model, 0);
    }
}
