package org.entangle.app.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.entangle.network.Algebra;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.Pin;
import org.entangle.oracle.SpecForm;
import org.junit.jupiter.api.Test;

/** The spec form and the program text in sync both ways, and a custom program shown as such. */
class SpecFormViewModelTest {

    private final StringProperty text = new SimpleStringProperty(new SpecForm(8, 6, 16, Constraints.NONE).programText());
    private final SpecFormViewModel model = new SpecFormViewModel(text);

    @Test
    void editingTheFormRewritesTheText() {
        assertNull(model.edit(f -> new SpecForm(f.n(), f.steps(), 20, f.constraints().withAlgebra(Algebra.COMMUTATIVE))));
        SpecForm expected = new SpecForm(8, 6, 20, Constraints.NONE.withAlgebra(Algebra.COMMUTATIVE));
        assertEquals(expected.programText(), text.get());
        assertEquals(expected.programText(), model.specProperty().get().programText());
    }

    @Test
    void editingTheTextUpdatesTheForm() {
        text.set(new SpecForm(5, 4, 9, Constraints.NONE.withMaxFanout(2)).programText().replace("\n", "\n\n"));
        SpecForm spec = model.specProperty().get();
        assertEquals(5, spec.n());
        assertEquals(4, spec.steps());
        assertEquals(9, spec.budget());
        assertEquals(2, spec.constraints().maxFanout());
        assertNull(model.reasonProperty().get());
    }

    @Test
    void aCustomProgramBlanksTheFormAndSaysWhy() {
        text.set(text.get().replace("ops += 1", "ops += 2"));
        assertNull(model.specProperty().get());
        assertTrue(model.reasonProperty().get().contains("line 8"), model.reasonProperty().get());
        String before = text.get();
        assertNotNull(model.edit(f -> new SpecForm(4, f.steps(), f.budget(), f.constraints())));
        assertEquals(before, text.get(), "a custom program is never overwritten by the form");
    }

    @Test
    void anInvalidEditIsRefusedAndChangesNothing() {
        text.set(new SpecForm(8, 6, 16, Constraints.NONE.withPin(Pin.brentKungUpSweep(8, 3))).programText());
        String before = text.get();
        String refused = model.edit(f -> new SpecForm(f.n(), 2, f.budget(), f.constraints()));
        assertTrue(refused.contains("outside steps"), refused);
        assertEquals(before, text.get());
        assertEquals(1, model.specProperty().get().constraints().pins().size());
    }

    @Test
    void theTemplatesAreInSpecFormExactlyWhenTheyLookLikeIt() {
        for (ProgramTemplates.Template t : ProgramTemplatesTest.every()) {
            text.set(t.text());
            SpecForm spec = model.specProperty().get();
            if (spec != null) {
                text.set(spec.programText());
                assertEquals(spec.programText(), model.specProperty().get().programText(), t.title());
            }
            if (t.text().contains("// Spec form:")) assertNotNull(spec, t.title() + ": " + model.reasonProperty().get());
        }
    }
}
