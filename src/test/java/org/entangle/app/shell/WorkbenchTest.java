package org.entangle.app.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Spinner;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.entangle.app.UiTest;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.gallery.GalleryEntry;
import org.entangle.app.program.AngelsResult;
import org.entangle.app.program.ProgramViewModel;
import org.entangle.app.task.TrackingTaskRunner;
import org.entangle.diagram.DiagramLayout;
import org.entangle.entanglement.TraceSet;
import org.entangle.lang.AngelChoice;
import org.entangle.network.OpGroups;
import org.entangle.network.families.Families;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.Trace;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The whole workbench under headless Monocle: the angels on the talk's N = 8 program give the exact count and fill
 * the gallery, a click selects a network, the toolbar's Entangle colours the diagram by block, export writes an
 * SVG, Cancel stops the N = 16 search within half a second while the UI keeps responding, and F11 enters classroom
 * mode where the arrow keys step.
 */
@UiTest
class WorkbenchTest {

    private WorkbenchModel model;
    private MainWindow window;
    private TrackingTaskRunner tracker;
    private Path home;

    @Start
    void start(Stage stage) throws Exception {
        home = Files.createTempDirectory("entangle-workbench-test");
        TestWorkbench workbench = TestWorkbench.in(home);
        tracker = workbench.tracker();
        model = workbench.model();
        window = workbench.window();
        stage.setScene(new Scene(window, 1200, 760));
        stage.show();
    }

