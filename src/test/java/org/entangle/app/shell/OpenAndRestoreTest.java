package org.entangle.app.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.entangle.app.UiTest;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.entangle.EntanglementResult;
import org.entangle.app.generalise.GeneraliseViewModel;
import org.entangle.app.task.FxTaskRunner;
import org.entangle.app.task.TrackingTaskRunner;
import org.entangle.diagram.DiagramOptions;
import org.entangle.files.SettingsStore;
import org.entangle.network.io.NetworkFiles;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The whole workbench under headless Monocle: File → Open shows each kind of file in its panel (the Scan6 program,
 * which begins with a comment, in the program panel; a sketch in the generalise panel; a trace set, partitioned, in the
 * entanglement panel; a network in the network panel), and a saved workspace opened in a second workbench brings back the
 * generalise editor's text, the entanglement result and the network panel's colour mode.
 */
@UiTest
class OpenAndRestoreTest {

    private Path home;
    private Bench bench;

    /** A window and its actions, settings in the test's folder. */
    private record Bench(WorkbenchModel model, WorkbenchActions actions, MainWindow window) {
        static Bench in(Path settings) {
            FxTaskRunner runner = new FxTaskRunner();
            TrackingTaskRunner tracker = new TrackingTaskRunner(runner);
            WorkbenchModel model = WorkbenchModel.withCatalogue(tracker);
            WorkbenchActions actions = new WorkbenchActions(model, new SettingsStore(settings));
            return new Bench(model, actions, new MainWindow(model, actions, runner, tracker, () -> { }));
        }
    }

    @Start
    void start(Stage stage) throws Exception {
        home = Files.createTempDirectory("entangle-open-test");
        bench = Bench.in(home);
        stage.setScene(new Scene(bench.window(), 1200, 760));
        stage.show();
        for (String panel : java.util.List.of("generalise", "entanglement", "network", "program")) bench.window().select(panel);
    }

    private static void waitFor(String what, Callable<Boolean> condition) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition).get());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what, e);
        }
    }

    @Test
    void eachKindOfFileOpensInItsPanel(FxRobot robot) throws Exception {
        Path scan6 = Path.of("networks/scan6.angel");
        robot.interact(() -> bench.window().select("gallery"));
        robot.interact(() -> bench.actions().open(scan6));
        waitFor("the program panel", () -> bench.window().shownPanel().equals("program"));
        assertNull(bench.model().problemProperty().get(), () -> bench.model().problemProperty().get().summary());
        assertEquals(Files.readString(scan6), bench.window().program().textProperty().get());

        Path sketch = Path.of("networks/sketch-brent-kung.angel");
        robot.interact(() -> bench.actions().open(sketch));
        waitFor("the generalise panel", () -> bench.window().shownPanel().equals("generalise"));
        assertEquals(Files.readString(sketch), bench.window().generalise().sourceProperty().get());

        robot.interact(() -> bench.actions().open(Path.of("src/test/resources/onward15-traces/h4.csv")));
        waitFor("the partition of the trace set", () -> bench.window().entanglement().resultProperty().get() != null);
        assertEquals("entanglement", bench.window().shownPanel());
        Label summary = robot.lookup("#entanglement-summary").queryAs(Label.class);
        assertTrue(summary.getText().contains(" traces of h4.csv · raw: "), summary.getText());

        Path network = Path.of("networks/brent-kung-8.json");
        robot.interact(() -> bench.actions().open(network));
        waitFor("the network panel", () -> bench.window().shownPanel().equals("network"));
        assertEquals(NetworkFiles.load(network), bench.model().selectedProperty().get());
    }

    @Test
    void aSavedWorkspaceBringsBackEveryPanel(FxRobot robot) throws Exception {
        Bench before = bench;
        String synthesised = GeneraliseViewModel.resource(GeneraliseViewModel.START_SKETCH).replace("??", "1");
        robot.interact(() -> {
            before.window().generalise().sourceProperty().set(synthesised);
            before.window().select("network");
        });
        robot.interact(() -> robot.lookup("#network-colour").queryComboBox().getSelectionModel().select(DiagramOptions.ColourBy.FANOUT));
        robot.interact(() -> before.actions().open(Path.of("src/test/resources/onward15-traces/h8.csv")));
        waitFor("the partition", () -> before.window().entanglement().resultProperty().get() != null);
        EntanglementResult was = before.window().entanglement().resultProperty().get();
        Path file = home.resolve("session" + WorkbenchActions.WORKSPACE_SUFFIX);
        robot.interact(() -> before.actions().saveWorkspace(file));
        waitFor("the saved workspace", () -> before.actions().settingsProperty().get().recentFiles().contains(file.toString()));

        Bench after = Bench.in(home);
        robot.interact(() -> after.actions().open(file));
        waitFor("the entanglement result", () -> after.window().entanglement().resultProperty().get() != null);
        EntanglementResult is = after.window().entanglement().resultProperty().get();
        assertEquals(was.raw().size(), is.raw().size());
        assertEquals(was.rawPartition().blocks(), is.rawPartition().blocks());
        assertEquals(synthesised, after.window().generalise().sourceProperty().get(),
                "the editor's text is the synthesised program, not the default one");
        ComboBox<?> colour = WaitForAsyncUtils.asyncFx(() -> (ComboBox<?>) after.window().networkPanel().lookup("#network-colour")).get();
        assertEquals(DiagramOptions.ColourBy.FANOUT, colour.getValue());
    }
}
