package org.entangle.cli.bench;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.entangle.network.Network;
import org.entangle.network.check.CheckResult;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.families.Families;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code entangle bench check}: the checker's speed target — checking Kogge–Stone at n = 4096 (about 45,000
 * ops) with {@link RangeChecker} and computing all its {@link Metrics} takes under 50 ms after warm-up.
 */
@Command(name = "check",
        mixinStandardHelpOptions = true,
        description = "Time RangeChecker.check + Metrics.of on Kogge-Stone (target: under 50 ms at n = 4096 after warm-up).")
public final class CheckBench implements Callable<Integer> {

    /** The target, in milliseconds. */
    public static final double TARGET_MS = 50;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-n", "--n"}, defaultValue = "4096", description = "Width of the Kogge-Stone network (default: ${DEFAULT-VALUE}).")
    private int n;

    @Option(names = "--warmup-ms", defaultValue = "3000", description = "Warm-up time in ms (default: ${DEFAULT-VALUE}).")
    private long warmupMillis;

    @Option(names = "--runs", defaultValue = "30", description = "Timed runs (default: ${DEFAULT-VALUE}).")
    private int runs;

    @Override
    public Integer call() {
        Network network = Families.build("kogge-stone", n);
        PrintWriter out = spec.commandLine().getOut();
        out.println("kogge-stone n=" + n + ": " + network.opCount() + " ops in " + network.stepCount() + " steps");
        Stopwatch.Result result = Stopwatch.measure("check + metrics, kogge-stone n=" + n, warmupMillis, runs, () -> {
            CheckResult verdict = RangeChecker.check(network);
            NetworkMetrics metrics = Metrics.of(network);
            if (!verdict.correct()) throw new IllegalStateException("kogge-stone is not a correct scan: " + verdict.failure().message());
            return metrics;
        });
        out.println(result.format());
        out.println(String.format(Locale.ROOT, "target: under %.0f ms at n = 4096 -> %s", TARGET_MS,
                result.medianMs() < TARGET_MS ? "met" : "MISSED"));
        return 0;
    }
}
