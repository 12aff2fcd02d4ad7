package org.entangle.cli.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.entangle.cli.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code entangle bench startup}: the start-up target of issue #6 — the window appears within 2 s of
 * {@code java -jar}. Starts {@code java -jar JAR --exit-when-shown} under the current display (use {@code xvfb-run} on
 * a headless machine) and times it from this process: from launching the child to reading the line the app prints
 * once its window is shown. The first run starts on a fresh settings folder (the talk's program, the catalogue),
 * records the jar's class archive ({@code SharedArchiveLauncher}, in a fresh folder) and, closing as a user would,
 * leaves its settings and autosaved workspace; the later runs map the archive and restore those, as a user's second
 * and later starts do. {@code --no-relaunch} times the app in the first JVM, without the archive. Needs no JavaFX in
 * this JVM.
 */
@Command(name = "startup", mixinStandardHelpOptions = true,
        description = "Time from java -jar to the shown window (target: 2 s); the first start records the class archive"
                + " and leaves settings and an autosave, the median is over the later starts, which restore them."
                + " Run under xvfb-run when headless.")
public final class StartupBench implements Callable<Integer> {

    /** What the child prints before the milliseconds (the desktop app's DesktopOptions.SHOWN_AFTER). */
    static final String SHOWN_AFTER = "window shown after ms: ";
    /** The target, in ms. */
    static final long TARGET_MS = 2000;

    @Spec
    private CommandSpec spec;

    @Option(names = "--jar", defaultValue = "target/entangle.jar", description = "the jar to start (default: ${DEFAULT-VALUE})")
    private Path jar;

    @Option(names = "--runs", defaultValue = "5", description = "starts to time after the first (default: ${DEFAULT-VALUE})")
    private int runs;

    @Option(names = "--no-relaunch", description = "run the app in the first JVM, without the class archive")
    private boolean noRelaunch;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (!Files.isRegularFile(jar)) {
            throw new UserError(jar + ": no such jar; build it with 'mvn -q -B -DskipTests package'");
        }
        if (runs < 1) throw new UserError("--runs must be at least 1");
        PrintWriter out = spec.commandLine().getOut();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path scratch = Files.createTempDirectory("entangle-startup");
        try {
            Path archives = scratch.resolve("cds");
            Path home = scratch.resolve("home");
            long first = startOnce(command(java, archives, home));
            out.printf(Locale.ROOT, "first start%s: window shown %d ms after launch%n",
                    noRelaunch ? " (no relaunch)" : " (records the class archive)", first);
            long[] millis = new long[runs];
            for (int i = 0; i < runs; i++) {
                millis[i] = startOnce(command(java, archives, home));
                out.printf(Locale.ROOT, "run %d: window shown %d ms after launch%n", i + 1, millis[i]);
                out.flush();
            }
            long[] sorted = millis.clone();
            Arrays.sort(sorted);
            long median = sorted[runs / 2];
            out.printf(Locale.ROOT, "startup (java -jar %s%s): median %d ms (min %d, max %d, %d runs after the first); target %d ms: %s%n",
                    jar, noRelaunch ? ", no relaunch" : "", median, sorted[0], sorted[runs - 1], runs, TARGET_MS,
                    median <= TARGET_MS ? "met" : "NOT met");
            return 0;
        } finally {
            deleteTree(scratch);
        }
    }

    /** A start with the bench's own settings folder ({@code home}) and archive folder, so nothing of the user's is touched. */
    private List<String> command(String java, Path archives, Path home) {
        List<String> command = new ArrayList<>(List.of(java, "-Dentangle.home=" + home, "-Dentangle.cds.dir=" + archives));
        if (noRelaunch) command.add("-Dentangle.relaunch=false");
        command.addAll(List.of("-jar", jar.toString(), "--exit-when-shown"));
        return command;
    }

    /** Removes the bench's scratch folder (the recorded archive is some 30 MB). */
    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    /** Milliseconds from launching the command to its "window shown" line; waits for the process to end. */
    private static long startOnce(List<String> command) throws IOException, InterruptedException {
        long launched = System.nanoTime();
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> output = new ArrayList<>();
        long shown = -1;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (shown < 0 && line.startsWith(SHOWN_AFTER)) shown = (System.nanoTime() - launched) / 1_000_000;
                else output.add(line);
            }
        }
        if (!child.waitFor(60, TimeUnit.SECONDS)) child.destroy();
        if (shown >= 0) return shown;
        throw new UserError("the app exited without showing its window (no display? run under xvfb-run): "
                + String.join(" | ", output.subList(Math.max(0, output.size() - 3), output.size())));
    }
}
