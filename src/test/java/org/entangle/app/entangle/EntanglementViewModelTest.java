package org.entangle.app.entangle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.program.ProgramViewModel;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.entanglement.Block;
import org.entangle.entanglement.Partition;
import org.entangle.entanglement.TraceSet;
import org.entangle.lang.AngelChoice;
import org.entangle.network.Network;
import org.entangle.network.OpGroups;
import org.entangle.network.check.RangeChecker;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.Trace;
import org.junit.jupiter.api.Test;

/**
 * The entanglement panel's view-model with a same-thread runner on the program (4, 4, 8) of the talk (180 safe
 * traces): it analyses the oracle's traces (their angels' own choices), all, filtered or sampled, and colours the
 * selected network by block.
 */
class EntanglementViewModelTest {

    private static final int TRACES = 180;

    private final SameThreadTaskRunner runner = new SameThreadTaskRunner();
    private final WorkbenchModel workbench = WorkbenchModel.withCatalogue(runner);
    private final ProgramViewModel program = new ProgramViewModel(workbench);
    private final EntanglementViewModel model = new EntanglementViewModel(workbench, () -> workbench.networks().subList(0, 3),
            () -> program.resultProperty().get());

    EntanglementViewModelTest() {
        program.textProperty().set(new SpecForm(4, 4, 8, Constraints.NONE).programText());
        program.askTheAngels();
    }

    @Test
    void blocksPartitionTheAnglesOfBothViews() {
        model.run();
        EntanglementResult r = model.resultProperty().get();
        assertNotNull(r, model.summaryProperty().get());
        assertPartition(r.rawPartition(), r.raw().angels());
        assertPartition(r.functionalPartition(), r.functional().angels());
        assertEquals(r.rawPartition().blocks().size(), model.rawBlocks().size());
        assertEquals(TRACES, r.raw().size());
        assertTrue(runner.messages().stream().anyMatch(m -> m.startsWith("raw view")), runner.messages().toString());
    }

    private static void assertPartition(Partition p, int angels) {
        BitSet seen = new BitSet();
        for (Block b : p.blocks()) {
            for (int a : b.angels()) {
                assertTrue(!seen.get(a), "angel " + a + " in two blocks");
                seen.set(a);
            }
        }
        assertEquals(angels, seen.cardinality());
    }

    @Test
    void theRawTracesAreTheOraclesTracesWithTheirAngelsChoices() {
        model.run();
        EntanglementResult r = model.resultProperty().get();
        TraceSet raw = r.raw();
        List<Trace> oracle = program.resultProperty().get().traces();
        assertEquals(oracle.size(), raw.size());
        for (String name : raw.names()) assertTrue(name.startsWith("!!@"), "not one of the program's angels: " + name);
        for (int row = 0; row < raw.size(); row++) {
            Trace trace = oracle.get(row);
            assertSame(trace.network(), raw.network(row).orElseThrow(), "trace " + row + " keeps the gallery's network");
            int ran = 0;
            for (AngelChoice c : trace.choices()) {
                assertEquals(Integer.toString(c.value()), raw.token(row, raw.names().indexOf(c.name())), c.name());
                ran++;
            }
            int notBottom = 0;
            for (int a = 0; a < raw.angels(); a++) if (!raw.token(row, a).equals("⊥")) notBottom++;
            assertEquals(ran, notBottom, "trace " + row + ": the angels that did not run are ⊥");
        }
    }

    @Test
    void filteredAndSampledSourcesAnalyseFewerTraces() {
        model.sourceProperty().set(TraceSource.FILTERED);
        model.run();
        assertEquals(3, model.resultProperty().get().raw().size());
        assertSame(workbench.networks().get(2), model.resultProperty().get().raw().network(2).orElseThrow());
        model.sourceProperty().set(TraceSource.SAMPLED);
        model.sampleSizeProperty().set(4);
        model.run();
        TraceSet sampled = model.resultProperty().get().raw();
        assertTrue(sampled.size() >= 1 && sampled.size() <= 4, "4 draws with repetition give 1 to 4 distinct traces: " + sampled.size());
        for (Network n : sampled.networks()) assertTrue(RangeChecker.check(n).correct(), n.name());
    }

    @Test
    void withoutTheAngelsAllTracesComeFromTheOracleAndFilteredSaysWhatToDo() {
        EntanglementViewModel fresh = new EntanglementViewModel(workbench, workbench::networks, () -> null);
        fresh.run();
        assertEquals(TRACES, fresh.resultProperty().get().raw().size());
        fresh.sourceProperty().set(TraceSource.FILTERED);
        fresh.run();
        assertTrue(fresh.summaryProperty().get().startsWith("Not run: the filtered traces are the gallery's"),
                fresh.summaryProperty().get());
    }

    @Test
    void everyOpOfTheSelectedNetworkIsColouredByABlock() {
        model.run();
        EntanglementResult r = model.resultProperty().get();
        for (Network n : List.of(workbench.networks().get(2), workbench.networks().get(17))) {
            workbench.selectedProperty().set(n);
            OpGroups groups = workbench.blockGroupsProperty().get();
            assertNotNull(groups);
            assertSame(n, model.shownNetworkProperty().get());
            for (int s = 0; s < n.stepCount(); s++) {
                for (int i = 0; i < n.step(s).size(); i++) {
                    int block = groups.groupOf(s, i).orElseThrow();
                    assertTrue(block >= 0 && block < r.rawPartition().blocks().size(), n.name() + " step " + s);
                }
            }
        }
        Network other = WorkbenchModel.catalogue(5).get(0);
        workbench.selectedProperty().set(other);
        assertNull(workbench.blockGroupsProperty().get(), "a network that is no trace of the program is not coloured");
        assertSame(other, model.shownNetworkProperty().get(), "the diagram follows the selection, never another trace's network");
    }

    @Test
    void theDiagramFollowsTheSelectionWhenTheAnalysedTracesAreASamplesCopies() {
        model.sourceProperty().set(TraceSource.SAMPLED);
        model.sampleSizeProperty().set(40);
        model.run();
        List<Trace> sampled = model.resultProperty().get().traces().traces();
        Network copy = sampled.get(sampled.size() - 1).network();
        Network selected = workbench.networks().stream().filter(copy::equals).findFirst().orElseThrow();
        workbench.selectedProperty().set(selected);
        assertSame(selected, model.shownNetworkProperty().get(), "the gallery's network, not the sample's first");
        assertNotNull(model.shownGroupsProperty().get(), "the same steps as a sampled trace: coloured by its blocks");
        assertEquals(model.shownGroupsProperty().get(), workbench.blockGroupsProperty().get());
    }

    @Test
    void blockTableListsTheDistinctCombinations() {
        model.run();
        for (EntanglementViewModel.BlockRow row : model.rawBlocks()) {
            List<List<String>> table = EntanglementViewModel.table(row);
            assertEquals(Math.min(row.block().combinations(), EntanglementViewModel.TABLE_ROWS), table.size());
            assertEquals(table.size(), table.stream().distinct().count());
        }
    }
}
