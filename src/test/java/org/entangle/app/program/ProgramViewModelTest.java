package org.entangle.app.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.DeferredTaskRunner;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.network.Network;
import org.entangle.network.check.RangeChecker;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.Trace;
import org.junit.jupiter.api.Test;

/** Ask the angels with a same-thread runner: the exact count, every trace when few, problems located. */
class ProgramViewModelTest {

    private final WorkbenchModel workbench = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
    private final ProgramViewModel model = new ProgramViewModel(workbench);

    @Test
    void smallProgramKeepsEveryTraceAndFillsTheGallery() {
        model.textProperty().set(new SpecForm(4, 4, 8, Constraints.NONE).programText());
        assertTrue(model.problems().isEmpty());
        model.askTheAngels();
        AngelsResult r = model.resultProperty().get();
        assertEquals(BigInteger.valueOf(180), r.total());
        assertEquals(180, r.networks().size());
        assertFalse(r.sampled());
        assertTrue(r.complete());
        assertEquals(r.networks(), workbench.networks());
        for (Network n : r.networks()) assertTrue(RangeChecker.check(n).correct(), n.name());
        assertTrue(model.progressProperty().get().startsWith("showing 180 of 180, all of them"), model.progressProperty().get());
    }

    @Test
    void theEditorStartsOnTheTalksProgramWithTheSpecFormShowingIt() {
        assertEquals(ProgramTemplates.TALK_16, model.textProperty().get());
        assertTrue(model.problems().isEmpty());
        SpecForm spec = model.spec().specProperty().get();
        assertEquals(new SpecForm(16, 8, 32, Constraints.NONE).programText(), spec.programText());
    }

    @Test
    void aParseErrorIsListedWithItsLine() {
        model.textProperty().set("N = 4\nfor step in 1 to 3 {\n}\n");
        assertEquals(1, model.problems().size());
        assertEquals(2, model.problems().get(0).line());
        int before = workbench.networks().size();
        model.askTheAngels();
        assertEquals(before, workbench.networks().size());
        assertTrue(workbench.problemProperty().get().summary().startsWith("Asking the angels failed: 2:"),
                workbench.problemProperty().get().summary());
    }

    @Test
    void summarySaysHowManyOfHowManyAndHow() {
        Trace trace = new Trace(java.util.List.of(), org.entangle.network.families.Families.build("serial", 8));
        AngelsResult sampled = new AngelsResult(ProgramViewModel.TALK_8, BigInteger.valueOf(247_478_238),
                java.util.Collections.nCopies(1000, trace), true, true, 1.5);
        assertTrue(sampled.summary().startsWith("showing 1,000 of 247,478,238, sampled uniformly"), sampled.summary());
    }

    @Test
    void theTalksTemplatesAreThereAtOnceAndTheCataloguesArriveFromABackgroundJob() {
        DeferredTaskRunner runner = new DeferredTaskRunner();
        ProgramViewModel fresh = new ProgramViewModel(WorkbenchModel.withCatalogue(runner));
        assertEquals(ProgramTemplates.talk(), fresh.templates(), "before the job: the talk's programs only");
        assertEquals(1, runner.held.size(), "the catalogue is read by a job, not on the constructing thread");
        DeferredTaskRunner.Held reading = runner.held.get(0);
        reading.complete();
        assertEquals(ProgramTemplatesTest.every(), fresh.templates());
        assertTrue(fresh.templates().size() > ProgramTemplates.talk().size() + 10, fresh.templates()::toString);
    }
}
