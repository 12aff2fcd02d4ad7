package org.entangle.cli.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.entangle.FileTrees;
import org.entangle.cli.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code entangle bench actions}: starts the desktop app with {@code --time-actions} (a child JVM, as
 * {@code java -jar} starts it, under a display; {@code xvfb-run} on a headless machine) several times, each on a fresh
 * settings folder, and reports each action's longest UI-thread turn over the starts: the themes, Verify, Synthesize,
 * the first menus, classroom mode, the export dialog, asking the angels and the panels with its results (the app's
 * {@code ActionTimer}), against the target "no UI action blocks the UI thread for more than 100 ms". Needs no JavaFX in
 * this JVM.
 */
@Command(name = "actions", mixinStandardHelpOptions = true,
        description = "Time the workbench's main actions in the real app (java -jar --time-actions): each action's longest"
                + " UI-thread turn, median over the starts (target 100 ms). Run under xvfb-run when headless.")
public final class ActionsBench implements Callable<Integer> {

    /** What the child prints before an action's name and milliseconds (the desktop app's DesktopOptions.ACTION_TIMED). */
    static final String ACTION_TIMED = "action timed: ";
    /** The target for an action's longest UI-thread turn, in ms. */
    static final long TARGET_MS = 100;

    private static final Pattern ACTION_LINE = Pattern.compile(Pattern.quote(ACTION_TIMED) + "(.+) (\\d+) ms \\((.*)\\)");

    @Spec
    private CommandSpec spec;

    @Option(names = "--jar", defaultValue = "target/entangle.jar", description = "the jar to start (default: ${DEFAULT-VALUE})")
    private Path jar;

    @Option(names = "--runs", defaultValue = "3", description = "starts to time (default: ${DEFAULT-VALUE})")
    private int runs;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (!Files.isRegularFile(jar)) {
            throw new UserError(jar + ": no such jar; build it with 'mvn -q -B -DskipTests package'");
        }
        if (runs < 1) throw new UserError("--runs must be at least 1");
        PrintWriter out = spec.commandLine().getOut();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Map<String, List<Long>> turns = new LinkedHashMap<>();
        for (int i = 0; i < runs; i++) {
            Path home = Files.createTempDirectory("entangle-actions");
            try {
                Map<String, Long> run = timeOnce(List.of(java, "-Dentangle.home=" + home, "-jar", jar.toString(), "--time-actions"));
                out.printf(Locale.ROOT, "run %d: %s%n", i + 1, run);
                out.flush();
                run.forEach((name, ms) -> turns.computeIfAbsent(name, k -> new ArrayList<>()).add(ms));
            } finally {
                FileTrees.delete(home);
            }
        }
        long worstMedian = 0;
        for (Map.Entry<String, List<Long>> action : turns.entrySet()) {
            long[] sorted = action.getValue().stream().mapToLong(Long::longValue).sorted().toArray();
            long median = sorted[sorted.length / 2];
            worstMedian = Math.max(worstMedian, median);
            out.printf(Locale.ROOT, "%-38s median %4d ms (min %d, max %d)%s%n", action.getKey(), median, sorted[0],
                    sorted[sorted.length - 1], median <= TARGET_MS ? "" : "  over " + TARGET_MS + " ms");
        }
        out.printf(Locale.ROOT, "worst median of %d actions over %d runs: %d ms; target %d ms: %s%n", turns.size(), runs,
                worstMedian, TARGET_MS, worstMedian <= TARGET_MS ? "met" : "NOT met");
        return 0;
    }

    /**
     * Runs the command and reads each action's longest UI-thread turn from what it prints; an action its work did not
     * finish ("NOT DONE") or a start that timed no action is an error.
     */
    static Map<String, Long> timeOnce(List<String> command) throws IOException, InterruptedException {
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        Map<String, Long> actions = new LinkedHashMap<>();
        List<String> other = new ArrayList<>();
        String unfinished = null;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                Matcher m = ACTION_LINE.matcher(line);
                if (!m.matches()) {
                    other.add(line);
                    continue;
                }
                if (unfinished == null && m.group(3).contains("NOT DONE")) unfinished = "the action '" + m.group(1) + "' did not finish: " + line;
                actions.put(m.group(1), Long.parseLong(m.group(2)));
            }
        }
        if (!child.waitFor(60, TimeUnit.SECONDS)) child.destroy();
        if (unfinished != null) throw new UserError(unfinished);
        if (!actions.isEmpty()) return actions;
        throw new UserError("the app timed no action (no display? run under xvfb-run): "
                + String.join(" | ", other.subList(Math.max(0, other.size() - 3), other.size())));
    }
}
