package org.entangle.app.classroom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/** Classroom mode's view-model: values flow step by step to the prefix sums (max for idempotent networks), forward and back. */
class ClassroomViewModelTest {

    @Test
    void everyFamilyEndsWithThePrefixSumsOfTheTypedValues() {
        for (String family : Families.names()) {
            Network n = Families.build(family, 8);
            ClassroomViewModel model = new ClassroomViewModel();
            model.networkProperty().set(n);
            model.inputsProperty().set("3, 1, 4, 1, 5, 9, 2, 6");
            for (int s = 0; s < n.stepCount() + 2; s++) model.forward();
            assertEquals(n.stepCount(), model.stepProperty().get());
            boolean idempotent = n.spec().algebra() == org.entangle.network.Algebra.IDEMPOTENT;
            List<String> inclusive = idempotent ? List.of("3", "3", "4", "4", "5", "9", "9", "9")
                    : List.of("3", "4", "8", "9", "14", "23", "25", "31");
            List<String> expected = n.spec().kind() == org.entangle.network.ResultKind.EXCLUSIVE
                    ? java.util.stream.Stream.concat(java.util.stream.Stream.of("0"), inclusive.stream().limit(7)).toList()
                    : inclusive;
            assertEquals(expected, model.values(), family);
        }
    }

    @Test
    void stringModeConcatenatesInOrderAndStepsBack() {
        Network n = Families.build("sklansky", 4);
        ClassroomViewModel model = new ClassroomViewModel();
        model.networkProperty().set(n);
        model.modeProperty().set(ClassroomViewModel.Mode.STRINGS);
        assertEquals(List.of("a", "b", "c", "d"), model.values());
        model.forward();
        model.forward();
        assertEquals(List.of("a", "ab", "abc", "abcd"), model.values());
        model.back();
        model.back();
        model.back();
        assertEquals(0, model.stepProperty().get());
        assertEquals(List.of("a", "b", "c", "d"), model.values());
    }

    @Test
    void askTheClassHidesOnlyTheNextStep() {
        ClassroomViewModel model = new ClassroomViewModel();
        model.networkProperty().set(Families.build("kogge-stone", 8));
        model.forward();
        assertTrue(model.visible(1));
        model.askTheClassProperty().set(true);
        assertTrue(model.visible(0));
        assertFalse(model.visible(1));
        assertTrue(model.captionProperty().get().contains("what will it do"), model.captionProperty().get());
        assertEquals(8, model.busyLanes(0).size());
    }
}
