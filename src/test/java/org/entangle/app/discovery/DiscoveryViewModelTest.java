package org.entangle.app.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.Arrays;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.discovery.Gestures;
import org.entangle.discovery.Stage;
import org.entangle.discovery.TalkTour;
import org.entangle.discovery.TraceStates;
import org.entangle.network.metrics.Metrics;
import org.entangle.oracle.Pin;
import org.junit.jupiter.api.Test;

/**
 * The discovery panel's view-model without a display (a same-thread runner), on the talk's program at N = 4 (180 safe
 * traces, all analysed): each gesture adds a stage whose count is the previous stage's traces filtered by what the
 * gesture means; undo and reopen go back; a program that is not the talk's problem is refused with the reason.
 */
class DiscoveryViewModelTest {

    private final SameThreadTaskRunner runner = new SameThreadTaskRunner();
    private final WorkbenchModel workbench = WorkbenchModel.withCatalogue(runner);
    private final DiscoveryViewModel model = new DiscoveryViewModel(workbench);

    @Test
    void gesturesAddStagesThatKeepWhatTheySay() {
        workbench.programProperty().set(TalkTour.talkProblem(4).programText());
        model.startFromProgram();
        Stage first = model.currentProperty().get();
        assertEquals(BigInteger.valueOf(180), first.count());
        assertEquals(1, model.crumbs().size());
        assertTrue(model.crumbs().get(0).label().startsWith("0 · 180 traces · "), model.crumbs().get(0).label());

        model.pinReduction();
        Stage pinned = model.currentProperty().get();
        int[] upSweep = Pin.brentKungUpSweep(4, 2).lo();
        long reaching = first.traceList().stream().filter(t -> Arrays.equals(TraceStates.of(t, 4, 4).los(2), upSweep)).count();
        assertEquals(BigInteger.valueOf(reaching), pinned.count(), "the pin keeps the traces that reach the up-sweep");

        Gestures.ParetoPoint point = Gestures.paretoFront(pinned).get(0);
        model.slice(point);
        Stage sliced = model.currentProperty().get();
        long inSlice = pinned.traceList().stream().map(t -> Metrics.of(t.network()))
                .filter(m -> m.size() == point.size() && m.depth() == point.depth()).count();
        assertEquals(BigInteger.valueOf(inSlice), sliced.count());

        assertTrue(!model.openBlockIndices().isEmpty(), "lane 2 may still combine in step 3 or 4");
        int block = model.openBlockIndices().get(0);
        Gestures.Combination combination = Gestures.combinations(sliced, sliced.rawPartition().blocks().get(block)).get(0);
        model.fix(block, combination);
        assertEquals(BigInteger.valueOf(combination.traces()), model.currentProperty().get().count());
        assertEquals(4, model.crumbs().size());
        model.undo();
        assertEquals(3, model.crumbs().size());
        model.openInProgram();
        assertTrue(workbench.programProperty().get().contains("// Constraint 2: keep the networks of size " + point.size()),
                workbench.programProperty().get());
        model.reopen(0);
        assertEquals(1, model.crumbs().size());
        assertEquals(first, model.currentProperty().get());
    }

    @Test
    void aSavedSessionComesBackStageByStageInAnotherWorkbench() {
        workbench.programProperty().set(TalkTour.talkProblem(4).programText());
        model.startFromProgram();
        model.pinReduction();
        model.slice(Gestures.paretoFront(model.currentProperty().get()).get(0));
        java.util.Map<String, String> fields = model.panelState().capture().get();

        WorkbenchModel other = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        DiscoveryViewModel restored = new DiscoveryViewModel(other);
        restored.panelState().restore(fields);
        assertEquals(model.crumbs().stream().map(DiscoveryViewModel.Crumb::label).toList(),
                restored.crumbs().stream().map(DiscoveryViewModel.Crumb::label).toList());
        assertEquals(model.currentProperty().get().spec().text(), restored.currentProperty().get().spec().text());
        assertEquals(model.currentProperty().get().count(), restored.currentProperty().get().count());
    }

    @Test
    void aProgramThatIsNotTheTalksProblemIsRefusedWithTheReason() {
        workbench.programProperty().set(TalkTour.catalogue("brent-kung.angel"));
        model.startFromProgram();
        assertEquals(0, model.crumbs().size());
        assertTrue(model.statusProperty().get().contains("not the talk's problem"), model.statusProperty().get());
    }
}
