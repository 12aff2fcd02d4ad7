package org.entangle.app.generalise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.generalize.Verification;
import org.entangle.network.families.Families;
import org.entangle.network.metrics.Metrics;
import org.junit.jupiter.api.Test;

/** The generalise panel's view-model: verification rows match the instances' metrics; the diff names the example. */
class GeneraliseViewModelTest {

    @Test
    void verifiesEveryPowerOfTwoAndFitsClosedForms() {
        WorkbenchModel workbench = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        GeneraliseViewModel model = new GeneraliseViewModel(workbench);
        model.familyProperty().set("brent-kung");
        model.maxExponentProperty().set(6);
        model.verify();
        assertEquals(6, model.rows().size());
        for (Verification.Row r : model.rows()) {
            assertTrue(r.correct());
            assertEquals(Metrics.of(Families.build("brent-kung", r.n())).size(), r.size());
        }
        assertTrue(model.formsProperty().get().contains("correct for every N tried, up to 64"), model.formsProperty().get());
        assertTrue(model.diffProperty().get().contains("identical"), model.diffProperty().get());
        model.familyProperty().set("sklansky");
        assertEquals(16, model.instanceProperty().get().width());
        assertTrue(model.diffProperty().get().contains("only here"), model.diffProperty().get());
    }
}
