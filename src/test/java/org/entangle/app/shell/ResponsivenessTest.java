package org.entangle.app.shell;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.entangle.app.UiTest;
import org.entangle.app.UiTurnLimit;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.entangle.TraceSource;
import org.entangle.app.program.ProgramViewModel;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The workbench's main actions, watched by the {@link UiWatchdog}: ask the angels on the talk's N = 8 program
 * (247,478,238 traces, a count of seconds and 1,000 samples), select a network, entangle the gallery's traces, switch
 * through every panel, switch the theme there and back, verify the generalise panel's program over N, and enter and
 * leave classroom mode. Every turn of the UI thread over {@link UiWatchdog#LONG_TURN_MILLIS} ms is printed with the
 * action begun last before it and the UI thread's stack sample. It fails when such a turn was caught doing the
 * workbench's heavy work ({@link #HEAVY_WORK}: the oracle, entanglement, metrics, checking, network files, JSON) on the
 * UI thread, and, as every UI test does ({@link UiTurnLimit}), when a turn spent more than
 * {@link UiWatchdog#LONG_TURN_MILLIS} ms on the CPU.
 */
@UiTest
class ResponsivenessTest {

    /** Packages whose code must never hold the UI thread for a long turn. */
    static final List<String> HEAVY_WORK = List.of("org.entangle.oracle", "org.entangle.lang", "org.entangle.entanglement",
            "org.entangle.network.metrics", "org.entangle.network.check", "org.entangle.network.io", "org.entangle.generalize",
            "com.fasterxml.jackson");

    private MainWindow window;
    private WorkbenchModel model;
    private volatile String action = "starting";

    @Start
    void start(Stage stage) throws Exception {
        TestWorkbench workbench = TestWorkbench.in(Files.createTempDirectory("entangle-responsiveness"));
        model = workbench.model();
        window = workbench.window();
        stage.setScene(new Scene(window, 1200, 760));
        stage.show();
    }

    @Test
    void mainActionsKeepEveryTurnOfTheUiThreadShort(FxRobot robot) throws Exception {
        List<String> turns = new CopyOnWriteArrayList<>();
        List<UiWatchdog.LongTurn> heavy = new CopyOnWriteArrayList<>();
        try (UiWatchdog watchdog = new UiWatchdog(UiWatchdog.LONG_TURN_MILLIS, s -> {
            turns.add(action + ": " + s.describe(8));
            if (Arrays.stream(s.sample()).anyMatch(f -> HEAVY_WORK.stream().anyMatch(f.getClassName()::startsWith))) heavy.add(s);
        })) {
            act("opening the program panel", () -> robot.clickOn("#tab-program"));
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> window.program().textProperty().set(ProgramViewModel.TALK_8));
            act("asking the angels", () -> robot.clickOn("#ask-angels"));
            WaitForAsyncUtils.waitFor(180, TimeUnit.SECONDS, () -> window.program().resultProperty().get() != null);
            act("opening the gallery", () -> robot.clickOn("#tab-gallery"));
            WaitForAsyncUtils.waitForFxEvents();
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS,
                    () -> robot.lookup("#gallery-list").queryAs(ListView.class).getItems().size() == ProgramViewModel.SHOWN);
            ListCell<?> cell = (ListCell<?>) robot.from(robot.lookup("#gallery-list").queryAs(ListView.class)).lookup(".list-cell").nth(3).query();
            act("selecting a network", () -> robot.clickOn(cell));
            act("opening the entanglement panel", () -> robot.clickOn("#tab-entanglement"));
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> window.entanglement().sourceProperty().set(TraceSource.FILTERED));
            act("entangling the filtered traces", () -> robot.clickOn("#entanglement-run"));
            WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> window.entanglement().resultProperty().get() != null);
            WaitForAsyncUtils.waitForFxEvents();
            WaitForAsyncUtils.waitForFxEvents();
            for (String panel : List.of("network", "generalise", "gpu", "notes", "gallery", "entanglement", "program")) {
                act("switching to the " + panel + " panel", () -> robot.clickOn("#tab-" + panel));
                WaitForAsyncUtils.waitForFxEvents();
                WaitForAsyncUtils.waitForFxEvents();
            }
            for (String theme : List.of("dark", "light")) {
                act("switching to the " + theme + " theme", () -> robot.clickOn("#tool-theme"));
                WaitForAsyncUtils.waitForFxEvents();
            }
            act("verifying over N", () -> robot.clickOn("#tab-generalise").clickOn("#generalise-verify"));
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> window.generalise().verificationProperty().get() != null);
            WaitForAsyncUtils.waitForFxEvents();
            act("entering classroom mode", () -> robot.clickOn("#tool-classroom"));
            WaitForAsyncUtils.waitForFxEvents();
            act("leaving classroom mode", () -> robot.type(KeyCode.ESCAPE));
            WaitForAsyncUtils.waitForFxEvents();
            assertTrue(!model.darkProperty().get() && !model.classroomProperty().get(), "back in the light workbench");
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> model.blockGroupsProperty().get() != null);
            assertNotNull(model.blockGroupsProperty().get(), "the selected network is coloured by block");
            turns.forEach(System.out::println);
            System.out.println("ResponsivenessTest: worst UI-thread delay " + watchdog.worstMillis() + " ms, worst CPU time in one"
                    + " turn " + watchdog.worstCpuMillis() + " ms, " + turns.size() + " turns over " + UiWatchdog.LONG_TURN_MILLIS + " ms");
            assertTrue(heavy.isEmpty(), () -> "heavy work on the UI thread: " + heavy.get(0).describe(40));
        }
    }

    /** Names the action a long turn reported from now on belongs to (the latest begun), then does it. */
    private void act(String name, Runnable action) {
        this.action = name;
        action.run();
    }
}
