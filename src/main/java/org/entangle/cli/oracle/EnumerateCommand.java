package org.entangle.cli.oracle;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.HashSet;
import java.util.Set;
import org.entangle.network.Network;
import org.entangle.network.Schedules;
import org.entangle.oracle.TraceOracle;
import org.entangle.work.CancellationToken;
import org.entangle.work.SearchCancelled;
import org.entangle.oracle.TraceCounter;
import org.entangle.oracle.TraceEnumerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.entangle.cli.common.ExitStatus;

/** {@code entangle enumerate}: stream the safe traces' networks as JSON lines. */
@Command(name = "enumerate", mixinStandardHelpOptions = true,
        description = "Stream the networks of the safe traces, one JSON line each.")
public final class EnumerateCommand implements Callable<Integer> {

    @Mixin
    ProblemOptions problemOptions;

    @Mixin
    ProblemOptions.Timeout timeout;

    @Option(names = "--limit", paramLabel = "K", description = "stop after K networks (default: all)")
    long limit = Long.MAX_VALUE;

    @Option(names = "--distinct", description = "keep one trace per distinct network modulo schedule")
    boolean distinct;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "write the JSON lines here (default: stdout)")
    Path output;

    @Option(names = "--progress", description = "report progress on stderr")
    boolean progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ProblemOptions.Problem problem = problemOptions.load();
        PrintWriter err = spec.commandLine().getErr();
        CancellationToken cancel = CancellationToken.withTimeout(timeout.seconds);
        java.util.Optional<TraceOracle> forest = problem.forest();
        if (forest.isPresent()) return streamWithForest(forest.get(), cancel, err);
        TraceCounter counter = new TraceCounter(problem.machine(), cancel);
        PrintWriter out = OracleSupport.open(output, spec.commandLine().getOut());
        long[] written = {0};
        TraceEnumerator.Result result;
        try {
            result = OracleSupport.run(problem, () -> new TraceEnumerator(counter, distinct, cancel, OracleSupport.printer(progress, err))
                    .run(trace -> {
                        out.println(NetworkJsonLine.of(trace.network()));
                        return ++written[0] < limit;
                    }));
        } catch (SearchCancelled c) {
            err.println("entangle enumerate: " + c.getMessage() + " while counting; nothing enumerated");
            return ExitStatus.WRONG;
        } finally {
            out.flush();
            if (output != null) out.close();
        }
        err.println("enumerated " + result.traces() + " safe traces" + (distinct ? " (" + result.distinct() + " distinct networks)" : "")
                + ", wrote " + written[0] + " networks in " + OracleSupport.seconds(result.seconds()) + " s"
                + (result.complete() ? "" : " (" + result.stoppedBy() + ")"));
        if (result.traces() == 0 && result.complete()) {
            err.println("entangle enumerate: " + OracleSupport.noSafeTrace(problem, counter));
            return ExitStatus.WRONG;
        }
        return ExitStatus.OK;
    }

    /**
     * Streams with the forest engine: no counts first, memory bounded by the width and steps, plus the distinct
     * networks when {@code --distinct} asks to keep them.
     */
    private Integer streamWithForest(TraceOracle oracle, CancellationToken cancel, PrintWriter err) {
        long t0 = System.nanoTime();
        PrintWriter out = OracleSupport.open(output, spec.commandLine().getOut());
        Set<Network> seen = new HashSet<>();
        long[] traces = {0};
        long[] written = {0};
        boolean complete;
        try {
            complete = oracle.enumerate(trace -> {
                traces[0]++;
                if (distinct && !seen.add(Schedules.canonical(trace.network()).withoutEmptySteps())) return true;
                out.println(NetworkJsonLine.of(trace.network()));
                return ++written[0] < limit;
            }, cancel);
        } catch (SearchCancelled c) {
            complete = false;
        } finally {
            out.flush();
            if (output != null) out.close();
        }
        double s = (System.nanoTime() - t0) / 1e9;
        err.println("enumerated " + traces[0] + " safe traces" + (distinct ? " (" + seen.size() + " distinct networks)" : "")
                + ", wrote " + written[0] + " networks in " + OracleSupport.seconds(s) + " s (forest engine"
                + (complete ? ", every trace" : ", stopped early")
                + (distinct ? "; the distinct networks are kept in memory to recognise repeats)" : ")"));
        if (traces[0] == 0 && complete) {
            err.println("entangle enumerate: no safe trace in this spec form");
            return ExitStatus.WRONG;
        }
        return ExitStatus.OK;
    }
}
