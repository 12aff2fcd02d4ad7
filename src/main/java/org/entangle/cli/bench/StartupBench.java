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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.entangle.FileTrees;
import org.entangle.cli.UserError;
import org.entangle.launch.SharedArchiveLauncher;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code entangle bench startup}: the start-up target — the window appears within 2 s of
 * {@code java -jar}. Starts {@code java -jar JAR --exit-when-shown} under the current display (use {@code xvfb-run} on
 * a headless machine) and times it from this process: from launching the child to reading the line the app prints
 * once its window is shown (mapped, still blank), the one it prints once the window's first frame is in it (what the
 * target judges: the window has appeared), and the one it prints once the window is ready (the program editor
 * filled, the UI thread answering again; the app's {@code StartupReadiness}), with the longest gap between two frames
 * from the shown window to the ready one. The first run starts on a fresh settings folder (the talk's program, the
 * catalogue), maps the class archive the build left beside the jar ({@code ClassArchiveBuild}) or, without one,
 * records the jar's archive ({@code SharedArchiveLauncher}, in a fresh folder) and, closing as a user would, leaves
 * its settings and autosaved workspace; the later runs map the archive and restore those, as a user's second and
 * later starts do. {@code --no-relaunch} times the app in the first JVM, without the archive. {@code --panels} also
 * times the first opening of every other panel in each start (the app's {@code --time-panels}: the longest turn of
 * the UI thread from the tab's selection until the next panel's, against the target "no UI action blocks the UI thread
 * for more than 100 ms"); a first start that records the archive then records the panels' classes too, as a user's
 * first run that opened them would. With {@code --search-first MS} each start asks the angels as its window shows and
 * opens the panels from {@code MS} ms later, timing them while the search runs. Needs no JavaFX in this JVM.
 */
@Command(name = "startup", mixinStandardHelpOptions = true,
        description = "Time from java -jar to the shown window, to its first frame painted (target: 2 s) and to the"
                + " ready one (editor filled, UI thread answering); the first start maps the build's class"
                + " archive (or records one) and leaves settings and an autosave, the median is over the later starts,"
                + " which restore them. Run under xvfb-run when headless.")
public final class StartupBench implements Callable<Integer> {

    /** What the child prints before the milliseconds (the desktop app's DesktopOptions.SHOWN_AFTER). */
    static final String SHOWN_AFTER = "window shown after ms: ";
    /** What the child prints once the window's first frame is in it (the desktop app's DesktopOptions.PAINTED_AFTER). */
    static final String PAINTED_AFTER = "window painted after ms: ";
    /** What the child prints once the window is ready (the desktop app's DesktopOptions.READY_AFTER). */
    static final String READY_AFTER = "window ready after ms: ";
    /** What the child's ready line says before the longest gap between frames since the window showed. */
    static final String LONGEST_GAP = "longest gap between frames since shown: ";
    /** What the child prints before a panel's name and milliseconds (the desktop app's DesktopOptions.PANEL_OPENED). */
    static final String PANEL_OPENED = "panel opened: ";
    /** The target, in ms. */
    static final long TARGET_MS = 2000;
    /** The target for the longest UI-thread turn of a panel's first opening, in ms. */
    static final long PANEL_TARGET_MS = 100;

    /**
     * One timed start.
     *
     * @param shownMillis   from the launch to the "window shown" line (the window mapped, still blank)
     * @param paintedMillis from the launch to the "window painted" line (its first frame in it), or -1 when the start
     *                      printed none (an older jar)
     * @param readyMillis from the launch to the "window ready" line, or -1 when the start printed none ({@code --panels})
     * @param longestGap  the longest gap between two frames from the shown window to the ready one, in ms, or -1
     * @param panels      each panel's first opening: its longest UI-thread turn, in ms, in the order opened (empty
     *                    without {@code --panels})
     */
    record Start(long shownMillis, long paintedMillis, long readyMillis, long longestGap, Map<String, Long> panels) {

        /** When the window appeared, as the target judges it: its first frame painted, else (an older jar) shown. */
        long appearedMillis() {
            return paintedMillis >= 0 ? paintedMillis : shownMillis;
        }
    }

    @Spec
    private CommandSpec spec;

    @Option(names = "--jar", defaultValue = "target/entangle.jar", description = "the jar to start (default: ${DEFAULT-VALUE})")
    private Path jar;

    @Option(names = "--runs", defaultValue = "5", description = "starts to time after the first (default: ${DEFAULT-VALUE})")
    private int runs;

    @Option(names = "--no-relaunch", description = "run the app in the first JVM, without the class archive")
    private boolean noRelaunch;

    @Option(names = "--panels", description = "also time the first opening of every other panel in each start: its longest UI-thread turn (target 100 ms)")
    private boolean panels;

    @Option(names = "--search-first", paramLabel = "MS", description = "with --panels: ask the angels as the window shows"
            + " (the talk's N = 16 program) and open the panels from MS ms later, while the search runs")
    private Long searchFirst;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (!Files.isRegularFile(jar)) {
            throw new UserError(jar + ": no such jar; build it with 'mvn -q -B -DskipTests package'");
        }
        if (runs < 1) throw new UserError("--runs must be at least 1");
        if (searchFirst != null && (!panels || searchFirst < 0)) {
            throw new UserError("--search-first needs --panels and a number of milliseconds ≥ 0");
        }
        PrintWriter out = spec.commandLine().getOut();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path scratch = Files.createTempDirectory("entangle-startup");
        try {
            Path archives = scratch.resolve("cds");
            Path home = scratch.resolve("home");
            Start first = startOnce(command(java, archives, home));
            out.printf(Locale.ROOT, "first start (%s): window shown %d ms after launch%s%s%s; target %d ms: %s%n", firstStartKind(),
                    first.shownMillis(), describePainted(first), describeReady(first), describe(first.panels()), TARGET_MS,
                    first.appearedMillis() <= TARGET_MS ? "met" : "NOT met");
            long[] millis = new long[runs];
            long[] painted = new long[runs];
            long[] ready = new long[runs];
            long[] gaps = new long[runs];
            Map<String, List<Long>> openings = new LinkedHashMap<>();
            for (int i = 0; i < runs; i++) {
                Start start = startOnce(command(java, archives, home));
                millis[i] = start.shownMillis();
                painted[i] = start.paintedMillis();
                ready[i] = start.readyMillis();
                gaps[i] = start.longestGap();
                start.panels().forEach((name, ms) -> openings.computeIfAbsent(name, k -> new ArrayList<>()).add(ms));
                out.printf(Locale.ROOT, "run %d: window shown %d ms after launch%s%s%s%n", i + 1, millis[i], describePainted(start),
                        describeReady(start), describe(start.panels()));
                out.flush();
            }
            openings.forEach((name, list) -> {
                long[] sortedMs = list.stream().mapToLong(Long::longValue).sorted().toArray();
                long panelMedian = sortedMs[sortedMs.length / 2];
                out.printf(Locale.ROOT, "panel %s, first opening's longest UI-thread turn: median %d ms (min %d, max %d); target %d ms: %s%n", name,
                        panelMedian, sortedMs[0], sortedMs[sortedMs.length - 1], PANEL_TARGET_MS,
                        panelMedian <= PANEL_TARGET_MS ? "met" : "NOT met");
            });
            Arrays.sort(millis);
            String shown = String.format(Locale.ROOT, "median %d ms (min %d, max %d, %d runs after the first)", millis[runs / 2],
                    millis[0], millis[runs - 1], runs);
            long appeared = millis[runs / 2];
            if (Arrays.stream(painted).allMatch(p -> p >= 0)) {
                Arrays.sort(painted);
                appeared = painted[runs / 2];
                out.printf(Locale.ROOT, "window shown (mapped, still blank): %s%n", shown);
                shown = String.format(Locale.ROOT, "first frame painted: median %d ms (min %d, max %d)", appeared, painted[0],
                        painted[runs - 1]);
            }
            out.printf(Locale.ROOT, "startup (java -jar %s%s): %s; target %d ms: %s%n", jar, noRelaunch ? ", no relaunch" : "",
                    shown, TARGET_MS, appeared <= TARGET_MS ? "met" : "NOT met");
            if (Arrays.stream(ready).allMatch(r -> r >= 0)) {
                Arrays.sort(ready);
                Arrays.sort(gaps);
                out.printf(Locale.ROOT, "ready (program editor filled, UI thread answering): median %d ms"
                        + " (min %d, max %d); longest gap between frames after the window showed: median %d ms (max %d)%n",
                        ready[runs / 2], ready[0], ready[runs - 1], gaps[runs / 2], gaps[runs - 1]);
            }
            return 0;
        } finally {
            FileTrees.delete(scratch);
        }
    }

    /** A start with the bench's own settings folder ({@code home}) and archive folder, so nothing of the user's is touched. */
    private List<String> command(String java, Path archives, Path home) {
        List<String> command = new ArrayList<>(List.of(java, "-Dentangle.home=" + home, "-Dentangle.cds.dir=" + archives));
        if (noRelaunch) command.add("-Dentangle.relaunch=false");
        command.addAll(List.of("-jar", jar.toString(), panels ? "--time-panels" : "--exit-when-shown"));
        if (searchFirst != null) command.addAll(List.of("--search-first", searchFirst.toString()));
        return command;
    }

    /** How the first start gets its classes: in the first JVM, from the build's archive beside the jar, or recording one. */
    private String firstStartKind() throws IOException {
        if (noRelaunch) return "no relaunch";
        Path absolute = jar.toAbsolutePath();
        boolean built = Files.isRegularFile(SharedArchiveLauncher.builtArchive(absolute));
        return built ? "maps the build's class archive" : "records the class archive";
    }

    /** ", first frame painted 1900 ms", or nothing when the start printed no painted line. */
    private static String describePainted(Start start) {
        return start.paintedMillis() < 0 ? "" : String.format(Locale.ROOT, ", first frame painted %d ms", start.paintedMillis());
    }

    /** ", ready 2100 ms (longest gap between frames 170 ms)", or nothing when the start printed no ready line. */
    private static String describeReady(Start start) {
        if (start.readyMillis() < 0) return "";
        return String.format(Locale.ROOT, ", ready %d ms (longest gap between frames %d ms)", start.readyMillis(), start.longestGap());
    }

    /** "; panels: gallery 183 ms, network 150 ms", or nothing without panels. */
    private static String describe(Map<String, Long> openings) {
        if (openings.isEmpty()) return "";
        StringJoiner each = new StringJoiner(", ", "; panels: ", "");
        openings.forEach((name, ms) -> each.add(name + " " + ms + " ms"));
        return each.toString();
    }

    /**
     * Times one start from launching the command to its "window shown", "window painted" and "window ready" lines,
     * reads the longest gap between frames and the panels' first openings it prints, and waits for the process to end.
     */
    static Start startOnce(List<String> command) throws IOException, InterruptedException {
        long launched = System.nanoTime();
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> output = new ArrayList<>();
        Map<String, Long> openings = new LinkedHashMap<>();
        long shown = -1;
        long painted = -1;
        long ready = -1;
        long longestGap = -1;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (shown < 0 && line.startsWith(SHOWN_AFTER)) shown = (System.nanoTime() - launched) / 1_000_000;
                else if (painted < 0 && line.startsWith(PAINTED_AFTER)) painted = (System.nanoTime() - launched) / 1_000_000;
                else if (ready < 0 && line.startsWith(READY_AFTER)) {
                    ready = (System.nanoTime() - launched) / 1_000_000;
                    int gap = line.indexOf(LONGEST_GAP);
                    if (gap >= 0) longestGap = Long.parseLong(line.substring(gap + LONGEST_GAP.length()).split(" ")[0]);
                } else if (line.startsWith(PANEL_OPENED)) {
                    String[] words = line.substring(PANEL_OPENED.length()).split(" ");
                    openings.put(words[0], Long.parseLong(words[1]));
                } else output.add(line);
            }
        }
        if (!child.waitFor(60, TimeUnit.SECONDS)) child.destroy();
        if (shown >= 0) return new Start(shown, painted, ready, longestGap, openings);
        throw new UserError("the app exited without showing its window (no display? run under xvfb-run): "
                + String.join(" | ", output.subList(Math.max(0, output.size() - 3), output.size())));
    }
}
