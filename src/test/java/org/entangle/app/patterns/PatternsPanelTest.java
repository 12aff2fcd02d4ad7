package org.entangle.app.patterns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.entangle.app.UiTest;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.FxTaskRunner;
import org.entangle.cuda.patterns.PatternRequest;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.GpuUnavailableException;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Patterns panel under headless Monocle without a GPU: the device line says no CUDA driver was found and
 * Check and Bench stay disabled; the view-model follows the selected network and says why a network a block
 * cannot run is refused; options parse as on the command line.
 */
@UiTest
class PatternsPanelTest {

    private WorkbenchModel workbench;
    private PatternsViewModel model;

    @Start
    void start(Stage stage) {
        workbench = WorkbenchModel.withCatalogue(new FxTaskRunner());
        model = new PatternsViewModel(workbench);
        stage.setScene(new Scene(new PatternsPanel(model), 1100, 700));
        stage.show();
    }

    private static boolean driverPresent() {
        try (Gpu gpu = Gpu.open()) {
            return true;
        } catch (GpuUnavailableException e) {
            return false;
        }
    }

    private PatternRequest requestOnFx() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> model.request()).get(10, TimeUnit.SECONDS);
    }

    @BeforeEach
    void partsBuilt() {
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void withoutADriverThePanelSaysSoAndCannotRun(FxRobot robot) throws Exception {
        Assumptions.assumeFalse(driverPresent(), "a CUDA driver is present: the no-driver view is not exercised here");
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#patterns-device").queryAs(Label.class).getText().contains("no CUDA driver found"));
        assertTrue(robot.lookup("#patterns-check").queryAs(Button.class).isDisabled());
        assertTrue(robot.lookup("#patterns-bench").queryAs(Button.class).isDisabled());
    }

    @Test
    void theRequestFollowsTheSelectionAndRefusesNarrowNetworks(FxRobot robot) throws Exception {
        robot.interact(() -> workbench.add(Families.build("kogge-stone", 16)));
        assertTrue(model.statusProperty().get().contains("multiple of 32"), model.statusProperty().get());
        assertEquals(null, requestOnFx());
        robot.interact(() -> {
            workbench.add(Families.build("brent-kung", 128));
            model.patternProperty().set("histogram");
            model.optionsProperty().set("bins=64 mode=even");
        });
        assertTrue(model.statusProperty().get().contains("ready"), model.statusProperty().get());
        PatternRequest r = requestOnFx();
        assertEquals(128, r.network().width());
        assertEquals(Map.of("bins", "64", "mode", "even"), r.options());
        robot.interact(() -> model.optionsProperty().set("lo=2 hi=1"));
        assertEquals(null, requestOnFx());
        assertTrue(model.statusProperty().get().contains("lo < hi"), model.statusProperty().get());
    }

    @Test
    void optionsParseAsKeyValuePairs() {
        assertEquals(Map.of("op", "max", "bins", "256"), PatternsViewModel.parseOptions("op=max; bins=256"));
        assertEquals(Map.of(), PatternsViewModel.parseOptions("  "));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> PatternsViewModel.parseOptions("op"));
        assertEquals(List.of("reduce", "compact", "histogram"), model.patterns().subList(0, 3));
    }
}
