package org.entangle.cli.oracle;

import java.math.BigInteger;
import java.util.concurrent.Callable;
import java.io.PrintWriter;
import org.entangle.oracle.TraceOracle;
import org.entangle.work.CancellationToken;
import org.entangle.work.SearchCancelled;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.TraceCounter;
import org.entangle.oracle.space.SpaceSpec;
import org.entangle.oracle.space.SpaceTooLargeException;
import org.entangle.oracle.space.TraceSpace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.entangle.cli.common.ExitStatus;

/** {@code entangle count}: the exact number of safe traces (memoised counting, no enumeration). */
@Command(name = "count", mixinStandardHelpOptions = true,
        description = "Count the safe traces of an angelic program (or of the spec form) exactly.")
public final class CountCommand implements Callable<Integer> {

    @Mixin
    ProblemOptions problemOptions;

    @Mixin
    ProblemOptions.Timeout timeout;

    @Option(names = "--json", description = "print {\"traces\": \"...\", \"seconds\": ..., \"states\": ...}")
    boolean json;

    @Option(names = "--progress", description = "report the states explored on stderr while counting")
    boolean progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ProblemOptions.Problem problem = problemOptions.load();
        String bound = problem.spec() == null ? null : problem.spec().knownBoundViolated();
        if (bound != null) {
            spec.commandLine().getOut().println(json ? "{\"traces\": \"0\", \"seconds\": 0.000, \"states\": 0, \"complete\": true}"
                    : "0 safe traces (proved by a bound, not searched)");
            spec.commandLine().getErr().println("entangle count: no safe trace: " + bound);
            return ExitStatus.WRONG;
        }
        java.util.Optional<TraceOracle> forest = problem.forest();
        if (forest.isPresent()) return countWithForest(forest.get());
        if (problem.spec() != null && problem.spec().n() <= SpaceSpec.MAX_WIDTH) {
            Integer status = countWithSpaceEngine(problem.spec());
            if (status != null) return status;
        }
        TraceCounter counter = new TraceCounter(problem.machine(), CancellationToken.withTimeout(timeout.seconds),
                OracleSupport.printer(progress, spec.commandLine().getErr()));
        long t0 = System.nanoTime();
        BigInteger traces;
        try {
            traces = OracleSupport.run(problem, counter::countAll);
        } catch (SearchCancelled c) {
            double s = (System.nanoTime() - t0) / 1e9;
            spec.commandLine().getErr().println("entangle count: " + c.getMessage() + " after " + OracleSupport.seconds(s)
                    + " s and " + counter.statesExplored() + " states; the count is unknown");
            if (json) {
                spec.commandLine().getOut().println("{\"traces\": null, \"seconds\": " + OracleSupport.seconds(s)
                        + ", \"states\": " + counter.statesExplored() + ", \"complete\": false}");
            }
            return ExitStatus.WRONG;
        }
        double s = (System.nanoTime() - t0) / 1e9;
        if (json) {
            spec.commandLine().getOut().println("{\"traces\": \"" + traces + "\", \"seconds\": " + OracleSupport.seconds(s)
                    + ", \"states\": " + counter.statesExplored() + ", \"complete\": true, \"engine\": \"program\"}");
        } else {
            spec.commandLine().getOut().println(traces + " safe traces (" + counter.statesExplored() + " states, "
                    + OracleSupport.seconds(s) + " s)");
        }
        if (traces.signum() == 0) {
            spec.commandLine().getErr().println("entangle count: " + OracleSupport.noSafeTrace(problem, counter));
            return ExitStatus.WRONG;
        }
        return ExitStatus.OK;
    }

    /** Counts a spec form with the forest engine, which scales to the talk's N = 16. */
    private Integer countWithForest(TraceOracle oracle) {
        long t0 = System.nanoTime();
        PrintWriter err = spec.commandLine().getErr();
        CancellationToken token = CancellationToken.withTimeout(timeout.seconds);
        BigInteger traces;
        try (ForestWatch watch = new ForestWatch("count", oracle, token, progress, err)) {
            try {
                traces = oracle.count(token);
            } catch (SearchCancelled c) {
                err.println("entangle count: " + (watch.stoppedForMemory() ? ForestWatch.memoryAdvice() : c.getMessage()) + " after "
                        + OracleSupport.seconds((System.nanoTime() - t0) / 1e9) + " s (" + oracle.memory() + "); the count is unknown");
                return ExitStatus.WRONG;
            }
        }
        double s = (System.nanoTime() - t0) / 1e9;
        if (json) {
            spec.commandLine().getOut().println("{\"traces\": \"" + traces + "\", \"seconds\": " + OracleSupport.seconds(s)
                    + ", \"complete\": true, \"engine\": \"forest\"}");
        } else {
            spec.commandLine().getOut().println(String.format(java.util.Locale.ROOT, "%s safe traces (%s s, forest engine: %s)",
                    traces, OracleSupport.seconds(s), oracle.memory()));
        }
        if (traces.signum() == 0) {
            err.println("entangle count: no safe trace in this spec form");
            return ExitStatus.WRONG;
        }
        return ExitStatus.OK;
    }

    /**
     * Counts a spec form with the direct state-space engine (the fast path; the same count as its program text,
     * which {@code SpecEnginesAgreeTest} checks); null when the space is too large for it, so the caller falls
     * back to running the program.
     */
    private Integer countWithSpaceEngine(SpecForm form) {
        long t0 = System.nanoTime();
        TraceSpace space;
        try {
            space = TraceSpace.of(SpaceSpec.of(form));
        } catch (SpaceTooLargeException e) {
            return null;
        }
        BigInteger traces = space.count();
        double s = (System.nanoTime() - t0) / 1e9;
        if (json) {
            spec.commandLine().getOut().println("{\"traces\": \"" + traces + "\", \"seconds\": " + OracleSupport.seconds(s)
                    + ", \"states\": " + space.states() + ", \"complete\": true, \"engine\": \"spec-space\"}");
        } else {
            spec.commandLine().getOut().println(traces + " safe traces (" + space.states() + " states, "
                    + OracleSupport.seconds(s) + " s, spec-space engine)");
        }
        if (traces.signum() == 0) {
            spec.commandLine().getErr().println("entangle count: no safe trace in this spec form");
            return ExitStatus.WRONG;
        }
        return ExitStatus.OK;
    }
}
