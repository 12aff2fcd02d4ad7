package org.entangle.app;

import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.entangle.app.code.PaintedFrame;
import org.entangle.app.program.ProgramTemplates;
import org.entangle.app.settings.Settings;
import org.entangle.app.settings.SettingsStore;
import org.entangle.app.task.FxTaskRunner;
import org.entangle.app.task.TrackingTaskRunner;
import org.entangle.launch.ProcessClock;

/**
 * The desktop application: the {@link MainWindow} on a ready example (the workspace given with
 * {@code --workspace}, else the autosaved one, else the catalogue of families at n = 16), window geometry, theme
 * and recent files remembered through {@link SettingsStore}. {@code --screenshot FILE [--panel NAME]} shows the
 * panel (after its main action: entanglement runs on the angels' traces of Scan6, generalise verifies the talk's program against Sklansky, gpu benchmarks when a device is found, export opens the export dialog, classroom takes three steps and asks the class), saves a PNG of the window and exits.
 */
public final class EntangleApp extends Application {

    /** The longest the JavaFX thread may be blocked (issue #6); {@code --watchdog} logs every longer stall. */
    public static final long STALL_MILLIS = 100;

    /** How long {@code --exit-when-shown} waits for the window to be ready after it shows. */
    private static final int READY_PATIENCE_SECONDS = 20;

    /**
     * The longest the start's jobs wait after the window shows (the gallery's sort, the catalogue's programs, the
     * generalise panel's first live diff, and any the user asked for meanwhile): they start once the window is ready
     * ({@link StartupReadiness}). Started as it showed, they took a core from the UI thread and the renderer while the
     * editor grew and the first frames were painted.
     */
    private static final int HELD_JOBS_PATIENCE_MILLIS = 3000;

    /**
     * JavaFX's logger, quiet while the toolkit starts: loaded from the class path (a single jar) it warns "Unsupported
     * JavaFX configuration" on every start, a note for packagers, not for the user; its level is back once the
     * toolkit runs. A strong reference, so the level holds.
     */
    private static final Logger JAVAFX_LOG = Logger.getLogger("javafx");

    private final FxTaskRunner runner = new FxTaskRunner();
    private WorkbenchActions actions;
    private UiWatchdog watchdog;

