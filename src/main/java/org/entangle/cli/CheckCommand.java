package org.entangle.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.entangle.cli.common.ExitStatus;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.check.CheckResult;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code entangle check FILE}: the exact verdict of {@link RangeChecker} (the range and set semantics of prefix
 * networks) and the metrics of {@link Metrics} for a network file. Options override the spec and model the file
 * declares. Exit 0 when the network is a correct scan, 1 when it is not, 2 for a bad file or option.
 */
@Command(name = "check",
        mixinStandardHelpOptions = true,
        description = "Check that a network file is a correct scan (for every operator of the algebra) and print its metrics.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:a correct scan", "1:not a correct scan", "2:bad input or usage"})
public final class CheckCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A network file (.json, or the text form: .txt, .net).")
    private Path file;

    @Option(names = "--kind", paramLabel = "KIND", description = "inclusive, exclusive or reduce (default: what the file says).")
    private String kind;

    @Option(names = "--direction", paramLabel = "DIR", description = "forward or backward (default: what the file says).")
    private String direction;

    @Option(names = "--algebra", paramLabel = "ALGEBRA", description = "associative, commutative or idempotent (default: what the file says).")
    private String algebra;

    @Option(names = "--model", paramLabel = "MODEL", description = "inplace or circuit (default: what the file says).")
    private String model;

    @Option(names = "--json", description = "Print one JSON object on stdout.")
    private boolean json;

    @Override
    public Integer call() {
        ResultKind kindOverride = NetworkArguments.token(ResultKind.class, ResultKind::token, "--kind", kind);
        Direction directionOverride = NetworkArguments.token(Direction.class, Direction::token, "--direction", direction);
        Algebra algebraOverride = NetworkArguments.token(Algebra.class, Algebra::token, "--algebra", algebra);
        MemoryModel modelOverride = NetworkArguments.token(MemoryModel.class, MemoryModel::token, "--model", model);
        Network network = NetworkArguments.load(file, modelOverride);
        ScanSpec checked = network.spec();
        if (kindOverride != null) checked = checked.withKind(kindOverride);
        if (directionOverride != null) checked = checked.withDirection(directionOverride);
        if (algebraOverride != null) checked = checked.withAlgebra(algebraOverride);
        CheckResult result = RangeChecker.check(network, checked);
        NetworkMetrics metrics = Metrics.of(network);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(toJson(network, result, metrics));
        } else {
            printText(out, network, result, metrics);
        }
        return result.correct() ? ExitStatus.OK : ExitStatus.WRONG;
    }

    private String toJson(Network network, CheckResult result, NetworkMetrics m) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode o = mapper.createObjectNode();
        o.put("file", file.toString());
        o.put("name", network.name());
        o.put("correct", result.correct());
        o.put("kind", result.spec().kind().token());
        o.put("direction", result.spec().direction().token());
        o.put("algebra", result.spec().algebra().token());
        o.put("model", network.model().token());
        o.put("width", m.width());
        o.put("size", m.size());
        o.put("depth", m.depth());
        o.put("steps", m.steps());
        o.put("maxFanout", m.maxFanout());
        o.put("deficiency", m.deficiency());
        if (Double.isNaN(m.workEfficiency())) o.putNull("workEfficiency");
        else o.put("workEfficiency", m.workEfficiency());
        o.put("moves", m.moves());
        o.put("identityCombines", m.identityCombines());
        m.opsPerStep().forEach(o.putArray("opsPerStep")::add);
        if (!result.correct()) {
            CheckResult.Failure f = result.failure();
            ObjectNode error = o.putObject("error");
            if (f.step() >= 0) {
                error.put("step", f.step());
                error.put("op", f.opIndex());
            } else {
                error.putNull("step");
                error.putNull("op");
            }
            error.put("wire", f.wire());
            error.put("actual", f.actual());
            error.put("expected", f.expected());
            error.put("message", f.message());
        }
        return o.toString();
    }

    private void printText(PrintWriter out, Network network, CheckResult result, NetworkMetrics m) {
        String what = result.spec() + " scan, " + network.model().token() + " model";
        if (result.correct()) {
            out.println(file + ": correct " + what);
        } else {
            out.println(file + ": NOT a correct " + what + ": " + result.failure().message());
        }
        out.println(String.format(Locale.ROOT, "width %d, size %d, depth %d, steps %d, max fan-out %d, deficiency %d, work efficiency %.3f",
                m.width(), m.size(), m.depth(), m.steps(), m.maxFanout(), m.deficiency(), m.workEfficiency()));
    }
}
