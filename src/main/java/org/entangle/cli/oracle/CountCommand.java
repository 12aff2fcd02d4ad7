package org.entangle.cli.oracle;

import java.math.BigInteger;
import java.util.concurrent.Callable;
import org.entangle.cli.EntangleCli;
import org.entangle.oracle.CancellationToken;
import org.entangle.oracle.SearchCancelled;
import org.entangle.oracle.TraceCounter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

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
            return EntangleCli.WRONG;
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
            return EntangleCli.WRONG;
        }
        double s = (System.nanoTime() - t0) / 1e9;
        if (json) {
            spec.commandLine().getOut().println("{\"traces\": \"" + traces + "\", \"seconds\": " + OracleSupport.seconds(s)
                    + ", \"states\": " + counter.statesExplored() + ", \"complete\": true}");
        } else {
            spec.commandLine().getOut().println(traces + " safe traces (" + counter.statesExplored() + " states, "
                    + OracleSupport.seconds(s) + " s)");
        }
        if (traces.signum() == 0) {
            spec.commandLine().getErr().println("entangle count: " + OracleSupport.noSafeTrace(problem, counter));
            return EntangleCli.WRONG;
        }
        return EntangleCli.OK;
    }
}
