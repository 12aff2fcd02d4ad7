package org.entangle.cli.oracle;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.entangle.lang.AngelChoice;
import org.entangle.work.CancellationToken;
import org.entangle.work.ProgressListener;
import org.entangle.work.SearchCancelled;
import org.entangle.oracle.TraceCounter;
import org.entangle.oracle.TraceEnumerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.entangle.cli.common.ExitStatus;

/**
 * {@code entangle traces}: the safe traces as CSV for entanglement analysis (Torlak and Barman, Onward! 2015): a
 * header of angel names, one row per trace, one column per angel, ⊥ where the angel did not execute.
 */
@Command(name = "traces", mixinStandardHelpOptions = true,
        description = "Write the safe traces as CSV: one column per angel (header: angel names), ⊥ for an angel that did not run.")
public final class TracesCommand implements Callable<Integer> {

    /** The value of an angel that did not execute in a trace. */
    public static final String BOTTOM = "⊥";

    @Mixin
    ProblemOptions problemOptions;

    @Mixin
    ProblemOptions.Timeout timeout;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE.csv", required = true, description = "the CSV file")
    Path output;

    @Option(names = "--limit", paramLabel = "K", description = "write at most K traces (default 1000000)")
    long limit = 1_000_000;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ProblemOptions.Problem problem = problemOptions.load();
        PrintWriter err = spec.commandLine().getErr();
        CancellationToken cancel = CancellationToken.withTimeout(timeout.seconds);
        TraceCounter counter = new TraceCounter(problem.machine(), cancel);
        Map<String, Integer> columns = new LinkedHashMap<>();
        List<Map<String, String>> rows = new ArrayList<>();
        TraceEnumerator.Result result;
        try {
            result = OracleSupport.run(problem, () -> new TraceEnumerator(counter, false, cancel, ProgressListener.NONE).run(trace -> {
                Map<String, String> row = new HashMap<>();
                for (AngelChoice c : trace.choices()) {
                    String name = c.name();
                    columns.putIfAbsent(name, columns.size());
                    row.put(name, c.valueText());
                }
                rows.add(row);
                return rows.size() < limit;
            }));
        } catch (SearchCancelled c) {
            err.println("entangle traces: " + c.getMessage() + " while counting; nothing written");
            return ExitStatus.WRONG;
        }
        try (PrintWriter out = OracleSupport.open(output, null)) {
            out.println(String.join(",", columns.keySet().stream().map(TracesCommand::quote).toList()));
            for (Map<String, String> row : rows) {
                List<String> cells = new ArrayList<>(columns.size());
                for (String name : columns.keySet()) cells.add(row.getOrDefault(name, BOTTOM));
                out.println(String.join(",", cells));
            }
        }
        err.println("wrote " + rows.size() + " safe traces over " + columns.size() + " angels to " + output
                + (result.complete() ? "" : " (" + result.stoppedBy() + "; the program has " + counter.countAll() + ")"));
        if (rows.isEmpty() && result.complete()) {
            err.println("entangle traces: " + OracleSupport.noSafeTrace(problem, counter));
            return ExitStatus.WRONG;
        }
        return ExitStatus.OK;
    }

    private static String quote(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
