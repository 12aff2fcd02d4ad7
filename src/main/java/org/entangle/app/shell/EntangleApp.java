package org.entangle.app.shell;

import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.entangle.app.Screenshots;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.program.ProgramTemplates;
import org.entangle.app.task.FxTaskRunner;
import org.entangle.app.task.TrackingTaskRunner;
import org.entangle.files.Settings;
import org.entangle.files.SettingsStore;

/**
 * The desktop application: the {@link MainWindow} on a ready example (the workspace given with
 * {@code --workspace}, else the autosaved one, else the catalogue of families at n = 16), window geometry, theme
 * and recent files remembered through {@link SettingsStore}. {@code --screenshot FILE [--panel NAME]} shows the
 * panel after its main action (entanglement runs on the angels' traces of Scan6, generalise verifies the talk's
 * program against Sklansky, gpu benchmarks when a device is found, export opens the export dialog, classroom takes
 * three steps and asks the class), saves a PNG of the window and exits. {@code --watchdog} logs long turns of the
 * JavaFX thread ({@link UiWatchdog}).
 */
public final class EntangleApp extends Application {

    /**
     * JavaFX's logger, quiet while the toolkit starts: loaded from the class path (a single jar) it warns "Unsupported
     * JavaFX configuration" on every start, a note for packagers, not for the user; its level is back once the
     * toolkit runs. A strong reference, so the level holds.
     */
    private static final Logger JAVAFX_LOG = Logger.getLogger("javafx");

    /** How long the screenshot waits after the last background job ended. */
    private static final int SETTLED_MILLIS = 1500;

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
            watchdog = new UiWatchdog(UiWatchdog.LONG_TURN_MILLIS, turn -> System.err.println("entangle: " + turn.describe(20)));
        }
        TrackingTaskRunner tracker = new TrackingTaskRunner(runner);
        WorkbenchModel model = WorkbenchModel.withCatalogue(tracker);
        actions = new WorkbenchActions(model, SettingsStore.standard());
        Settings settings = actions.settingsProperty().get();
        model.darkProperty().set(settings.dark());
        model.darkProperty().addListener((o, a, dark) -> actions.remember(actions.settingsProperty().get().withDark(dark)));
        if (options.savesScreenshots()) actions.stopAutosaving();
        MainWindow window = new MainWindow(model, actions, runner, tracker, Platform::exit);
        if (options.workspace() != null) actions.open(options.workspace());
        else if (!options.savesScreenshots()) actions.restoreAutosave();
        stage.setTitle("Entangle");
        stage.setScene(new Scene(window, settings.width(), settings.height()));
        if (settings.x() != null && !options.savesScreenshots()) {
            stage.setX(settings.x());
            stage.setY(settings.y());
        }
        stage.setMaximized(settings.maximized() && !options.savesScreenshots());
        model.classroomProperty().addListener((o, a, on) -> {
            if (!options.savesScreenshots()) stage.setFullScreen(on);
        });
        stage.setOnCloseRequest(e -> saveOnClose(stage));
        stage.show();
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
        if (options.program() != null) {
            try {
                window.program().textProperty().set(java.nio.file.Files.readString(options.program()));
            } catch (java.io.IOException e) {
                System.err.println("entangle: cannot read " + options.program() + ": " + e.getMessage());
            }
        }
        if (options.askAngels()) window.program().askTheAngels();
        if (options.tour() != null) {
            String[] tour = options.tour().split(":");
            int n = Integer.parseInt(tour[0]);
            int steps = Integer.parseInt(tour[1]);
            if (options.tourShots() != null) recordTour(stage.getScene(), window, n, steps, options.tourShots());
            else window.runTour(n, steps);
        }
        if (options.screenshot() != null) takeScreenshotAndExit(stage.getScene(), options.screenshot());
    }

    private void recordTour(Scene scene, MainWindow window, int n, int steps, Path folder) {
        window.select("discovery");
        TourRecorder recorder = new TourRecorder(scene, window.tour(), runner.busyProperty(), folder, steps, status -> {
            Platform.exit();
            if (status != 0) System.exit(status);
        });
        try {
            recorder.start(n);
        } catch (java.io.IOException e) {
            System.err.println("entangle: cannot create " + folder + ": " + e.getMessage());
            Platform.exit();
            System.exit(2);
        }
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
     * Saves the screenshot once no background job has run for {@value #SETTLED_MILLIS} ms (the panel's work and the
     * jobs it started in turn are over, and their results laid out), then exits.
     */
    private void takeScreenshotAndExit(Scene scene, Path file) {
        PauseTransition settle = new PauseTransition(Duration.millis(SETTLED_MILLIS));
        runner.busyProperty().addListener((o, a, busy) -> settle.playFromStart());
        settle.setOnFinished(e -> {
            if (runner.busyProperty().get()) return;
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
