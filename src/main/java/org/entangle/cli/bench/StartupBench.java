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
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.entangle.cli.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code entangle bench startup}: the start-up target of issue #6 — the window appears within 2 s of
 * {@code java -jar}. Runs a child JVM {@code java -jar JAR --exit-when-shown} under the current display (use
 * {@code xvfb-run} on a headless machine) with a fresh settings folder, so every run is a first start on the talk's
 * program; the child prints the milliseconds from its JVM's start to the shown window and exits. Needs no JavaFX in
 * this JVM.
 */
@Command(name = "startup", mixinStandardHelpOptions = true,
        description = "Time from JVM start to the shown window of java -jar (target: 2 s); run under xvfb-run when headless.")
public final class StartupBench implements Callable<Integer> {

    /** What the child prints before the milliseconds (the desktop app's DesktopOptions.SHOWN_AFTER). */
    static final String SHOWN_AFTER = "window shown after ms: ";
    /** The target, in ms. */
    static final long TARGET_MS = 2000;

    @Spec
    private CommandSpec spec;

    @Option(names = "--jar", defaultValue = "target/entangle.jar", description = "the jar to start (default: ${DEFAULT-VALUE})")
    private Path jar;

    @Option(names = "--runs", defaultValue = "5", description = "starts to time (default: ${DEFAULT-VALUE})")
    private int runs;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (!Files.isRegularFile(jar)) {
            throw new UserError(jar + ": no such jar; build it with 'mvn -q -B -DskipTests package'");
        }
        PrintWriter out = spec.commandLine().getOut();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        long[] millis = new long[runs];
        for (int i = 0; i < runs; i++) {
            Path home = Files.createTempDirectory("entangle-startup");
            millis[i] = startOnce(List.of(java, "-Dentangle.home=" + home, "-jar", jar.toString(), "--exit-when-shown"));
            out.printf(Locale.ROOT, "run %d: window shown %d ms after JVM start%n", i + 1, millis[i]);
            out.flush();
        }
        long[] sorted = millis.clone();
        Arrays.sort(sorted);
        long median = sorted[runs / 2];
        out.printf(Locale.ROOT, "startup (java -jar %s): median %d ms (min %d, max %d, %d runs); target %d ms: %s%n", jar, median,
                sorted[0], sorted[runs - 1], runs, TARGET_MS, median <= TARGET_MS ? "met" : "NOT met");
        return 0;
    }

    private static long startOnce(List<String> command) throws IOException, InterruptedException {
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> output = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                output.add(line);
                if (line.startsWith(SHOWN_AFTER)) {
                    if (!child.waitFor(30, TimeUnit.SECONDS)) child.destroy();
                    return Long.parseLong(line.substring(SHOWN_AFTER.length()).trim());
                }
            }
        }
        child.waitFor(30, TimeUnit.SECONDS);
        throw new UserError("the app exited without showing its window (no display? run under xvfb-run): "
                + String.join(" | ", output.subList(Math.max(0, output.size() - 3), output.size())));
    }
}