    private static void waitFor(String what, java.util.concurrent.Callable<Boolean> condition) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, condition);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what, e);
        }
    }

    @BeforeEach
    void partsBuilt() {
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void galleryFillsAndAClickSelectsTheNetwork(FxRobot robot) {
        robot.clickOn("#tab-gallery");
        WaitForAsyncUtils.waitForFxEvents();
        ListView<?> list = robot.lookup("#gallery-list").queryAs(ListView.class);
        assertEquals(Families.names().size(), list.getItems().size());
        @SuppressWarnings("unchecked")
        ListCell<GalleryEntry> third = (ListCell<GalleryEntry>) robot.from(list).lookup(".list-cell").nth(2).query();
        robot.clickOn(third);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(third.getItem().network(), model.selectedProperty().get());
        robot.clickOn("#tab-network");
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(model.selectedProperty().get().name(), window.networkPanel().diagram().layout().labels().stream()
                .filter(l -> l.role() == DiagramLayout.Role.TITLE).findFirst().orElseThrow().text());
    }

    @Test
    void entangleColoursTheSelectedNetworkByBlock(FxRobot robot) throws Exception {
        askTheAngelsOnTheSmallProgram(robot);
        robot.clickOn("#tool-entangle");
        waitFor("the partition", () -> model.blockGroupsProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        Label summary = robot.lookup("#entanglement-summary").queryAs(Label.class);
        assertTrue(summary.getText().contains("blocks"), summary.getText());
        OpGroups groups = model.blockGroupsProperty().get();
        robot.interact(() -> robot.clickOn("#tab-network"));
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitForFxEvents();
        DiagramLayout layout = window.networkPanel().diagram().layout();
        for (DiagramLayout.OpMark op : layout.ops()) {
            int group = groups.groupOf(op.step(), op.index()).orElseThrow();
            assertEquals(groups.rgb(group), op.colour(), "op at step " + op.step() + ", index " + op.index());
        }
    }

    @Test
    void entanglementAnalysesTheOraclesTracesOfTheProgram(FxRobot robot) throws Exception {
        askTheAngelsOnTheSmallProgram(robot);
        robot.clickOn("#tab-entanglement");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#entanglement-run");
        waitFor("the partition", () -> window.entanglement().resultProperty().get() != null);
        TraceSet raw = window.entanglement().resultProperty().get().raw();
        AngelsResult angels = window.program().resultProperty().get();
        assertEquals(angels.total().intValue(), raw.size(), "every safe trace, one row each");
        for (int row = 0; row < raw.size(); row++) {
            Trace trace = angels.traces().get(row);
            assertSame(trace.network(), raw.network(row).orElseThrow());
            for (AngelChoice c : trace.choices()) {
                assertEquals(Integer.toString(c.value()), raw.token(row, raw.names().indexOf(c.name())), c.name());
            }
        }
        Label summary = robot.lookup("#entanglement-summary").queryAs(Label.class);
        assertTrue(summary.getText().startsWith(angels.total() + " traces"), summary.getText());
    }

    private void askTheAngelsOnTheSmallProgram(FxRobot robot) throws Exception {
        robot.clickOn("#tab-program");
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.program().textProperty().set(new SpecForm(4, 4, 8, Constraints.NONE).programText()));
        robot.clickOn("#ask-angels");
        waitFor("the angels", () -> window.program().resultProperty().get() != null);
        robot.clickOn("#tab-gallery");
        WaitForAsyncUtils.waitForFxEvents();
        ListCell<?> third = (ListCell<?>) robot.from(robot.lookup("#gallery-list").queryAs(ListView.class)).lookup(".list-cell").nth(2).query();
        robot.clickOn(third);
        WaitForAsyncUtils.waitForFxEvents();
        assertSame(third.getItem() == null ? null : ((GalleryEntry) third.getItem()).network(), model.selectedProperty().get());
    }

    @Test
    @SuppressWarnings("unchecked")
    void onStartTheSpecFormShowsTheTalksProgramAndFollowsItBothWays(FxRobot robot) {
        robot.clickOn("#tab-program");
        WaitForAsyncUtils.waitForFxEvents();
        Spinner<Integer> n = robot.lookup("#spec-n").queryAs(Spinner.class);
        Spinner<Integer> steps = robot.lookup("#spec-steps").queryAs(Spinner.class);
        Spinner<Integer> budget = robot.lookup("#spec-budget").queryAs(Spinner.class);
        assertEquals(ProgramViewModel.TALK_16, window.program().textProperty().get());
        assertEquals(List.of(16, 8, 32), List.of(n.getValue(), steps.getValue(), budget.getValue()));
        robot.interact(() -> budget.getValueFactory().setValue(30));
        assertEquals(new SpecForm(16, 8, 30, Constraints.NONE).programText(), window.program().textProperty().get());
        robot.interact(() -> window.program().textProperty().set(new SpecForm(6, 5, 12, Constraints.NONE).programText()));
        assertEquals(List.of(6, 5, 12), List.of(n.getValue(), steps.getValue(), budget.getValue()));
        robot.interact(() -> window.program().textProperty().set(window.program().textProperty().get().replace("ops += 1", "ops += 2")));
        assertTrue(robot.lookup("#spec-fields").query().isDisabled());
        assertEquals("custom program", robot.lookup("#spec-status").queryAs(Label.class).getText());
        assertEquals(null, n.getValue(), "a custom program shows no spec values");
    }

    @Test
    void exportWritesAnSvgOfTheSelectedNetwork(FxRobot robot) throws Exception {
        Path file = home.resolve("out/diagram.svg");
        robot.interact(() -> window.export().exportTo(file));
        waitFor("the export", () -> file.equals(window.export().lastExportProperty().get()));
        String svg = Files.readString(file);
        assertTrue(svg.contains("<svg"), svg.substring(0, Math.min(200, svg.length())));
        assertTrue(svg.contains(model.selectedProperty().get().name()));
    }

    @Test
    void askingTheAngelsOnTheN8ProgramShowsTheCountAndFillsTheGallery(FxRobot robot) throws Exception {
        robot.clickOn("#tab-program");
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.program().textProperty().set(ProgramViewModel.TALK_8));
        robot.clickOn("#ask-angels");
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> window.program().resultProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        Label progress = robot.lookup("#angels-progress").queryAs(Label.class);
        assertTrue(progress.getText().startsWith("showing 1,000 of 247,478,238, sampled uniformly"), progress.getText());
        robot.clickOn("#tab-gallery");
        WaitForAsyncUtils.waitForFxEvents();
        ListView<?> list = robot.lookup("#gallery-list").queryAs(ListView.class);
        assertEquals(ProgramViewModel.SHOWN, model.networks().size());
        assertTrue(list.getItems().size() == ProgramViewModel.SHOWN, "gallery shows " + list.getItems().size());
    }

    @Test
    void cancelStopsTheAngelsWhoKeepWhatTheyFoundAndTheUiResponds(FxRobot robot) throws Exception {
        robot.clickOn("#tab-program");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn("#ask-angels");
        Label status = robot.lookup("#status-message").queryAs(Label.class);
        waitFor("the search to start", () -> status.getText().contains("counting"));
        robot.clickOn("#tab-gallery");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(robot.lookup("#gallery-list").query().isVisible(), "the UI answers a click during the search");
        robot.interact(() -> tracker.cancelAll());
        waitFor("the search to stop", () -> window.program().resultProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(!window.program().resultProperty().get().complete());
        assertEquals(0, tracker.runningCount());
        assertEquals(Families.names().size(), model.networks().size(), "a cancelled count keeps the gallery");
    }

    @Test
    void f11EntersClassroomModeWhereArrowsStep(FxRobot robot) {
        robot.clickOn("#tab-gallery");
        WaitForAsyncUtils.waitForFxEvents();
        robot.type(KeyCode.F11);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(model.classroomProperty().get());
        robot.clickOn("#classroom-caption");
        robot.type(KeyCode.RIGHT);
        robot.type(KeyCode.RIGHT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(2, window.classroom().stepProperty().get());
        robot.type(KeyCode.LEFT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, window.classroom().stepProperty().get());
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(!model.classroomProperty().get());
    }
}
