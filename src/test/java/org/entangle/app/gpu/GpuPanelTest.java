package org.entangle.app.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.entangle.app.UiTest;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.FxTaskRunner;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The GPU panel under Monocle: without a CUDA driver it says so plainly and disables Check and Benchmark, while the
 * highlighted kernel is shown and Save writes it as a .cu file.
 */
@UiTest
class GpuPanelTest {

    private GpuViewModel model;

    @Start
    void start(Stage stage) {
        model = new GpuViewModel(WorkbenchModel.withCatalogue(new FxTaskRunner()));
        stage.setScene(new Scene(new GpuPanel(model), 1100, 700));
        stage.show();
    }

    @BeforeEach
    void partsBuilt() {
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void withoutADriverItSaysSoAndSaveStillWrites(FxRobot robot) throws Exception {
        Label device = robot.lookup("#gpu-device").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> !device.getText().startsWith("looking"));
        if (!model.availableProperty().get()) {
            assertEquals(GpuViewModel.NO_DRIVER, device.getText());
            assertTrue(robot.lookup("Check on GPU").queryButton().isDisabled());
            assertTrue(robot.lookup("Benchmark").queryButton().isDisabled());
        }
        CodeArea source = robot.lookup("#gpu-source").queryAs(CodeArea.class);
        assertEquals(model.sourceProperty().get(), source.getText());
        assertTrue(source.getStyleSpans(0, source.getLength()).styleStream().anyMatch(s -> s.contains("keyword")));
        Path file = Files.createTempDirectory("entangle-gpu-panel").resolve("brent-kung-16.cu");
        robot.interact(() -> model.save(file));
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> file.toString().equals(model.lastSavedProperty().get()));
        assertEquals(source.getText(), Files.readString(file));
        assertTrue(robot.lookup("#gpu-save").queryAs(Button.class).isVisible());
    }
}
