package org.entangle.app;

import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.MenuButton;
import javafx.stage.Window;
import javafx.util.Duration;
import org.entangle.app.generalise.VariantTarget;
import org.entangle.app.program.ProgramViewModel;

/**
 * Does the workbench's main actions one after another, as a user would once every panel is built, and prints for
 * each the longest turn of the UI thread from the action until its work has landed and the window has settled (issue
 * #6: no UI action blocks the UI thread for more than 100 ms), measured by a {@link UiWatchdog} probing every 2 ms:
 * the themes, Verify, Synthesize, a variant and the bank conflicts of the generalise panel, the first showing of a
 * menu and a choice box's popups, classroom mode on, a step and off, the export dialog opened and cancelled, asking
 * the angels on the talk's N = 8 program, and the gallery, the network panel and the dark theme with its results.
 * {@link PanelTimer} times the panels' first openings; this times what the user does in them. What
 * {@code --time-actions} runs in the real app, and {@code entangle bench actions} reads.
 */
final class ActionTimer {

    /** The quiet pause before each action, and the settling time after its work has landed. */
    static final Duration PAUSE = Duration.millis(800);

    /** The longest an action's work may take before its line is printed anyway, marked as unfinished. */
    private static final Duration PATIENCE = Duration.seconds(120);

    /** How often the watchdog probes the UI thread, and how often an action's end is polled, in ms. */
    private static final long PROBE_MILLIS = 2;
    private static final Duration POLL = Duration.millis(50);

    /** One timed action: what it does on the UI thread, and when its work has landed. */
    private record Action(String name, Runnable act, BooleanSupplier done) {
    }

    private final Deque<Action> actions;
    private final PrintStream out;
    private final Runnable finished;

    private ActionTimer(List<Action> actions, PrintStream out, Runnable finished) {
        this.actions = new ArrayDeque<>(actions);
        this.out = out;
        this.finished = finished;
    }

    /** Times every action on {@code window}, printing one line each, then runs {@code finished}. */
    static void timeActions(MainWindow window, Scene scene, PrintStream out, Runnable finished) {
        new ActionTimer(actions(window, scene), out, finished).next();
    }

    private static List<Action> actions(MainWindow window, Scene scene) {
        WorkbenchModel model = window.model();
        BooleanSupplier settled = () -> !Staged.pendingProperty().get();
        BooleanSupplier generaliseIdle = () -> settled.getAsBoolean() && !window.generalise().busyProperty().get();
        Runnable toggleTheme = () -> model.darkProperty().set(!model.darkProperty().get());
        return List.of(
                new Action("dark theme", toggleTheme, settled),
                new Action("light theme", toggleTheme, settled),
                new Action("generalise panel", () -> window.select("generalise"), settled),
                new Action("verify", () -> window.generalise().verify(), generaliseIdle),
                new Action("synthesize", () -> window.generalise().synthesize(), generaliseIdle),
                new Action("variant", () -> window.generalise().applyVariant(VariantTarget.all().get(0)), generaliseIdle),
                new Action("bank conflicts", () -> window.generalise().bankConflicts(), generaliseIdle),
                new Action("program panel", () -> window.select("program"), settled),
                new Action("templates menu", () -> lookup(scene, "#templates", MenuButton.class).show(), settled),
                new Action("templates menu hidden", () -> lookup(scene, "#templates", MenuButton.class).hide(), settled),
                new Action("ask the angels (N = 8)", () -> {
                    window.program().textProperty().set(ProgramViewModel.TALK_8);
                    window.program().askTheAngels();
                }, () -> settled.getAsBoolean() && window.program().resultProperty().get() != null),
                new Action("gallery panel with results", () -> window.select("gallery"), settled),
                new Action("gallery sort menu", () -> lookup(scene, "#gallery-sort", ChoiceBox.class).show(), settled),
                new Action("gallery sort menu hidden", () -> lookup(scene, "#gallery-sort", ChoiceBox.class).hide(), settled),
                new Action("network panel with results", () -> window.select("network"), settled),
                new Action("dark theme with results", toggleTheme, settled),
                new Action("classroom mode", () -> model.classroomProperty().set(true), settled),
                new Action("classroom step", () -> window.classroom().forward(), settled),
                new Action("classroom mode off", () -> model.classroomProperty().set(false), settled),
                new Action("export dialog", () -> Platform.runLater(() -> window.select("export")),
                        () -> settled.getAsBoolean() && dialog() != null),
                new Action("export dialog cancelled", ActionTimer::cancelDialog, () -> settled.getAsBoolean() && dialog() == null),
                new Action("light theme with results", toggleTheme, settled));
    }

    private static <T> T lookup(Scene scene, String selector, Class<T> type) {
        Node node = scene.lookup(selector);
        if (!type.isInstance(node)) throw new IllegalStateException("no " + type.getSimpleName() + " " + selector + " in the window");
        return type.cast(node);
    }

    private static DialogPane dialog() {
        return Window.getWindows().stream().filter(Window::isShowing).map(Window::getScene)
                .filter(s -> s != null && s.getRoot() instanceof DialogPane).map(s -> (DialogPane) s.getRoot()).findFirst().orElse(null);
    }

    private static void cancelDialog() {
        DialogPane pane = dialog();
        if (pane == null) throw new IllegalStateException("no dialog to cancel");
        ButtonType cancel = pane.getButtonTypes().stream().filter(b -> b.getButtonData() == ButtonBar.ButtonData.CANCEL_CLOSE)
                .findFirst().orElseThrow(() -> new IllegalStateException("the dialog has no Cancel button"));
        ((javafx.scene.control.Button) pane.lookupButton(cancel)).fire();
    }

    /** After a quiet pause, starts the watchdog, does the next action and waits for its work to land. */
    private void next() {
        Action action = actions.poll();
        if (action == null) {
            finished.run();
            return;
        }
        PauseTransition quiet = new PauseTransition(PAUSE);
        quiet.setOnFinished(e -> {
            UiWatchdog watchdog = new UiWatchdog(Long.MAX_VALUE, 0, PROBE_MILLIS, stall -> { });
            long start = System.nanoTime();
            action.act().run();
            awaitDone(action, watchdog, start);
        });
        quiet.play();
    }

    private void awaitDone(Action action, UiWatchdog watchdog, long start) {
        PauseTransition poll = new PauseTransition(POLL);
        poll.setOnFinished(e -> {
            double waited = (System.nanoTime() - start) / 1e6;
            boolean done = action.done().getAsBoolean();
            if (!done && waited < PATIENCE.toMillis()) {
                poll.playFromStart();
                return;
            }
            long landed = Math.round(waited);
            PauseTransition settle = new PauseTransition(PAUSE);
            settle.setOnFinished(s -> {
                watchdog.close();
                out.printf(Locale.ROOT, "%s%s %d ms (longest UI-thread turn; %s after %d ms)%n", DesktopOptions.ACTION_TIMED,
                        action.name(), watchdog.worstMillis(), done ? "done" : "NOT DONE", landed);
                out.flush();
                next();
            });
            settle.play();
        });
        poll.play();
    }
}
