package org.entangle.app.entangle;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.Scene;
import javafx.stage.Stage;
import org.entangle.app.UiTest;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.program.ProgramViewModel;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * An entanglement panel built after its result arrived (the workbench builds panels while the user is idle) draws
 * the result's pairwise graph, not the empty one's hint.
 */
@UiTest
class LateEntanglementPanelTest {

    @Test
    void aPanelBuiltAfterTheResultDrawsItsPairwiseGraph() throws Exception {
        SameThreadTaskRunner runner = new SameThreadTaskRunner();
        WorkbenchModel workbench = WorkbenchModel.withCatalogue(runner);
        ProgramViewModel program = new ProgramViewModel(workbench);
        EntanglementViewModel model = new EntanglementViewModel(workbench, () -> workbench.networks().subList(0, 3),
                () -> program.resultProperty().get());
        program.textProperty().set(new SpecForm(4, 4, 8, Constraints.NONE).programText());
        program.askTheAngels();
        model.run();
        EntanglementResult result = model.resultProperty().get();
        assertNotNull(result, model.summaryProperty().get());
        EntanglementPanel panel = WaitForAsyncUtils.asyncFx(() -> {
            EntanglementPanel late = new EntanglementPanel(model);
            Stage stage = new Stage();
            stage.setScene(new Scene(late, 1000, 700));
            stage.show();
            return late;
        }).get();
        WaitForAsyncUtils.waitForFxEvents();
        PairwiseGraphView pairwise = WaitForAsyncUtils.asyncFx(() -> (PairwiseGraphView) panel.lookup(".pairwise-graph")).get();
        assertNotNull(pairwise, "the pairwise graph's view");
        assertTrue(result.pairwise() == pairwise.shown(), "the panel draws " + (pairwise.shown() == null ? "no graph" : "another graph"));
    }
}
