package org.entangle.app;

import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javafx.animation.PauseTransition;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.Duration;
import org.entangle.app.entangle.TraceSource;
import org.entangle.app.gallery.GalleryMetric;
import org.entangle.app.generalise.GeneraliseViewModel;
import org.entangle.app.generalise.VariantTarget;
import org.entangle.app.program.ProgramViewModel;
import org.fxmisc.richtext.GenericStyledArea;

/**
 * Does the workbench's main actions one after another, as a user would once every panel is built, and prints for
 * each the longest turn of the UI thread from the action until its work has landed and the window has settled (issue
 * #6: no UI action blocks the UI thread for more than 100 ms), measured by a {@link UiWatchdog} probing every 2 ms:
 * the themes (and a panel selected right after one), a keystroke in each editor, Verify, Synthesize, a variant and the
 * bank conflicts of the generalise panel, the first showing of a menu and a choice box's popups, asking the angels on
 * the talk's N = 8 program, then with its results: the gallery, a network selected, sorted, filtered modulo schedule,
 * entanglement, the network panel; the window enlarged and shrunk back, classroom mode on, a step and off, the export
 * dialog opened and cancelled. Where a control does the action it is clicked, and keys are typed, through the
 * windowing system ({@link UserInput}), as the user's mouse and keyboard would. {@link PanelTimer} times the panels'
 * first openings; this times what the user does in them. What {@code --time-actions} runs in the real app, and
 * {@code entangle bench actions} reads.
 */
final class ActionTimer {

    /** The quiet pause before each action, and the settling time after its work has landed. */
    static final Duration PAUSE = Duration.millis(800);

    /** The longest an action's work may take before its line is printed anyway, marked as unfinished. */
    private static final Duration PATIENCE = Duration.seconds(60);

    /** How often the watchdog probes the UI thread, and how often an action's end is polled, in ms. */
    private static final long PROBE_MILLIS = 2;
    private static final Duration POLL = Duration.millis(50);

    /** How much wider and taller the window is made, and smaller again, in px. */
    private static final double RESIZE = 240;

    /** The key that Shortcut stands for in the menus' accelerators. */
    private static final KeyCode SHORTCUT = System.getProperty("os.name", "").startsWith("Mac") ? KeyCode.COMMAND : KeyCode.CONTROL;

    /**
     * One timed action: {@code start} does it on the UI thread (a click or keystroke sent, or a call where no control
     * makes it) and returns the check that says its work has landed.
     */
    private record Action(String name, Supplier<BooleanSupplier> start) {
    }

    private final Deque<Action> actions;
    private final PrintStream out;
    private final Runnable finished;

    private ActionTimer(List<Action> actions, PrintStream out, Runnable finished) {
        this.actions = new ArrayDeque<>(actions);
        this.out = out;
        this.finished = finished;
    }

    /**
     * Times every action on {@code window}, printing one line each, then runs {@code finished}; {@code jobsBusy} is true
     * while background jobs run.
     */
    static void timeActions(MainWindow window, Scene scene, ObservableBooleanValue jobsBusy, PrintStream out, Runnable finished) {
        new ActionTimer(actions(window, scene, jobsBusy), out, finished).next();
    }

