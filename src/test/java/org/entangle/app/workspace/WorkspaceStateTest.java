package org.entangle.app.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/**
 * A workspace's state: taken from the model as the model's own network objects (no JSON written on the UI thread), and
 * written to a file's texts and read back by the jobs to the same networks, selection, comparison, notes and program.
 */
class WorkspaceStateTest {

    private static WorkbenchModel edited() {
        WorkbenchModel model = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        model.add(Families.build("knowles", 16, 2));
        model.compareWithProperty().set(model.networks().get(2));
        model.notesProperty().set("compare with the third");
        model.programProperty().set("N = 4\nassert true\n");
        return model;
    }

    @Test
    void takenFromTheModelItHoldsTheModelsOwnNetworksAndIndices() {
        WorkbenchModel model = edited();
        WorkspaceState state = WorkspaceState.of(model);
        assertEquals(model.networks().size(), state.networks().size());
        for (int i = 0; i < state.networks().size(); i++) assertSame(model.networks().get(i), state.networks().get(i), "network " + i);
        assertEquals(model.networks().size() - 1, state.selected());
        assertEquals(2, state.compare());
        assertEquals("compare with the third", state.notes());
        assertEquals("N = 4\nassert true\n", state.program());
    }

    @Test
    void writtenAndReadBackItRestoresEverything() {
        WorkbenchModel model = edited();
        WorkspaceState read = WorkspaceState.read(WorkspaceState.of(model).toWorkspace(), "test");
        assertEquals(WorkspaceState.of(model), read);
        WorkbenchModel other = new WorkbenchModel(new SameThreadTaskRunner());
        read.restoreInto(other);
        assertSameWorkspace(model, other);
    }

    @Test
    void aStateWithoutNotesOrProgramClearsTheNotesAndKeepsTheProgram() {
        WorkbenchModel model = edited();
        new WorkspaceState(List.of(Families.build("sklansky", 8)), 0, -1, null, null, java.util.Map.of()).restoreInto(model);
        assertEquals("", model.notesProperty().get());
        assertEquals("N = 4\nassert true\n", model.programProperty().get());
        assertEquals("sklansky", model.selectedProperty().get().name().replaceAll("[^a-z].*", ""));
        assertEquals(null, model.compareWithProperty().get());
    }

    /** Asserts that {@code other} holds what {@code model} holds: networks (with their names), selection, comparison, notes, program. */
    static void assertSameWorkspace(WorkbenchModel model, WorkbenchModel other) {
        assertEquals(List.copyOf(model.networks()), List.copyOf(other.networks()));
        assertEquals(model.networks().stream().map(Network::name).toList(), other.networks().stream().map(Network::name).toList());
        assertEquals(model.selectedProperty().get(), other.selectedProperty().get());
        assertEquals(model.compareWithProperty().get(), other.compareWithProperty().get());
        assertEquals(model.notesProperty().get(), other.notesProperty().get());
        assertEquals(model.programProperty().get(), other.programProperty().get());
    }
}
