package org.entangle.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.Pin;
import org.entangle.oracle.SpecForm;
import org.junit.jupiter.api.Test;

/** A stage's problem survives the workspace file: the same constraints and the same program text come back. */
class StageSpecFieldsTest {

    @Test
    void everyKindOfConstraintComesBackAsItWas() {
        SpecForm base = new SpecForm(8, 6, 16, Constraints.NONE);
        StageSpec spec = StageSpec.of(base)
                .with(new Constraint.PinState(Pin.brentKungUpSweep(8, 3), "the angels' reduction"))
                .with(new Constraint.Slice(11, 4))
                .with(new Constraint.FixBlock("block 7 (lanes [2]) to its combination 0 of 3",
                        List.of(new Constraint.WireRange(4, 2, 0), new Constraint.WireRange(5, 5, 4))));
        StageSpec back = StageSpecFields.parse(StageSpecFields.of(spec));
        assertEquals(spec.text(), back.text());
        assertEquals(spec.constraints().size(), back.constraints().size());
        assertEquals(spec.constraints().get(1), back.constraints().get(1));
        assertEquals(spec.constraints().get(2), back.constraints().get(2));
        Constraint.PinState pin = (Constraint.PinState) back.constraints().get(0);
        assertEquals(Pin.brentKungUpSweep(8, 3).format(), pin.pin().format());
        assertEquals(base.n(), back.base().n());
        assertEquals(base.budget(), back.base().budget());
    }

    @Test
    void aBrokenFieldSaysWhichConstraint() {
        Map<String, String> fields = new HashMap<>(StageSpecFields.of(StageSpec.of(new SpecForm(4, 4, 8, Constraints.NONE))));
        fields.put("constraints", "slice\t5\t3\nbend\t1");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StageSpecFields.parse(fields));
        assertTrue(e.getMessage().startsWith("constraint 2"), e.getMessage());
    }
}
