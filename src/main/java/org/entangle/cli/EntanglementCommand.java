package org.entangle.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.entangle.cli.common.ExitStatus;
import org.entangle.cli.common.UserError;
import org.entangle.entanglement.Block;
import org.entangle.entanglement.CrossProductBoxes;
import org.entangle.entanglement.CrossProducts;
import org.entangle.entanglement.FinestPartition;
import org.entangle.entanglement.FunctionalView;
import org.entangle.entanglement.PairwiseEntanglement;
import org.entangle.entanglement.Partition;
import org.entangle.entanglement.TraceCsv;
import org.entangle.entanglement.TraceFormatException;
import org.entangle.entanglement.TraceJson;
import org.entangle.entanglement.TraceSet;
import org.entangle.entanglement.program.ProgramTraceSets;
import org.entangle.lang.LangError;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.network.metrics.Metrics;
import org.entangle.work.CancellationToken;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code entangle entangle TRACES.csv|TRACES.json}: the finest valid partition of a trace set's angels into
 * independent sub-computations (Torlak and Barman, Onward! 2015), optionally with the pairwise approximation and its
 * DOT graph. Blocks are 0-based column indices. Program input comes with the oracle.
 */
@Command(name = "entangle", mixinStandardHelpOptions = true,
        description = "Partition the angels of a trace set into independent blocks (finest valid partition).")
public final class EntanglementCommand implements Callable<Integer> {

    /** Which traces are analysed. */
    enum View { raw, function }