    private static List<Action> actions(MainWindow window, Scene scene, ObservableBooleanValue jobsBusy) {
        WorkbenchModel model = window.model();
        GeneraliseViewModel generalise = window.generalise();
        UserInput input = new UserInput();
        BooleanSupplier settled = () -> !Staged.pendingProperty().get();
        BooleanSupplier jobsDone = () -> settled.getAsBoolean() && !jobsBusy.get();
        BooleanSupplier generaliseIdle = () -> settled.getAsBoolean() && !generalise.busyProperty().get();
        Supplier<BooleanSupplier> theme = () -> {
            boolean dark = !model.darkProperty().get();
            input.click("#tool-theme");
            return () -> model.darkProperty().get() == dark && settled.getAsBoolean();
        };
        Stage stage = (Stage) scene.getWindow();
        return List.of(
                new Action("dark theme", theme),
                new Action("light theme", theme),
                new Action("generalise panel", () -> tab(input, window, "generalise", settled)),
                new Action("keystroke in the generalise editor", () -> keystroke(input, "#generalise-editor", generaliseIdle)),
                new Action("verify", () -> click(input, "#generalise-verify", generalise.verificationProperty(), generaliseIdle)),
                new Action("synthesize", () -> click(input, "#generalise-synthesize", generalise.synthesisProperty(), generaliseIdle)),
                new Action("variant", () -> call(() -> generalise.applyVariant(VariantTarget.all().get(0)), generalise.variantProperty(),
                        generaliseIdle)),
                new Action("bank conflicts", () -> click(input, "#generalise-banks", generalise.banksProperty(), generaliseIdle)),
                new Action("program panel", () -> tab(input, window, "program", settled)),
                new Action("templates menu", () -> popup(input, () -> input.click("#templates"), "#templates", true, settled)),
                new Action("templates menu closed", () -> popup(input, () -> input.keys(KeyCode.ESCAPE), "#templates", false, settled)),
                new Action("keystroke in the program editor", () -> keystroke(input, "#program-editor", jobsDone)),
                new Action("ask the angels (N = 8)", () -> {
                    window.program().textProperty().set(ProgramViewModel.TALK_8);
                    return click(input, "#ask-angels", window.program().resultProperty(), jobsDone);
                }),
                new Action("gallery panel with results", () -> tab(input, window, "gallery", settled)),
                new Action("a network selected", () -> {
                    ListView<?> list = (ListView<?>) UserInput.find("#gallery-list");
                    input.click(list.lookupAll(".list-cell").stream().skip(3).findFirst().orElseThrow());
                    return () -> list.getSelectionModel().getSelectedIndex() >= 0 && jobsDone.getAsBoolean();
                }),
                new Action("gallery sort menu", () -> popup(input, () -> input.click("#gallery-sort"), "#gallery-sort", true, settled)),
                new Action("gallery sort menu closed", () -> popup(input, () -> input.keys(KeyCode.ESCAPE), "#gallery-sort", false, settled)),
                new Action("gallery sorted by depth", () -> call(() -> window.gallery().sortByProperty().set(GalleryMetric.DEPTH),
                        window.gallery().sortByProperty(), jobsDone)),
                new Action("distinct modulo schedule", () -> check(input, "#gallery-distinct", jobsDone)),
                new Action("all schedules", () -> check(input, "#gallery-distinct", jobsDone)),
                new Action("entangle (the gallery's networks)", () -> {
                    window.entanglement().sourceProperty().set(TraceSource.FILTERED);
                    return click(input, "#tool-entangle", window.entanglement().resultProperty(), jobsDone);
                }),
                new Action("entanglement panel with results", () -> tab(input, window, "entanglement", settled)),
                new Action("network panel with results", () -> tab(input, window, "network", settled)),
                new Action("dark theme with results", theme),
                new Action("light theme, then the gallery at once", () -> {
                    theme.get();
                    return tab(input, window, "gallery", settled);
                }),
                new Action("window enlarged", () -> resize(stage, RESIZE, settled)),
                new Action("window shrunk back", () -> resize(stage, -RESIZE, settled)),
                new Action("classroom mode", () -> {
                    input.click("#tool-classroom");
                    return () -> model.classroomProperty().get() && settled.getAsBoolean();
                }),
                new Action("classroom step", () -> {
                    int step = window.classroom().stepProperty().get();
                    input.keys(KeyCode.RIGHT);
                    return () -> window.classroom().stepProperty().get() == step + 1 && settled.getAsBoolean();
                }),
                new Action("classroom mode left", () -> {
                    input.keys(KeyCode.ESCAPE);
                    return () -> !model.classroomProperty().get() && settled.getAsBoolean();
                }),
                new Action("export dialog", () -> {
                    input.keys(SHORTCUT, KeyCode.E);
                    return () -> dialog() != null && settled.getAsBoolean();
                }),
                new Action("export dialog cancelled", () -> {
                    input.keys(KeyCode.ESCAPE);
                    return () -> dialog() == null && settled.getAsBoolean();
                }));
    }

