package org.entangle.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.entangle.cli.common.UserError;
import org.entangle.generalize.synth.SketchError;
import org.entangle.generalize.synth.Synthesizer;
import org.entangle.lang.LangError;
import org.entangle.lang.RunLimits;
import org.entangle.network.Network;
import org.entangle.network.io.NetworkFiles;
import org.entangle.network.io.NetworkFormatException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code entangle synthesize SKETCH --example NET}: fills the holes {@code ??} of a sketch so that it reproduces
 * the example network at the example's N and is a correct scan for every N of the verification set
 * ({@link Synthesizer}, counter-example guided). Exit 0 found, 1 none, 2 bad input.
 */
@Command(name = "synthesize",
        mixinStandardHelpOptions = true,
        description = "Fill a sketch's holes (??) from an example network and verify the program for many N.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:a filling was found and verified", "1:no filling within the bound", "2:bad input or usage"})
public final class SynthesizeCommand implements Callable<Integer> {


    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SKETCH", description = "A program with holes ?? (see resources/docs/language.md).")
    private Path sketch;

    @Option(names = "--example", required = true, paramLabel = "NET", description = "The example network file.")
    private Path example;

    @Option(names = "--verify", paramLabel = "NS", description = "N to verify: a range lo..hi or a list a,b,c (default 1..256).")
    private String verify = "1..256";

    @Option(names = "--all", description = "List every verified filling up to --max-size, smallest first (one per observational class).")
    private boolean all;

    @Option(names = "--max-size", paramLabel = "S",
            description = "The largest filling size searched: the total number of nodes (variables, constants, operators) of all hole expressions (default 40).")
    private int maxSize = 40;

    @Option(names = "--limit", paramLabel = "K", description = "With --all, stop after K fillings (default ${DEFAULT-VALUE}).")
    private int limit = Synthesizer.DEFAULT_LIMIT;

    @Option(names = "--timeout", paramLabel = "SEC", description = "Stop after SEC seconds with what was found (default: no limit).")
    private double timeout;

    @Option(names = "--progress", description = "Print the search's progress (size reached, candidates, fillings) on stderr.")
    private boolean progress;

    @Option(names = "--json", description = "Print one JSON object on stdout.")
    private boolean json;

    @Override
    public Integer call() throws IOException {
        List<Integer> ns = parseNs(verify);
        if (maxSize < 1) throw new UserError("--max-size must be at least 1");
        if (limit < 1) throw new UserError("--limit must be at least 1");
        String text;
        try {
            text = Files.readString(sketch);
        } catch (IOException e) {
            throw new UserError(sketch + ": cannot read the sketch");
        }
        Network net;
        try {
            net = NetworkFiles.load(example);
        } catch (NetworkFormatException e) {
            throw new UserError(e.getMessage());
        }
        Synthesizer.Result result;
        long start = System.nanoTime();
        try {
            result = new Synthesizer(text, net, new Synthesizer.Options(ns, all, maxSize, 400_000, limit)).run(listener());
        } catch (LangError | SketchError e) {
            throw new UserError(sketch + ":" + e.getMessage());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectMapper mapper = new ObjectMapper();
            ObjectNode root = mapper.createObjectNode();
            root.put("found", result.found());
            ArrayNode fillings = root.putArray("fillings");
            for (Synthesizer.Filling f : result.fillings()) {
                ObjectNode node = fillings.addObject();
                node.put("program", f.program());
                node.put("size", f.size());
                node.put("verifiedUpTo", f.verifiedUpTo());
                ObjectNode holes = node.putObject("holes");
                f.holes().forEach((id, e) -> holes.put(Integer.toString(id + 1), e));
            }
            if (result.found()) {
                root.put("program", result.fillings().get(0).program());
                root.put("verifiedUpTo", result.fillings().get(0).verifiedUpTo());
            }
            ArrayNode cex = root.putArray("counterexamples");
            result.counterexamples().forEach(cex::add);
            root.put("candidatesTried", result.candidatesTried());
            root.put("searchedUpTo", result.searchedUpTo());
            root.put("complete", result.complete());
            if (result.failure() != null) root.put("failure", result.failure());
            root.put("seconds", seconds);
            out.println(mapper.writeValueAsString(root));
        } else if (result.found()) {
            for (Synthesizer.Filling f : result.fillings()) {
                out.printf("filling of size %d, verified for N in %s (up to %d):%n", f.size(), verify, f.verifiedUpTo());
                f.holes().forEach((id, e) -> out.printf("  hole %d: %s%n", id + 1, e));
                out.println(f.program().strip());
                out.println();
            }
            out.printf("%d candidate(s) tried, counterexamples %s, %.2f s%n", result.candidatesTried(), result.counterexamples(), seconds);
            if (all) {
                out.printf("every filling of at most %d nodes considered%s%n", result.searchedUpTo(),
                        result.complete() ? "" : " (stopped: --limit or --timeout; larger fillings not listed)");
            }
        } else {
            out.println("no filling: " + result.failure());
        }
        out.flush();
        return result.found() ? 0 : 1;
    }

    /** Stops at {@code --timeout} and, with {@code --progress}, prints each size reached and each filling found on stderr. */
    private Synthesizer.Listener listener() {
        PrintWriter err = spec.commandLine().getErr();
        long deadline = timeout > 0 ? System.nanoTime() + (long) (timeout * 1e9) : 0;
        return new Synthesizer.Listener() {
            @Override
            public void progress(Synthesizer.Progress p) {
                if (!progress) return;
                err.printf("size %d of %d: %d candidate(s) tried, %d filling(s), counterexamples %s%n", p.size(), p.maxSize(),
                        p.candidatesTried(), p.fillingsFound(), p.counterexamples());
                err.flush();
            }

            @Override
            public boolean isCancelled() {
                return deadline != 0 && System.nanoTime() - deadline > 0;
            }
        };
    }

    /** A range {@code lo..hi} or a list {@code a,b,c} of N, each in 1..65536. */
    static List<Integer> parseNs(String text) {
        List<Integer> ns = new ArrayList<>();
        try {
            if (text.contains("..")) {
                String[] parts = text.split("\\.\\.");
                if (parts.length != 2) throw new UserError("--verify '" + text + "' is not lo..hi or a,b,c");
                int lo = Integer.parseInt(parts[0].trim());
                int hi = Integer.parseInt(parts[1].trim());
                for (int n = lo; n <= hi; n++) ns.add(n);
            } else {
                for (String p : text.split(",")) ns.add(Integer.parseInt(p.trim()));
            }
        } catch (NumberFormatException e) {
            throw new UserError("--verify '" + text + "' is not lo..hi or a,b,c");
        }
        if (ns.isEmpty()) throw new UserError("--verify '" + text + "' names no N");
        int max = RunLimits.current().maxWidth();
        for (int n : ns) {
            if (n < 1 || n > max) throw new UserError("--verify: N = " + n + " is out of range 1.." + max + " (the largest width; raise it with --max-width)");
        }
        return ns;
    }
}