    /** The most maximal subsets {@code --cross} enumerates. */
    static final int CROSS_LIMIT = 10_000;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "TRACES", description = "a trace set: CSV (one trace per line, one angel per column), our JSON, or an angelic PROGRAM (.angel) whose safe traces the oracle enumerates")
    Path input;

    @Option(names = "--view", description = "${COMPLETION-CANDIDATES}: raw choices, or the ranges each trace's network computes (default ${DEFAULT-VALUE})")
    View view = View.raw;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Option(names = "--header", description = "the CSV's first line names the angels (a first line starting with # always does)")
    boolean header;

    @Option(names = "--pairwise", description = "also compute the pairwise entanglement graph (an approximation)")
    boolean pairwise;

    @Option(names = "--dot", paramLabel = "OUT.dot", description = "write the pairwise graph as Graphviz DOT (implies --pairwise)")
    Path dot;

    @Option(names = "--sample", paramLabel = "N", description = "analyse a uniform sample of N traces (for sets over the exact limit of "
            + FinestPartition.MAX_TRACES + ")")
    int sample;

    @Option(names = "--seed", description = "seed of --sample (default ${DEFAULT-VALUE})")
    long seed = 1;

    @Option(names = "--cross", paramLabel = "A,B,…", split = ",",
            description = "sum of cross-products: the maximal subsets of the traces that factor into these angels (0-based columns) and the rest")
    int[] cross;

    @Option(names = "--list", paramLabel = "N", description = "list a block's value combinations when there are at most N (default ${DEFAULT-VALUE})")
    int list = 8;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        TraceSet traces = read();
        long start = System.nanoTime();
        TraceSet analysed = traces;
        if (view == View.function) {
            if (!traces.hasNetworks()) {
                throw new UserError(input + ": the functional view needs the network each trace produces; trace files "
                        + "carry none (it works on traces from the oracle)");
            }
            analysed = FunctionalView.of(traces, FunctionalView.Detail.RANGE_WIRE_AND_DEPTH);
        }
        Partition partition = partition(analysed);
        Partition rawPartition = view == View.function ? partition(traces) : partition;
        PairwiseEntanglement graph = pairwise || dot != null ? PairwiseEntanglement.of(analysed) : null;
        CrossProducts.Result crossProducts = cross == null ? null : crossProducts(analysed);
        CrossProductBoxes.Result boxes = refinement == null ? null : boxes(analysed);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (dot != null) {
            try (Writer w = Files.newBufferedWriter(dot)) {
                graph.writeDot(w);
            }
        }
        if (json) {
            ObjectNode root = json(analysed, partition, rawPartition, graph, seconds);
            if (crossProducts != null) {
                ArrayNode subsets = root.putArray("crossProducts");
                for (CrossProducts.Biclique b : crossProducts.bicliques()) {
                    subsets.addObject().put("heads", b.heads().length).put("tails", b.tails().length).put("traces", b.traces());
                }
            }
            if (boxes != null) {
                ArrayNode array = root.putArray("boxes");
                for (CrossProductBoxes.Box b : boxes.boxes()) {
                    ArrayNode sizes = array.addObject().put("traces", b.traces()).putArray("sides");
                    b.sides().forEach(side -> sizes.add(side.size()));
                }
            }
            out.println(new ObjectMapper().writeValueAsString(root));
        } else {
            text(out, traces, analysed, partition, rawPartition, graph, seconds);
            if (crossProducts != null) crossText(out, crossProducts);
            if (boxes != null) boxesText(out, boxes);
        }
        return ExitStatus.OK;
    }

    private CrossProducts.Result crossProducts(TraceSet set) {
        for (int a : cross) {
            if (a < 0 || a >= set.angels()) throw new UserError("--cross: angel " + a + " is not a column 0.." + (set.angels() - 1));
        }
        int[] part = java.util.Arrays.stream(cross).distinct().sorted().toArray();
        if (part.length == set.angels()) throw new UserError("--cross: leave at least one angel for the other part");
        return CrossProducts.of(set, part, CROSS_LIMIT);
    }

    @Option(names = "--refine", paramLabel = "A,B;C;…",
            description = "sum of cross-products along a refinement into any number of parts: columns of a part joined by ',',"
                    + " parts by ';' (every column in one part), e.g. 0,5;1,7;2,4;3,6")
    String refinement;

    private CrossProductBoxes.Result boxes(TraceSet set) {
        String[] groups = refinement.split(";");
        int[][] parts = new int[groups.length][];
        try {
            for (int i = 0; i < groups.length; i++) {
                parts[i] = java.util.Arrays.stream(groups[i].split(",")).map(String::trim).mapToInt(Integer::parseInt).toArray();
            }
            return CrossProductBoxes.of(set, parts, CROSS_LIMIT);
        } catch (NumberFormatException e) {
            throw new UserError("--refine " + refinement + ": expected columns like 0,5;1,7;2,4,3,6");
        } catch (IllegalArgumentException e) {
            throw new UserError("--refine " + refinement + ": " + e.getMessage());
        }
    }

    private static void boxesText(PrintWriter out, CrossProductBoxes.Result result) {
        out.printf(Locale.ROOT, "sum of cross-products along the refinement: %d maximal box%s%s%n", result.boxes().size(),
                result.boxes().size() == 1 ? "" : "es", result.complete() ? "" : " (stopped at " + CROSS_LIMIT + ")");
        for (CrossProductBoxes.Box b : result.boxes()) {
            List<String> sizes = new ArrayList<>();
            b.sides().forEach(side -> sizes.add(Integer.toString(side.size())));
            out.printf(Locale.ROOT, "  %s = %d traces%n", String.join(" x ", sizes), b.traces());
        }
    }

    private static void crossText(PrintWriter out, CrossProducts.Result result) {
        out.printf(Locale.ROOT, "sum of cross-products along %s | rest: %d maximal subset%s that factor%s%n",
                java.util.Arrays.toString(result.part()), result.bicliques().size(), result.bicliques().size() == 1 ? "" : "s",
                result.complete() ? "" : " (stopped at " + CROSS_LIMIT + ")");
        for (CrossProducts.Biclique b : result.bicliques()) {
            out.printf(Locale.ROOT, "  %d head%s x %d tail%s = %d traces%n", b.heads().length, b.heads().length == 1 ? "" : "s",
                    b.tails().length, b.tails().length == 1 ? "" : "s", b.traces());
        }
    }

    private Partition partition(TraceSet set) {
        try {
            return FinestPartition.of(set);
        } catch (IllegalArgumentException e) {
            throw new UserError(input + ": " + e.getMessage() + (set.size() > 0 ? " (--sample N)" : ""));
        }
    }

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "for a PROGRAM: a parameter, e.g. N=8")
    List<String> params = new ArrayList<>();

    @Option(names = "--max-size", paramLabel = "S", description = "for a PROGRAM: keep only traces whose network has at most S ops")
    Integer maxSize;

    @Option(names = "--limit", paramLabel = "K", defaultValue = "1000000", description = "for a PROGRAM: keep at most K traces (default ${DEFAULT-VALUE})")
    int limit;

    private boolean fromProgram() {
        return input.toString().endsWith(".angel");
    }

    private TraceSet readProgram() throws IOException {
        Map<String, Integer> parameters = org.entangle.cli.oracle.ProblemOptions.parameters(params);
        Machine machine;
        try {
            Program program = Program.parse(Files.readString(input));
            java.util.Optional<org.entangle.oracle.TraceOracle> forest = parameters.isEmpty()
                    ? org.entangle.oracle.engine.TraceOracles.forest(program) : java.util.Optional.empty();
            if (sample > 0 && maxSize == null && forest.isPresent()) {
                return ProgramTraceSets.of(forest.get().sample(sample, seed, CancellationToken.withTimeout(600))).set();
            }
            machine = Machine.of(program, parameters);
        } catch (LangError e) {
            throw new UserError(input + ":" + e.getMessage());
        } catch (NoSuchFileException e) {
            throw new UserError(input + ": no such file");
        }
        ProgramTraceSets.Collected collected = ProgramTraceSets.collect(machine,
                net -> maxSize == null || Metrics.of(net).size() <= maxSize, limit, CancellationToken.withTimeout(600));
        if (collected.set().size() == 0) throw new UserError(input + ": no safe trace" + (maxSize == null ? "" : " with at most " + maxSize + " ops"));
        return sample > 0 ? collected.set().sample(sample, seed) : collected.set();
    }

    private TraceSet read() throws IOException {
        if (fromProgram()) return readProgram();
        String name = input.toString();
        try (Reader reader = Files.newBufferedReader(input)) {
            if (name.endsWith(".json")) {
                TraceSet set = TraceJson.read(reader, name);
                return sample > 0 ? set.sample(sample, seed) : set;
            }
            TraceCsv.Header mode = header ? TraceCsv.Header.PRESENT : TraceCsv.Header.AUTO;
            return TraceCsv.read(reader, name, new TraceCsv.Options(mode, FinestPartition.MAX_TRACES, sample, seed));
        } catch (TraceFormatException e) {
            throw new UserError(e.getMessage() + (e.getMessage().contains("sample") ? " (--sample N)" : ""));
        } catch (NoSuchFileException e) {
            throw new UserError(name + ": no such file");
        }
    }

    private void text(PrintWriter out, TraceSet traces, TraceSet analysed, Partition partition, Partition rawPartition,
                      PairwiseEntanglement graph, double seconds) {
        out.printf(Locale.ROOT, "%s: %d distinct traces (%d read), %d angels%s%n", input, traces.size(), traces.addedCount(),
                traces.angels(), view == View.function ? "; functional view: " + analysed.angels() + " computed ranges over "
                + analysed.size() + " distinct computations" : "");
        if (view == View.function) {
            out.printf(Locale.ROOT, "raw choices: %d block%s%n", rawPartition.blocks().size(), rawPartition.blocks().size() == 1 ? "" : "s");
            rawPartition.explain(traces, 0).forEach(line -> out.println("  " + line));
            out.print("functional view, ");
        }
        out.printf(Locale.ROOT, "finest valid partition: %d block%s (%.3f s)%n", partition.blocks().size(),
                partition.blocks().size() == 1 ? "" : "s", seconds);
        partition.explain(analysed, list).forEach(line -> out.println("  " + line));
        if (graph != null) {
            out.println(PairwiseEntanglement.LABEL + ":");
            out.println("  " + graph.graph().edgeSet().size() + " entangled pairs; components " + graph.components());
            if (dot != null) out.println("  DOT written to " + dot);
        }
    }

    private ObjectNode json(TraceSet analysed, Partition partition, Partition rawPartition, PairwiseEntanglement graph,
                            double seconds) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("traces", analysed.size());
        root.put("angels", analysed.angels());
        root.put("view", view.name());
        ArrayNode blocks = root.putArray("blocks");
        ArrayNode combinations = root.putArray("combinations");
        for (Block b : partition.blocks()) {
            ArrayNode block = blocks.addArray();
            if (fromProgram()) b.angels().forEach(a -> block.add(analysed.names().get(a)));
            else b.angels().forEach(block::add);
            combinations.add(b.combinations());
        }
        if (view == View.function) {
            ArrayNode raw = root.putArray("rawBlocks");
            for (Block b : rawPartition.blocks()) {
                ArrayNode block = raw.addArray();
                b.angels().forEach(block::add);
            }
        }
        ArrayNode names = root.putArray("names");
        analysed.names().forEach(names::add);
        root.put("seconds", seconds);
        if (graph != null) {
            ObjectNode p = root.putObject("pairwise");
            p.put("note", PairwiseEntanglement.LABEL);
            ArrayNode edges = p.putArray("edges");
            for (var e : graph.graph().edgeSet()) {
                int a = graph.graph().getEdgeSource(e);
                int b = graph.graph().getEdgeTarget(e);
                edges.addArray().add(Math.min(a, b)).add(Math.max(a, b)).add(graph.missingFraction()[a][b])
                        .add(graph.mutualInformation()[a][b]);
            }
            ArrayNode components = p.putArray("components");
            for (List<Integer> c : graph.components()) {
                ArrayNode component = components.addArray();
                c.forEach(component::add);
            }
        }
        return root;
    }
}
