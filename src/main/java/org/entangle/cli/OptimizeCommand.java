package org.entangle.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.entangle.cli.common.ExitStatus;
import org.entangle.cli.common.UserError;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.io.NetworkJsonWriter;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import org.entangle.oracle.optimize.OptimizeResult;
import org.entangle.oracle.optimize.PrefixOptimizer;
import org.entangle.oracle.optimize.SearchControl;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code entangle optimize}: the smallest forward prefix network within a depth, or the shallowest within an op
 * budget, proven optimal when the search completes ({@link PrefixOptimizer}). Exit 1 when no network exists.
 */
@Command(name = "optimize", mixinStandardHelpOptions = true,
        description = "Fewest ops within a depth (--depth), or lowest depth within an op budget (--max-ops).")
public final class OptimizeCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--n", required = true, description = "Width (number of inputs), 1..64.")
    private int n;

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Goal goal;

    static final class Goal {
        @Option(names = "--depth", description = "Depth limit (circuit: longest path; in-place: steps).")
        Integer depth;

        @Option(names = "--max-ops", description = "Op budget; find the lowest depth within it.")
        Integer maxOps;
    }

    @Option(names = "--model", defaultValue = "circuit", description = "inplace or circuit (default ${DEFAULT-VALUE}).")
    private String model;

    @Option(names = "--max-fanout", defaultValue = "0", description = "Largest number of ops reading one value (0: unbounded).")
    private int maxFanout;

    @Option(names = "--timeout", defaultValue = "60", description = "Time limit in seconds (default ${DEFAULT-VALUE}).")
    private double timeout;

    @Option(names = "--json", description = "Print JSON.")
    private boolean json;

    @Option(names = "--progress", description = "Report each size target tried on stderr.")
    private boolean progress;

    @Override
    public Integer call() throws Exception {
        MemoryModel memoryModel = parseModel(model);
        checkWidth(n);
        if (maxFanout < 0) throw new UserError("--max-fanout must be at least 0, got " + maxFanout);
        PrintWriter err = spec.commandLine().getErr();
        SearchControl control = new SearchControl(timeout);
        PrefixOptimizer optimizer = new PrefixOptimizer(control, !progress ? null : p -> err.println(String.format(
                Locale.ROOT, "width %d depth %d: trying size <= %d (%.2f s, %d nodes)", p.width(), p.depth(),
                p.target(), p.seconds(), p.nodes())));
        OptimizeResult result;
        if (goal.depth != null) {
            if (goal.depth < 0) throw new UserError("--depth must be at least 0, got " + goal.depth);
            result = optimizer.minSize(n, goal.depth, memoryModel, maxFanout);
        } else {
            if (goal.maxOps < 0) throw new UserError("--max-ops must be at least 0, got " + goal.maxOps);
            result = optimizer.minDepth(n, goal.maxOps, memoryModel, maxFanout);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (result.network() == null) {
            err.println("entangle optimize: no network found: " + result.note());
            if (json) out.println(new ObjectMapper().writeValueAsString(summary(result)));
            return ExitStatus.WRONG;
        }
        if (json) {
            out.println(new ObjectMapper().writeValueAsString(summary(result)));
        } else {
            out.print(describe(result));
        }
        return ExitStatus.OK;
    }

    static MemoryModel parseModel(String token) {
        MemoryModel m = MemoryModel.fromToken(token);
        if (m == null) throw new UserError("--model must be inplace or circuit, got '" + token + "'");
        return m;
    }

    static void checkWidth(int width) {
        if (width < 1 || width > 64) throw new UserError("--n must be in 1..64, got " + width);
    }

    /** The JSON fields of one result: size, depth, optimal, network and the measures behind them. */
    static Map<String, Object> summary(OptimizeResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", r.width());
        m.put("model", r.model().token());
        if (r.network() != null) {
            NetworkMetrics metrics = Metrics.of(r.network());
            m.put("size", metrics.size());
            m.put("depth", metrics.depth());
            m.put("steps", metrics.steps());
            m.put("maxFanout", metrics.maxFanout());
            m.put("correct", RangeChecker.check(r.network()).correct());
        } else {
            m.put("size", null);
            m.put("depth", null);
        }
        m.put("optimal", r.optimal());
        m.put("lowerBound", r.lowerBound() == Integer.MAX_VALUE ? null : r.lowerBound());
        m.put("seconds", r.seconds());
        m.put("note", r.note());
        m.put("network", r.network() == null ? null : networkJson(r.network()));
        return m;
    }

    static String describe(OptimizeResult r) {
        NetworkMetrics metrics = Metrics.of(r.network());
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "n=%d model=%s size=%d depth=%d steps=%d max-fanout=%d optimal=%s "
                        + "(proven lower bound %d) %.3f s%n", r.width(), r.model().token(), metrics.size(),
                metrics.depth(), metrics.steps(), metrics.maxFanout(), r.optimal(), r.lowerBound(), r.seconds()));
        if (r.note() != null) sb.append("note: ").append(r.note()).append('\n');
        sb.append("checker: ").append(RangeChecker.check(r.network()).correct() ? "correct scan" : "NOT a scan").append('\n');
        for (int s = 0; s < r.network().stepCount(); s++) {
            sb.append("  step ").append(s).append(':');
            for (Op op : r.network().step(s).ops()) sb.append(' ').append(op);
            sb.append('\n');
        }
        return sb.toString();
    }

    /** The network in the project's JSON network format ({@link NetworkJsonWriter}), as a tree to embed. */
    static JsonNode networkJson(Network network) {
        try {
            return new ObjectMapper().readTree(NetworkJsonWriter.write(network));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the network writer produced invalid JSON", e);
        }
    }
}
