package org.entangle.app.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.entangle.app.UiTest;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.program.ProgramTemplates;
import org.entangle.app.shell.MainWindow;
import org.entangle.app.shell.TestWorkbench;
import org.entangle.cuda.CudaGenerator;
import org.entangle.cuda.ScanOptions;
import org.entangle.diagram.DiagramOptions;
import org.entangle.network.Network;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Ctrl+E opens the export dialog of the panel shown, which offers every format including CUDA, and writes the chosen
 * file: the network view's diagram, and the entanglement panel's block-coloured one; the status bar names the file
 * written, and the next export starts in its folder.
 */
@UiTest
class ExportShortcutTest {

    private WorkbenchModel model;
    private MainWindow window;
    private Path dir;

    @Start
    void start(Stage stage) throws Exception {
        dir = Files.createTempDirectory("entangle-export-test");
        TestWorkbench workbench = TestWorkbench.in(dir);
        model = workbench.model();
        window = workbench.window();
        stage.setScene(new Scene(window, 1200, 760));
        stage.show();
        window.select("network");
    }

    @BeforeEach
    void partsBuilt() {
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void ctrlEOffersCudaAndWritesIt(FxRobot robot) throws Exception {
        robot.press(KeyCode.CONTROL, KeyCode.E).release(KeyCode.E, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        ComboBox<ExportFormat> format = robot.lookup("#export-format").queryAs(ComboBox.class);
        assertEquals(ExportFormat.values().length, format.getItems().size());
        assertTrue(format.getItems().contains(ExportFormat.CUDA));
        TextField file = robot.lookup("#export-file").queryAs(TextField.class);
        Path target = dir.resolve("chosen.svg");
        robot.interact(() -> {
            file.setText(target.toString());
            format.setValue(ExportFormat.CUDA);
        });
        Path cu = dir.resolve("chosen.cu");
        assertEquals(cu.toString(), file.getText());
        robot.clickOn("#export-confirm");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> Files.exists(cu));
        assertEquals(CudaGenerator.block(model.selectedProperty().get(), ScanOptions.INT32_SUM).source(), Files.readString(cu));
        Label status = robot.lookup("#status-message").queryAs(Label.class);
        String told = "Exported " + model.selectedProperty().get().name() + " to " + cu.toAbsolutePath() + ".";
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> told.equals(status.getText()));

        robot.press(KeyCode.CONTROL, KeyCode.E).release(KeyCode.E, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        TextField next = robot.lookup("#export-file").queryAs(TextField.class);
        assertEquals(dir.toAbsolutePath().resolve(window.export().suggestedName(ExportFormat.SVG)).toString(), next.getText(),
                "the next export starts in the folder of the last, not in the home folder");
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void ctrlEOnTheEntanglementPanelExportsItsBlockColouredDiagram(FxRobot robot) throws Exception {
        robot.interact(() -> {
            window.program().resultProperty().addListener((o, a, r) -> window.entanglement().run());
            window.program().textProperty().set(ProgramTemplates.SCAN6);
            window.program().askTheAngels();
            window.select("entanglement");
        });
        WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> window.entanglement().shownGroupsProperty().get() != null
                && window.entanglement().shownNetworkProperty().get() != null);
        WaitForAsyncUtils.waitForFxEvents();
        robot.press(KeyCode.CONTROL, KeyCode.E).release(KeyCode.E, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        ComboBox<ExportFormat> format = robot.lookup("#export-format").queryAs(ComboBox.class);
        TextField file = robot.lookup("#export-file").queryAs(TextField.class);
        Path svg = dir.resolve("blocks.svg");
        robot.interact(() -> {
            format.setValue(ExportFormat.SVG);
            file.setText(svg.toString());
        });
        robot.clickOn("#export-confirm");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> Files.exists(svg) && Files.size(svg) > 0);
        Network network = window.entanglement().shownNetworkProperty().get();
        DiagramOptions coloured = DiagramOptions.DEFAULT.withGroups(window.entanglement().shownGroupsProperty().get())
                .withColourBy(DiagramOptions.ColourBy.GROUPS);
        Path expected = dir.resolve("expected.svg");
        Path plain = dir.resolve("plain.svg");
        DiagramExporter.export(List.of(network), coloured, expected);
        DiagramExporter.export(List.of(network), DiagramOptions.DEFAULT, plain);
        assertEquals(Files.readString(expected), Files.readString(svg), "the export is the diagram the panel shows, block colours included");
        assertNotEquals(Files.readString(plain), Files.readString(svg));
    }
}
