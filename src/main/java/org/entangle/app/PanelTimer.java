package org.entangle.app;

import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.util.Duration;

/**
 * Opens the workbench's panels one after another, as a user clicking through the tabs would, and prints for each
 * first opening the longest turn of the UI thread (issue #6: no UI action blocks the UI thread for more than 100 ms)
 * from just before the tab's selection until the next panel's: the selection, which builds the panel
 * ({@link LazyPanel}), the pulse that lays it out, the parts it builds in later turns ({@link Staged}) and the results
 * of the jobs it started, measured by a {@link UiWatchdog} probing every 2 ms. The line also gives the time from the
 * selection to the end of the layout of the pulse that first shows the panel, and the time its construction took.
 * A second apart, so the jobs a panel starts can finish first. Last it reports a {@link Problem}, as a failed job
 * would, times the first showing of the {@link ProblemNotice} the same way (named {@value #PROBLEM_NOTICE}) and
 * dismisses it. What {@code --time-panels} runs in the real app (its own JVM and class archive), and
 * {@code entangle bench startup --panels} reads.
 */
final class PanelTimer {

    /** The pause before each opening in the app. */
    static final Duration PAUSE = Duration.seconds(1);

    /** The name the problem notice's line gives it. */
    static final String PROBLEM_NOTICE = "problem-notice";

    /** How often the watchdog probes the UI thread, in ms. */
    private static final long PROBE_MILLIS = 2;

    private final MainWindow window;
    private final Duration pause;
    private final Scene scene;
    private final PrintStream out;
    private final Runnable done;
    private final Deque<String> panels;
    private UiWatchdog watchdog;
    private String opened;
    private long shownMillis;
    private long builtMillis;

    private PanelTimer(MainWindow window, Scene scene, List<String> panels, Duration pause, PrintStream out, Runnable done) {
        this.window = window;
        this.pause = pause;
        this.scene = scene;
        this.out = out;
        this.done = done;
        this.panels = new ArrayDeque<>(panels);
    }

    /**
     * Opens every panel of {@code window} but the one shown, {@code pause} apart, printing one line each, then shows
     * and times the problem notice (one more line), dismisses it and runs {@code done}.
     */
    static void timeEveryPanel(MainWindow window, Scene scene, Duration pause, PrintStream out, Runnable done) {
        List<String> others = window.panelNames().stream().filter(name -> !name.equals(window.shownPanel())).toList();
        new PanelTimer(window, scene, others, pause, out, done).next();
    }

    /** Waits 90 % of the pause, reports the panel opened before, and starts the watchdog for the next opening. */
    private void next() {
        PauseTransition wait = new PauseTransition(pause.multiply(0.9));
        wait.setOnFinished(e -> {
            report();
            if (PROBLEM_NOTICE.equals(opened)) {
                window.model().problemProperty().set(null);
                done.run();
                return;
            }
            opened = null;
            watchdog = new UiWatchdog(Long.MAX_VALUE, 0, PROBE_MILLIS, stall -> { });
            PauseTransition lead = new PauseTransition(pause.multiply(0.1));
            String name = panels.isEmpty() ? PROBLEM_NOTICE : panels.poll();
            lead.setOnFinished(l -> open(name));
            lead.play();
        });
        wait.play();
    }

    private void open(String name) {
        long start = System.nanoTime();
        if (name.equals(PROBLEM_NOTICE)) {
            window.model().report("Timing the problem notice",
                    new IllegalStateException("nothing failed: --time-panels shows this notice to time it"));
        } else {
            window.select(name);
        }
        long built = System.nanoTime();
        Runnable[] afterLayout = new Runnable[1];
        afterLayout[0] = () -> {
            scene.removePostLayoutPulseListener(afterLayout[0]);
            opened = name;
            shownMillis = (System.nanoTime() - start) / 1_000_000;
            builtMillis = (built - start) / 1_000_000;
            next();
        };
        scene.addPostLayoutPulseListener(afterLayout[0]);
        Platform.requestNextPulse();
    }

    private void report() {
        if (opened == null) return;
        watchdog.close();
        out.printf(Locale.ROOT, "%s%s %d ms (longest UI-thread turn; shown after %d ms, built in %d ms)%n",
                DesktopOptions.PANEL_OPENED, opened, watchdog.worstMillis(), shownMillis, builtMillis);
        out.flush();
    }
}