    /** Clicks the panel's tab; done once it shows, its parts built. */
    private static BooleanSupplier tab(UserInput input, MainWindow window, String panel, BooleanSupplier settled) {
        input.click("#tab-" + panel);
        return () -> window.shownPanel().equals(panel) && settled.getAsBoolean();
    }

    /** Clicks the control; done once {@code result} has changed and {@code idle} holds. */
    private static BooleanSupplier click(UserInput input, String selector, ObservableValue<?> result, BooleanSupplier idle) {
        return call(() -> input.click(selector), result, idle);
    }

    /** Does {@code act}, for what no control does in one click; done once {@code result} has changed and {@code idle} holds. */
    private static BooleanSupplier call(Runnable act, ObservableValue<?> result, BooleanSupplier idle) {
        Object before = result.getValue();
        act.run();
        return () -> result.getValue() != null && result.getValue() != before && idle.getAsBoolean();
    }

    /** Makes the window {@code by} px wider and taller; done once it is. */
    private static BooleanSupplier resize(Stage stage, double by, BooleanSupplier settled) {
        double width = stage.getWidth() + by;
        stage.setWidth(width);
        stage.setHeight(stage.getHeight() + by);
        return () -> stage.getWidth() == width && settled.getAsBoolean();
    }

    /** Clicks the check box; done once it has flipped and {@code idle} holds. */
    private static BooleanSupplier check(UserInput input, String selector, BooleanSupplier idle) {
        CheckBox box = (CheckBox) UserInput.find(selector);
        boolean before = box.isSelected();
        input.click(box);
        return () -> box.isSelected() != before && idle.getAsBoolean();
    }

    /** Clicks into the editor and types a space; done once its text has changed and {@code idle} holds. */
    private static BooleanSupplier keystroke(UserInput input, String selector, BooleanSupplier idle) {
        GenericStyledArea<?, ?, ?> editor = (GenericStyledArea<?, ?, ?>) UserInput.find(selector);
        String before = editor.getText();
        input.click(editor);
        input.keys(KeyCode.SPACE);
        return () -> !editor.getText().equals(before) && idle.getAsBoolean();
    }

    /** Opens or closes the popup of the menu button or choice box {@code selector} names; done once it shows or not. */
    private static BooleanSupplier popup(UserInput input, Runnable act, String selector, boolean showing, BooleanSupplier settled) {
        Node control = UserInput.find(selector);
        act.run();
        return () -> (control instanceof ChoiceBox<?> box ? box.isShowing() : ((MenuButton) control).isShowing()) == showing
                && settled.getAsBoolean();
    }

    private static DialogPane dialog() {
        return Window.getWindows().stream().filter(Window::isShowing).map(Window::getScene)
                .filter(s -> s != null && s.getRoot() instanceof DialogPane).map(s -> (DialogPane) s.getRoot()).findFirst().orElse(null);
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
            awaitDone(action, action.start().get(), watchdog, start);
        });
        quiet.play();
    }

    private void awaitDone(Action action, BooleanSupplier landed, UiWatchdog watchdog, long start) {
        PauseTransition poll = new PauseTransition(POLL);
        poll.setOnFinished(e -> {
            double waited = (System.nanoTime() - start) / 1e6;
            boolean done = landed.getAsBoolean();
            if (!done && waited < PATIENCE.toMillis()) {
                poll.playFromStart();
                return;
            }
            long millis = Math.round(waited);
            PauseTransition settle = new PauseTransition(PAUSE);
            settle.setOnFinished(s -> {
                watchdog.close();
                out.printf(Locale.ROOT, "%s%s %d ms (longest UI-thread turn; %s after %d ms)%n", DesktopOptions.ACTION_TIMED,
                        action.name(), watchdog.worstMillis(), done ? "done" : "NOT DONE", millis);
                out.flush();
                next();
            });
            settle.play();
        });
        poll.play();
    }
}
