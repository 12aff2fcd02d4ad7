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
 * Opens the workbench's panels one after another, as a user clicking through the tabs would, and prints how long the
 * UI thread was busy with each first opening (issue #6: no UI action blocks the UI thread for more than 100 ms): from
 * selecting the tab, which builds the panel ({@link LazyPanel}), to the end of the layout of the pulse that first
 * shows it, so the panel's construction, CSS and layout and anything else the UI thread ran meanwhile. A second apart,
 * so the jobs a panel starts can finish first. What {@code --time-panels} runs in the real app (its own JVM and class
 * archive), and {@code entangle bench startup --panels} reads.
 */
final class PanelTimer {

    /** The pause before each opening in the app. */
    static final Duration PAUSE = Duration.seconds(1);

    private final MainWindow window;
    private final Duration pause;
    private final Scene scene;
    private final PrintStream out;
    private final Runnable done;
    private final Deque<String> panels;

    private PanelTimer(MainWindow window, Scene scene, List<String> panels, Duration pause, PrintStream out, Runnable done) {
        this.window = window;
        this.pause = pause;
        this.scene = scene;
        this.out = out;
        this.done = done;
        this.panels = new ArrayDeque<>(panels);
    }

    /**
     * Opens every panel of {@code window} but the one shown, {@code pause} apart, printing one line each, then runs
     * {@code done}.
     */
    static void timeEveryPanel(MainWindow window, Scene scene, Duration pause, PrintStream out, Runnable done) {
        List<String> others = window.panelNames().stream().filter(name -> !name.equals(window.shownPanel())).toList();
        new PanelTimer(window, scene, others, pause, out, done).next();
    }

    private void next() {
        if (panels.isEmpty()) {
            done.run();
            return;
        }
        PauseTransition wait = new PauseTransition(pause);
        wait.setOnFinished(e -> open(panels.poll()));
        wait.play();
    }

    private void open(String name) {
        long start = System.nanoTime();
        window.select(name);
        long built = System.nanoTime();
        Runnable[] afterLayout = new Runnable[1];
        afterLayout[0] = () -> {
            scene.removePostLayoutPulseListener(afterLayout[0]);
            out.printf(Locale.ROOT, "%s%s %d ms (built in %d ms)%n", DesktopOptions.PANEL_OPENED, name,
                    (System.nanoTime() - start) / 1_000_000, (built - start) / 1_000_000);
            out.flush();
            next();
        };
        scene.addPostLayoutPulseListener(afterLayout[0]);
        Platform.requestNextPulse();
    }
}
