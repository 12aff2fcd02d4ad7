package org.entangle.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.entangle.cli.common.ExitStatus;
import org.entangle.cli.common.UserError;
import org.entangle.network.Network;
import org.entangle.network.eval.Evaluator;
import org.entangle.network.eval.Monoid;
import org.entangle.network.eval.SequentialScan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code entangle eval FILE --values 3,1,4}: runs a network on concrete values with integer addition, maximum
 * or string concatenation ({@link Evaluator}, through the one interpreter every analysis uses) and compares the
 * result with the sequential scan of the spec the file declares. Exit 0 when they agree, 1 when they do not,
 * 2 for a bad file or option.
 */
@Command(name = "eval",
        mixinStandardHelpOptions = true,
        description = "Evaluate a network file on concrete values and compare with the sequential scan.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:the outputs are the sequential scan", "1:they are not", "2:bad input or usage"})
public final class EvalCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A network file (.json, or the text form: .txt, .net).")
    private Path file;

    @Option(names = "--values", required = true, paramLabel = "V,V,...",
            description = "One value per wire, comma-separated (integers for add and max, any text for concat).")
    private String values;

    @Option(names = "--op", paramLabel = "OP", defaultValue = "add", description = "add, max or concat (default: ${DEFAULT-VALUE}).")
    private String op;

    @Option(names = "--json", description = "Print one JSON object on stdout.")
    private boolean json;

    @Override
    public Integer call() {
        return switch (op) {
            case "add" -> run(Monoid.ADD, EvalCommand::integer);
            case "max" -> run(Monoid.MAX, EvalCommand::integer);
            case "concat" -> run(Monoid.CONCAT, Function.identity());
            default -> throw new UserError("unknown --op '" + op + "' (expected add, max or concat)");
        };
    }

    private <T> int run(Monoid<T> monoid, Function<String, T> parse) {
        Network network = NetworkArguments.load(file, null);
        String[] tokens = values.split(",", -1);
        if (tokens.length != network.width()) {
            throw new UserError(file + " has " + network.width() + " wires but --values gives " + tokens.length + " values");
        }
        List<T> inputs = new ArrayList<>();
        for (String token : tokens) inputs.add(parse.apply(token.strip()));
        List<T> outputs = Evaluator.evaluate(network, inputs, monoid);
        List<T> expected = SequentialScan.expected(network.spec(), inputs, monoid);
        boolean agrees = SequentialScan.agrees(network.spec(), inputs, monoid, outputs);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectMapper mapper = new ObjectMapper();
            ObjectNode o = mapper.createObjectNode();
            o.put("file", file.toString());
            o.put("op", monoid.name());
            o.put("kind", network.spec().kind().token());
            o.put("direction", network.spec().direction().token());
            o.set("values", mapper.valueToTree(inputs));
            o.set("outputs", mapper.valueToTree(outputs));
            o.set("expected", mapper.valueToTree(expected));
            o.put("agrees", agrees);
            out.println(o);
        } else {
            out.println("outputs:  " + join(outputs));
            out.println("expected: " + join(expected) + "  (sequential " + network.spec().direction().token() + " "
                    + network.spec().kind().token() + " scan)" + (agrees ? "" : "  DIFFERENT"));
        }
        return agrees ? ExitStatus.OK : ExitStatus.WRONG;
    }

    private static Long integer(String token) {
        try {
            return Long.parseLong(token);
        } catch (NumberFormatException e) {
            throw new UserError("--values: '" + token + "' is not an integer");
        }
    }

    private static <T> String join(List<T> values) {
        List<String> shown = new ArrayList<>();
        for (T v : values) shown.add(v == null ? "-" : String.valueOf(v));
        return String.join(" ", shown);
    }
}