    /** Launches the JavaFX application; called from {@code Main} so the jar needs no JavaFX launcher. */
    public static void launchDesktop(String[] args) {
        try {
            DesktopOptions.parse(java.util.List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println("entangle: " + e.getMessage());
            System.exit(2);
        }
        JAVAFX_LOG.setLevel(Level.SEVERE);
        RendererWarmup.start();
        try {
            Application.launch(EntangleApp.class, args);
        } catch (RuntimeException e) {
            System.err.println("entangle: cannot open the workbench window: " + (e.getMessage() == null ? e.getClass().getName() : e.getMessage())
                    + " (without a display, run it under xvfb-run -a, or run a command: java -jar entangle.jar --help)");
            System.exit(2);
        }
    }

    @Override
    public void start(Stage stage) {
        JAVAFX_LOG.setLevel(null);
        DesktopOptions options = DesktopOptions.parse(getParameters().getRaw());
        if (options.watchdog()) {
            watchdog = new UiWatchdog(STALL_MILLIS, stall -> System.err.println("entangle: " + stall.describe(20)));
        }
        boolean timed = options.exitWhenShown() || options.timePanels() || options.timeActions();
        if (timed) stage.setOnShown(e -> reportStartup(DesktopOptions.SHOWN_AFTER, ""));
        runner.hold();
        TrackingTaskRunner tracker = new TrackingTaskRunner(runner);
        WorkbenchModel model = WorkbenchModel.withCatalogue(tracker);
        actions = new WorkbenchActions(model, SettingsStore.standard());
        Settings settings = actions.settingsProperty().get();
        model.darkProperty().set(settings.dark());
        model.darkProperty().addListener((o, a, dark) -> actions.remember(actions.settingsProperty().get().withDark(dark)));
        if (options.screenshot() != null) actions.stopAutosaving();
        MainWindow window = new MainWindow(model, actions, runner, tracker, Platform::exit);
        if (options.workspace() != null) actions.open(options.workspace());
        else if (options.screenshot() == null) actions.restoreAutosave();
        stage.setTitle("Entangle");
        stage.setScene(new Scene(window, settings.width(), settings.height()));
        if (settings.x() != null && options.screenshot() == null) {
            stage.setX(settings.x());
            stage.setY(settings.y());
        }
        stage.setMaximized(settings.maximized() && options.screenshot() == null);
        model.classroomProperty().addListener((o, a, on) -> {
            if (options.screenshot() == null) stage.setFullScreen(on);
        });
        stage.setOnCloseRequest(e -> saveOnClose(stage));
        stage.show();
        if (timed) PaintedFrame.afterPainted(() -> reportStartup(DesktopOptions.PAINTED_AFTER, ""));
        StartupReadiness.atReadyOrAfter(HELD_JOBS_PATIENCE_MILLIS, runner::release);
        if (options.exitWhenShown()) reportReadyThenClose(stage);
        ControlWarmup.start(stage.getScene());
        if (options.screenshot() == null && !options.exitWhenShown()) window.buildPanelsWhenIdle();
        if (options.timePanels() && !options.exitWhenShown()) timePanels(window, stage, options.searchFirst());
        if (options.timeActions()) {
            window.whenEveryPanelBuilt(() -> ActionTimer.timeActions(window, stage.getScene(), runner.busyProperty(), System.out,
                    () -> closeAsAUserWould(stage)));
        }
        if (options.panel() != null) {
            try {
                window.select(options.panel());
            } catch (IllegalArgumentException e) {
                System.err.println("entangle: " + e.getMessage());
                Platform.exit();
                System.exit(2);
            }
            demonstrate(window, options.panel());
        }
        if (options.screenshot() != null) takeScreenshotAndExit(stage.getScene(), options.screenshot());
    }

    private static void demonstrate(MainWindow window, String panel) {
        switch (panel) {
            case "entanglement" -> {
                window.program().resultProperty().addListener((o, a, r) -> window.entanglement().run());
                window.program().textProperty().set(ProgramTemplates.SCAN6);
                window.program().askTheAngels();
            }
            case "generalise" -> {
                window.generalise().workbench().networks().stream().filter(n -> n.name().startsWith("sklansky")).findFirst()
                        .ifPresent(window.generalise().exampleProperty()::set);
                window.generalise().verify();
            }
            case "gpu" -> window.gpu().benchmarkWhenAvailable();
            case "classroom" -> {
                window.classroom().forward();
                window.classroom().forward();
                window.classroom().forward();
                window.classroom().askTheClassProperty().set(true);
            }
            default -> {
            }
        }
    }

    /**
     * Times the first opening of every other panel ({@link PanelTimer}) and closes; with {@code searchFirst} ≥ 0, asks
     * the angels first and starts the tour that many milliseconds later.
     */
    private void timePanels(MainWindow window, Stage stage, long searchFirst) {
        if (searchFirst >= 0) window.program().askTheAngels();
        PauseTransition lead = new PauseTransition(Duration.millis(Math.max(0, searchFirst)));
        lead.setOnFinished(e -> PanelTimer.timeEveryPanel(window, stage.getScene(), PanelTimer.PAUSE, System.out,
                () -> closeAsAUserWould(stage)));
        lead.play();
    }

    @Override
    public void stop() {
        runner.shutdown();
        if (watchdog != null) watchdog.close();
    }

    /** What closing the window keeps for the next start: the workspace (autosave) and the window's geometry. */
    private void saveOnClose(Stage stage) {
        actions.autosave();
        actions.remember(actions.settingsProperty().get().withGeometry(stage.getX(), stage.getY(), stage.getWidth(),
                stage.getHeight(), stage.isMaximized()));
    }

    /**
     * Reports the ready window ({@link StartupReadiness}) and closes, or closes without that line when the window is
     * not ready within {@value #READY_PATIENCE_SECONDS} s (a machine so loaded that no pulse comes quickly).
     */
    private void reportReadyThenClose(Stage stage) {
        StartupReadiness.whenReady(READY_PATIENCE_SECONDS * 1000L, longestGap -> {
            reportStartup(DesktopOptions.READY_AFTER, " (" + DesktopOptions.LONGEST_GAP + longestGap + " ms)");
            closeAsAUserWould(stage);
        }, () -> closeAsAUserWould(stage));
    }

    /**
     * Prints {@code line}, the milliseconds from this process's start to now ({@link ProcessClock}) and {@code detail},
     * when the window is shown, painted or ready ({@code bench startup} times the lines).
     */
    private static void reportStartup(String line, String detail) {
        System.out.println(line + ProcessClock.millisSinceStart() + detail);
        System.out.flush();
    }

    /** Closes as a user would: the autosave and the settings written, so the next start restores them; then exits. */
    private void closeAsAUserWould(Stage stage) {
        saveOnClose(stage);
        Platform.exit();
    }

    private void takeScreenshotAndExit(Scene scene, Path file) {
        PauseTransition settle = new PauseTransition(Duration.millis(800));
        settle.setOnFinished(e -> {
            if (runner.busyProperty().get() || !StartupReadiness.windowSettled()) {
                settle.playFromStart();
                return;
            }
            try {
                Screenshots.save(scene, file);
                System.out.println("screenshot saved to " + file);
                javafx.stage.Window.getWindows().stream().filter(w -> w != scene.getWindow()).toList()
                        .forEach(javafx.stage.Window::hide);
                Platform.exit();
            } catch (java.io.IOException ex) {
                System.err.println("entangle: cannot save screenshot " + file + ": " + ex.getMessage());
                Platform.exit();
                System.exit(2);
            }
        });
        settle.play();
    }
}
