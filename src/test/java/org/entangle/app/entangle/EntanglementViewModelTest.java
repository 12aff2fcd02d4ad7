package org.entangle.app.entangle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.entanglement.Block;
import org.entangle.entanglement.Partition;
import org.entangle.entanglement.TraceSet;
import org.entangle.network.Network;
import org.entangle.network.OpGroups;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/** The entanglement panel's view-model with a same-thread runner: partitions, tables and the block colouring. */
class EntanglementViewModelTest {

    private final SameThreadTaskRunner runner = new SameThreadTaskRunner();
    private final WorkbenchModel workbench = WorkbenchModel.withCatalogue(runner);
    private final EntanglementViewModel model = new EntanglementViewModel(workbench, () -> workbench.networks().subList(0, 3));

    @Test
    void blocksPartitionTheAnglesOfBothViews() {
        model.run();
        EntanglementResult r = model.resultProperty().get();
        assertNotNull(r);
        assertPartition(r.rawPartition(), r.raw().angels());
        assertPartition(r.functionalPartition(), r.functional().angels());
        assertEquals(r.rawPartition().blocks().size(), model.rawBlocks().size());
        assertEquals(workbench.networks().size(), r.raw().size());
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
    void filteredAndSampledSourcesAnalyseFewerTraces() {
        model.sourceProperty().set(TraceSource.FILTERED);
        model.run();
        assertEquals(3, model.resultProperty().get().raw().size());
        model.sourceProperty().set(TraceSource.SAMPLED);
        model.sampleSizeProperty().set(4);
        model.run();
        assertEquals(4, model.resultProperty().get().raw().size());
    }

    @Test
    void everyOpOfTheSelectedNetworkIsColouredByTheBlockOfTheAngelThatChoseIt() {
        model.run();
        EntanglementResult r = model.resultProperty().get();
        for (Network n : List.of(workbench.networks().get(2), workbench.networks().get(5))) {
            workbench.selectedProperty().set(n);
            OpGroups groups = workbench.blockGroupsProperty().get();
            assertNotNull(groups);
            for (int s = 0; s < n.stepCount(); s++) {
                for (int i = 0; i < n.step(s).size(); i++) {
                    int angel = r.raw().names().indexOf(NetworkChoices.angel(s, n.step(s).ops().get(i).dst()));
                    assertEquals(r.rawPartition().blockOf(angel), groups.groupOf(s, i).orElseThrow(), n.name() + " step " + s);
                }
            }
        }
    }

    @Test
    void rawTracesRecordEachWiresChoicePerStep() {
        Network bk = Families.build("brent-kung", 8);
        Network serial = Families.build("serial", 8);
        TraceSet set = NetworkChoices.traces(List.of(bk, serial));
        assertEquals(2, set.size());
        for (int row = 0; row < 2; row++) {
            Network n = set.network(row).orElseThrow();
            int ops = 0;
            for (int a = 0; a < set.angels(); a++) {
                if (!set.token(row, a).equals(NetworkChoices.NOTHING)) ops++;
            }
            assertEquals(n.opCount(), ops, n.name());
        }
        Map<Integer, ?> chosen = NetworkChoices.choices(bk, set).opsByAngel();
        assertEquals(bk.opCount(), chosen.values().stream().mapToInt(v -> ((List<?>) v).size()).sum());
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
