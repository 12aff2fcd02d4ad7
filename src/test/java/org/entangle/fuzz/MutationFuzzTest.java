package org.entangle.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.entangle.entanglement.TraceCsv;
import org.entangle.entanglement.TraceFormatException;
import org.entangle.entanglement.TraceJson;
import org.entangle.entanglement.TraceSet;
import org.entangle.files.Workspace;
import org.entangle.files.WorkspaceFiles;
import org.entangle.generalize.ProgramInstances;
import org.entangle.generalize.synth.SketchError;
import org.entangle.generalize.synth.Synthesizer;
import org.entangle.generalize.variants.ProgramVariants.Variant;
import org.entangle.generalize.variants.ProgramVariants;
import org.entangle.lang.LangError;
import org.entangle.lang.Machine;
import org.entangle.lang.Printer;
import org.entangle.lang.Program;
import org.entangle.lang.RunLimits;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.entangle.network.io.NetworkFormatException;
import org.entangle.network.io.NetworkJsonReader;
import org.entangle.network.io.NetworkTextFormat;
import org.entangle.oracle.TraceCounter;
import org.entangle.work.CancellationToken;
import org.entangle.work.SearchCancelled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fixed-seed mutation fuzzer over every text the product reads: network files (JSON and text), trace sets (CSV
 * and JSON), programs, sketches and workspaces, mutated from the shipped files in networks/ and the test data
 * ({@link Mutator}). Every case must end in a result or in one of the project's own errors with a located message
 * (line and column for networks and programs); any other throwable, or a case that outlives its time limit, is a
 * failure reported with its input. Programs run once at N = 4 and through the oracle within small
 * {@link RunLimits}, their printed form must parse back to the same text, and every variant derived from them must
 * parse (or say why it does not apply).
 */
class MutationFuzzTest {

    /** The fixed seed; {@code -Dentangle.fuzz.seed=S} replays another run. */
    private static final long SEED = Long.getLong("entangle.fuzz.seed", 20_261_202L);
    private static final Path NETWORKS = Path.of(System.getProperty("networks.dir", "networks"));
    private static final Path DATA = Path.of("src/test/resources");
    private static final RunLimits LIMITS = new RunLimits(1 << 12, 20_000, 20_000);
    private static final long CASE_SECONDS = 5;
    private static final Pattern LOCATED = Pattern.compile("^[^:]*:\\d+:\\d+: \\S.*", Pattern.DOTALL);
    private static final Pattern LINE_COLUMN = Pattern.compile("^\\d+:\\d+: \\S.*", Pattern.DOTALL);

    /** One kind of input: its corpus, how many mutated cases, and what reading one means. */
    private record Kind(String name, List<String> corpus, int cases, Reading reading) {
    }

    @FunctionalInterface
    private interface Reading {
        /** Reads one input; returns what it gave, or throws one of the accepted errors. */
        String read(String input) throws Exception;
    }

