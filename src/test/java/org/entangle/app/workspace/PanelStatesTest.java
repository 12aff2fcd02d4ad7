package org.entangle.app.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.entangle.EntanglementResult;
import org.entangle.app.entangle.EntanglementViewModel;
import org.entangle.app.entangle.TraceSource;
import org.entangle.app.generalise.GeneraliseViewModel;
import org.entangle.app.inspect.NetworkViewModel;
import org.entangle.app.program.ProgramViewModel;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.diagram.DiagramOptions;
import org.entangle.files.WorkspaceFiles;
import org.entangle.network.Network;
import org.entangle.network.OpGroups;
import org.entangle.network.families.Families;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every panel's state comes back from a saved workspace: the generalise editor's text (a synthesised program, not the
 * default), its range and example; the entanglement panel's source, sample size and result (the same traces and
 * blocks, and the same block colours on the selected network); the network panel's colour mode. A version 1 file, without the panels' states, still opens and leaves
 * the panels as they were.
 */
class PanelStatesTest {

    /** What the synthesiser gives for the Brent–Kung sketch, as the editor holds it after "Use". */
    private static final String SYNTHESISED = GeneraliseViewModel.resource(GeneraliseViewModel.START_SKETCH)
            .replace("??", "1") + "\n// filled in\n";

    @TempDir
    Path dir;

    /** A workbench with the panels' view-models, their states registered as the window registers them. */
    private record Bench(WorkbenchModel model, ProgramViewModel program, GeneraliseViewModel generalise,
                         EntanglementViewModel entanglement, NetworkViewModel network) {
        static Bench fresh() {
            WorkbenchModel model = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
            ProgramViewModel program = new ProgramViewModel(model);
            GeneraliseViewModel generalise = new GeneraliseViewModel(model, Runnable::run);
            EntanglementViewModel entanglement = new EntanglementViewModel(model, model::networks, () -> program.resultProperty().get());
            NetworkViewModel network = new NetworkViewModel(model);
            model.addPanelState(network.panelState());
            model.addPanelState(entanglement.panelState());
            model.addPanelState(generalise.panelState());
            return new Bench(model, program, generalise, entanglement, network);
        }
    }

    @Test
    void everyPanelComesBackFromTheSavedFile() throws IOException {
        Bench before = Bench.fresh();
        before.program().textProperty().set(new SpecForm(4, 4, 8, Constraints.NONE).programText());
        before.program().askTheAngels();
        before.entanglement().sourceProperty().set(TraceSource.SAMPLED);
        before.entanglement().sampleSizeProperty().set(60);
        before.entanglement().run();
        Network sampled = before.entanglement().resultProperty().get().raw().network(0).orElseThrow();
        int shown = before.model().networks().indexOf(sampled);
        before.model().selectedProperty().set(before.model().networks().get(shown));
        OpGroups coloured = before.model().blockGroupsProperty().get();
        assertNotNull(coloured, "a sampled trace's network is coloured by block");
        assertEquals(DiagramOptions.ColourBy.GROUPS, before.network().colourByProperty().get());
        before.network().colourByProperty().set(DiagramOptions.ColourBy.FANOUT);
        before.generalise().sourceProperty().set(SYNTHESISED);
        before.generalise().toNProperty().set(256);
        before.generalise().exampleProperty().set(Families.build("sklansky", 32));
        Path file = dir.resolve("w.entangle.json");
        WorkspaceFiles.write(WorkspaceState.of(before.model()).toWorkspace(), file);

        Bench after = Bench.fresh();
        WorkspaceState.read(WorkspaceFiles.read(file), file.toString()).restoreInto(after.model());
        assertEquals(SYNTHESISED, after.generalise().sourceProperty().get(), "the editor's text, not the default program");
        assertEquals(256, after.generalise().toNProperty().get());
        assertEquals(Families.build("sklansky", 32), after.generalise().exampleProperty().get());
        assertEquals(DiagramOptions.ColourBy.FANOUT, after.network().colourByProperty().get());
        assertEquals(TraceSource.SAMPLED, after.entanglement().sourceProperty().get());
        assertEquals(60, after.entanglement().sampleSizeProperty().get());
        EntanglementResult was = before.entanglement().resultProperty().get();
        EntanglementResult is = after.entanglement().resultProperty().get();
        assertNotNull(is, after.entanglement().summaryProperty().get());
        assertEquals(was.raw().size(), is.raw().size());
        assertEquals(was.raw().names(), is.raw().names());
        assertEquals(was.rawPartition().blocks(), is.rawPartition().blocks());
        assertEquals(was.functionalPartition().blocks().size(), is.functionalPartition().blocks().size());
        assertEquals(before.entanglement().summaryProperty().get().replace(" traces", " traces of the workspace"),
                after.entanglement().summaryProperty().get());
        after.model().selectedProperty().set(after.model().networks().get(shown));
        assertEquals(coloured, after.model().blockGroupsProperty().get(), "the restored result colours the network as before");
    }

    @Test
    void aVersionOneFileOpensAndLeavesThePanelsAsTheyWere() throws IOException {
        Path file = dir.resolve("old.entangle.json");
        Files.writeString(file, "{\"version\": 1, \"networks\": [], \"selected\": -1, \"compare\": -1, \"notes\": \"old\","
                + " \"program\": null}");
        Bench bench = Bench.fresh();
        String start = bench.generalise().sourceProperty().get();
        WorkspaceState.read(WorkspaceFiles.read(file), file.toString()).restoreInto(bench.model());
        assertEquals("old", bench.model().notesProperty().get());
        assertEquals(start, bench.generalise().sourceProperty().get());
        assertEquals(DiagramOptions.ColourBy.STEP, bench.network().colourByProperty().get());
        assertEquals(List.of(), bench.model().networks());
        assertTrue(WorkspaceFiles.read(file).panels().isEmpty());
    }
}
