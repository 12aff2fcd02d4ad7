package org.entangle.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.entangle.cli.common.ExitStatus;
import org.entangle.network.MemoryModel;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import org.entangle.oracle.optimize.OptimizeResult;
import org.entangle.oracle.optimize.PrefixOptimizer;
import org.entangle.oracle.optimize.SearchControl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code entangle pareto}: the Pareto front over (size, depth, max fan-out) of forward prefix networks. */
@Command(name = "pareto", mixinStandardHelpOptions = true,
        description = "Pareto front over (size, depth, max fan-out), each point a proven minimum size.")
public final class ParetoCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--n", required = true, description = "Width (number of inputs), 1..64.")
    private int n;

    @Option(names = "--model", defaultValue = "circuit", description = "inplace or circuit (default ${DEFAULT-VALUE}).")
    private String model;

    @Option(names = "--timeout", defaultValue = "120", description = "Time limit in seconds (default ${DEFAULT-VALUE}).")
    private double timeout;

    @Option(names = "--json", description = "Print JSON.")
    private boolean json;

    @Override
    public Integer call() throws Exception {
        MemoryModel memoryModel = OptimizeCommand.parseModel(model);
        OptimizeCommand.checkWidth(n);
        SearchControl control = new SearchControl(timeout);
        List<OptimizeResult> front = new PrefixOptimizer(control, null).pareto(n, memoryModel);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            List<Map<String, Object>> points = new ArrayList<>();
            for (OptimizeResult r : front) points.add(OptimizeCommand.summary(r));
            out.println(new ObjectMapper().writeValueAsString(Map.of("n", n, "model", memoryModel.token(),
                    "complete", !control.stopped(), "points", points)));
        } else {
            out.println("size  depth  steps  max-fanout  optimal");
            for (OptimizeResult r : front) {
                NetworkMetrics m = Metrics.of(r.network());
                out.println(String.format(Locale.ROOT, "%4d  %5d  %5d  %10d  %s", m.size(), m.depth(), m.steps(), m.maxFanout(), r.optimal()));
            }
            if (control.stopped()) out.println("stopped at the time limit: the front may be incomplete");
        }
        return front.isEmpty() ? ExitStatus.WRONG : ExitStatus.OK;
    }
}