    @Test
    void everyMutatedInputEndsInAResultOrALocatedMessage(@TempDir Path dir) throws Exception {
        List<Kind> kinds = kinds(dir);
        Mutator mutator = new Mutator(new Random(SEED));
        Random pick = new Random(SEED + 1);
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(null, r, "fuzz-case", 256L << 20);
            t.setDaemon(true);
            return t;
        });
        List<String> failures = new ArrayList<>();
        Map<String, int[]> tally = new LinkedHashMap<>();
        int total = 0;
        try {
            for (Kind kind : kinds) {
                int[] counts = tally.computeIfAbsent(kind.name(), k -> new int[2]);
                for (int i = 0; i < kind.cases(); i++) {
                    String input = mutator.mutate(kind.corpus().get(pick.nextInt(kind.corpus().size())));
                    total++;
                    Future<String> outcome = executor.submit(() -> kind.reading().read(input));
                    try {
                        counts[outcome.get(CASE_SECONDS, TimeUnit.SECONDS).equals("result") ? 0 : 1]++;
                    } catch (TimeoutException e) {
                        outcome.cancel(true);
                        failures.add(kind.name() + " case " + i + " ran past " + CASE_SECONDS + " s on: " + shown(input));
                    } catch (ExecutionException e) {
                        failures.add(kind.name() + " case " + i + ": " + e.getCause() + " at " + where(e.getCause()) + " on: " + shown(input));
                    }
                }
            }
        } finally {
            executor.shutdownNow();
        }
        StringBuilder summary = new StringBuilder("MutationFuzzTest seed " + SEED + ", " + total + " cases:");
        tally.forEach((name, c) -> summary.append(' ').append(name).append(' ').append(c[0]).append(" results/").append(c[1]).append(" errors;"));
        System.out.println(summary);
        assertTrue(failures.isEmpty(), failures.size() + " failing cases, first: " + String.join("\n", failures.subList(0, Math.min(5, failures.size()))));
        assertTrue(total >= 3000, "cases: " + total);
    }

    /** The first frames of a throwable's stack, to find the code that threw. */
    private static String where(Throwable t) {
        StackTraceElement[] stack = t.getStackTrace();
        List<String> frames = new ArrayList<>();
        for (int i = 0; i < Math.min(4, stack.length); i++) frames.add(stack[i].toString());
        return String.join(" < ", frames);
    }

    private static String shown(String input) {
        String s = input.length() > 400 ? input.substring(0, 400) + "…" : input;
        return s.replace("\n", "\\n");
    }

    private static List<Kind> kinds(Path dir) throws IOException {
        List<String> json = files(NETWORKS, ".json", "");
        List<String> text = new ArrayList<>();
        for (String j : json) text.add(NetworkTextFormat.write(NetworkJsonReader.read("corpus", j)));
        List<String> csv = files(DATA.resolve("onward15-traces"), ".csv", "");
        List<String> traceJson = new ArrayList<>();
        for (String c : csv) {
            if (c.length() > 2000) continue;
            StringWriter out = new StringWriter();
            TraceJson.write(TraceCsv.read(new StringReader(c), "corpus", TraceCsv.Header.AUTO), out);
            traceJson.add(out.toString());
        }
        List<String> programs = new ArrayList<>(files(NETWORKS, ".angel", "sketch-"));
        programs.addAll(files(DATA.resolve("lang/errors"), ".angel", ""));
        programs.addAll(files(DATA.resolve("cuda/programs"), ".angel", ""));
        List<String> sketches = files(NETWORKS, ".angel", "").stream().filter(s -> s.contains("??")).toList();
        Path saved = dir.resolve("corpus.entangle.json");
        WorkspaceFiles.write(new Workspace(Workspace.VERSION, List.of(json.get(0), json.get(1)), 0, 1, "notes",
                Files.readString(NETWORKS.resolve("brent-kung.angel"))), saved);
        Path workspace = dir.resolve("case.entangle.json");
        Network example = Families.build("brent-kung", 8);
        return List.of(
                new Kind("network-json", json, 600, in -> network(() -> NetworkJsonReader.read("fuzz.json", in))),
                new Kind("network-text", text, 500, in -> network(() -> NetworkTextFormat.read("fuzz.txt", in))),
                new Kind("trace-csv", csv, 400, in -> traces(() -> TraceCsv.read(new StringReader(in), "fuzz.csv", TraceCsv.Header.AUTO))),
                new Kind("trace-json", traceJson, 300, in -> traces(() -> TraceJson.read(new StringReader(in), "fuzz.json"))),
                new Kind("program", programs, 900, MutationFuzzTest::program),
                new Kind("sketch", sketches, 200, in -> sketch(in, example)),
                new Kind("workspace", List.of(Files.readString(saved)), 300, in -> workspace(in, workspace)));
    }

    private static List<String> files(Path folder, String suffix, String skippedPrefix) throws IOException {
        try (Stream<Path> list = Files.list(folder)) {
            List<String> out = new ArrayList<>();
            for (Path p : list.sorted().toList()) {
                String name = p.getFileName().toString();
                if (name.endsWith(suffix) && (skippedPrefix.isEmpty() || !name.startsWith(skippedPrefix))) out.add(Files.readString(p));
            }
            return out;
        }
    }

    @FunctionalInterface
    private interface Read<T> {
        T read() throws IOException;
    }

    private static String network(Read<Network> read) throws IOException {
        try {
            read.read();
            return "result";
        } catch (NetworkFormatException e) {
            return located(e.getMessage(), e);
        }
    }

    private static String traces(Read<TraceSet> read) throws IOException {
        try {
            read.read();
            return "result";
        } catch (TraceFormatException e) {
            return message(e.getMessage(), e);
        }
    }

    /** Parses, prints and re-parses a program, then counts its safe traces at N = 4 within {@link #LIMITS}. */
    private static String program(String input) {
        Program program;
        try {
            program = Program.parse(input);
        } catch (LangError e) {
            return located(e);
        }
        String printed = Printer.print(program);
        assertEquals(printed, Printer.print(Program.parse(printed)), "printing is a fixed point");
        for (Variant variant : Variant.values()) {
            try {
                Program.parse(ProgramVariants.derive(program, variant));
            } catch (IllegalArgumentException doesNotApply) {
                message(doesNotApply.getMessage(), doesNotApply);
            }
        }
        if (!program.hasAngels()) {
            try {
                ProgramInstances.at(program, 4, CancellationToken.withTimeout(0.5));
            } catch (LangError e) {
                located(e);
            } catch (ProgramInstances.NoNetwork | SearchCancelled e) {
                message(e.getMessage(), e);
            }
        }
        try {
            Map<String, Integer> n = program.slotOf("N") >= 0 ? Map.of("N", 4) : Map.of();
            new TraceCounter(Machine.of(program, n, LIMITS), CancellationToken.withTimeout(0.5)).countAll();
            return "result";
        } catch (LangError e) {
            return located(e);
        } catch (SearchCancelled e) {
            return "result";
        }
    }

    private static String sketch(String input, Network example) {
        long deadline = System.nanoTime() + 500_000_000L;
        try {
            new Synthesizer(input, example, new Synthesizer.Options(List.of(2, 4, 8), false, 2, 10_000)).run(new Synthesizer.Listener() {
                @Override
                public void progress(Synthesizer.Progress p) {
                }

                @Override
                public boolean isCancelled() {
                    return System.nanoTime() > deadline;
                }
            });
            return "result";
        } catch (LangError e) {
            return located(e);
        } catch (SketchError e) {
            return message(e.getMessage(), e);
        }
    }

    /** Opens a workspace file and reads what it holds (its networks and its program) as the workbench would. */
    private static String workspace(String input, Path file) throws IOException {
        Files.writeString(file, input);
        Workspace w;
        try {
            w = WorkspaceFiles.read(file);
        } catch (IOException e) {
            return message(e.getMessage(), e);
        }
        for (String n : w.networks()) {
            String read = network(() -> NetworkJsonReader.read("workspace network", n));
            if (!read.equals("result")) return read;
        }
        return w.program() == null ? "result" : program(w.program());
    }

    /** A program error must name a real line and column (1-based) and say what is wrong on one line. */
    private static String located(LangError e) {
        if (e.line() < 1 || e.column() < 1 || !LINE_COLUMN.matcher(e.getMessage()).matches() || e.getMessage().contains("\n")) {
            throw new AssertionError("not located: " + e.getMessage(), e);
        }
        return "error";
    }

    private static String located(String message, RuntimeException e) {
        if (message == null || !LOCATED.matcher(message).matches() || message.contains("\n")) throw new AssertionError("not located: " + message, e);
        return "error";
    }

    private static String message(String message, Exception e) {
        if (message == null || message.isBlank() || message.contains("\n")) throw new AssertionError("not one line: " + message, e);
        return "error";
    }
}
