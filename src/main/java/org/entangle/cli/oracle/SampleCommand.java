package org.entangle.cli.oracle;

import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.List;
import org.entangle.oracle.TraceOracle;
import org.entangle.work.CancellationToken;
import org.entangle.work.SearchCancelled;
import org.entangle.oracle.Trace;
import org.entangle.oracle.TraceCounter;
import org.entangle.oracle.TraceSampler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.entangle.cli.common.ExitStatus;

/** {@code entangle sample}: uniformly random safe traces (from the exact counts), seeded. */
@Command(name = "sample", mixinStandardHelpOptions = true,
        description = "Draw safe traces uniformly at random; print their networks as JSON lines.")
public final class SampleCommand implements Callable<Integer> {

    @Mixin
    ProblemOptions problemOptions;

    @Mixin
    ProblemOptions.Timeout timeout;

    @Option(names = "--count", paramLabel = "K", description = "how many samples (default 10)")
    int count = 10;

    @Option(names = "--seed", paramLabel = "S", description = "the random seed (default 1)")
    long seed = 1;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write the JSON lines here (default: stdout)")
    Path output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ProblemOptions.Problem problem = problemOptions.load();
        PrintWriter err = spec.commandLine().getErr();
        java.util.Optional<TraceOracle> forest = problem.forest();
        if (forest.isPresent()) return sampleWithForest(forest.get(), err);
        TraceCounter counter = new TraceCounter(problem.machine(), CancellationToken.withTimeout(timeout.seconds));
        BigInteger total;
        try {
            total = OracleSupport.run(problem, counter::countAll);
        } catch (SearchCancelled c) {
            err.println("entangle sample: " + c.getMessage() + " while counting; no sample drawn");
            return ExitStatus.WRONG;
        }
        if (total.signum() == 0) {
            err.println("entangle sample: " + OracleSupport.noSafeTrace(problem, counter));
            return ExitStatus.WRONG;
        }
        TraceSampler sampler = new TraceSampler(counter, seed);
        PrintWriter out = OracleSupport.open(output, spec.commandLine().getOut());
        try {
            for (int i = 0; i < count; i++) {
                Trace t = OracleSupport.run(problem, sampler::sample);
                out.println(NetworkJsonLine.of(t.network()));
            }
        } finally {
            out.flush();
            if (output != null) out.close();
        }
        err.println("sampled " + count + " of " + total + " safe traces uniformly (seed " + seed + ")");
        return ExitStatus.OK;
    }

    /** Samples with the forest engine: exact counts first, then {@code --count} uniform draws from them. */
    private Integer sampleWithForest(TraceOracle oracle, PrintWriter err) {
        CancellationToken cancel = CancellationToken.withTimeout(timeout.seconds);
        long t0 = System.nanoTime();
        BigInteger total;
        List<Trace> drawn;
        try (ForestWatch watch = new ForestWatch("sample", oracle, cancel, false, err)) {
            try {
                total = oracle.count(cancel);
                drawn = oracle.sample(count, seed, cancel);
            } catch (SearchCancelled c) {
                err.println("entangle sample: " + (watch.stoppedForMemory() ? ForestWatch.memoryAdvice() : c.getMessage()) + " after "
                        + OracleSupport.seconds((System.nanoTime() - t0) / 1e9) + " s; no sample written");
                return ExitStatus.WRONG;
            }
        }
        if (total.signum() == 0) {
            err.println("entangle sample: no safe trace in this spec form");
            return ExitStatus.WRONG;
        }
        PrintWriter out = OracleSupport.open(output, spec.commandLine().getOut());
        try {
            for (Trace t : drawn) out.println(NetworkJsonLine.of(t.network()));
        } finally {
            out.flush();
            if (output != null) out.close();
        }
        err.println("sampled " + count + " of " + total + " safe traces uniformly (seed " + seed + ", forest engine, "
                + OracleSupport.seconds((System.nanoTime() - t0) / 1e9) + " s)");
        return ExitStatus.OK;
    }
}
