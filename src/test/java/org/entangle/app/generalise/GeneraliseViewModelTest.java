package org.entangle.app.generalise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.DeferredTaskRunner;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.generalize.ProgramInstances;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.io.NetworkFiles;
import org.entangle.network.metrics.Metrics;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;

/**
 * The generalise panel's view-model: the live diff of the talk's program against its example, verification rows
 * that match the networks' metrics, the first failure explained, parse errors and sketches reported inline,
 * stale live results dropped, cancel, variants, bank conflicts and synthesis from the example.
 */
class GeneraliseViewModelTest {

    private static GeneraliseViewModel model(WorkbenchModel workbench) {
        return new GeneraliseViewModel(workbench, Runnable::run);
    }

    @Test
    void theTalksProgramIsIdenticalToBrentKungAndVerifiesWithItsClosedForm() {
        WorkbenchModel workbench = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        GeneraliseViewModel model = model(workbench);
        LiveResult live = model.liveProperty().get();
        assertFalse(live.error(), live.message());
        assertTrue(live.diff().identical(), live.message());
        model.toNProperty().set(32);
        model.verify();
        assertEquals(32, model.rows().size());
        Program program = Program.parse(model.sourceProperty().get());
        for (VerificationRow r : model.rows()) {
            assertTrue(r.correct(), "N = " + r.n());
            assertEquals("", r.failure());
            assertEquals(Metrics.of(ProgramInstances.at(program, r.n(), new CancellationToken())).size(), r.size(), "N = " + r.n());
        }
        assertEquals("2N − log2 N − 2", model.verificationProperty().get().sizeForm().orElseThrow().toString());
        assertFalse(model.busyProperty().get());
    }

    @Test
    void aWrongProgramFailsAtItsFirstWrongNWithTheExplanation() {
        GeneraliseViewModel model = model(WorkbenchModel.withCatalogue(new SameThreadTaskRunner()));
        String upSweepOnly = model.sourceProperty().get().substring(0, model.sourceProperty().get().lastIndexOf("for step"))
                + "assert scan(x)\n";
        model.sourceProperty().set(upSweepOnly);
        assertTrue(model.liveProperty().get().error(), "the up-sweep alone is no scan at N = 16");
        model.verify();
        assertFalse(model.rows().isEmpty(), model.messageProperty().get());
        VerificationRow last = model.rows().get(model.rows().size() - 1);
        assertFalse(last.correct());
        assertFalse(last.failure().isEmpty());
        assertTrue(last.failure().startsWith("N = " + last.n()), last.failure());
        assertTrue(model.rows().subList(0, model.rows().size() - 1).stream().allMatch(VerificationRow::correct));
        assertEquals(3, last.n(), "N = 3 is the first width whose prefix x[1] is never fixed up by the down-sweep");
    }

    @Test
    void parseErrorsAndSketchesAreSaidInline() {
        GeneraliseViewModel model = model(WorkbenchModel.withCatalogue(new SameThreadTaskRunner()));
        model.sourceProperty().set("for step in 1 .. {\n");
        assertTrue(model.liveProperty().get().error());
        assertFalse(model.liveProperty().get().message().contains("Exception"), model.liveProperty().get().message());
        model.sourceProperty().set(GeneraliseViewModel.resource(GeneraliseViewModel.START_SKETCH));
        assertEquals(8, model.liveProperty().get().holes(), model.liveProperty().get().message());
        assertNull(model.liveProperty().get().instance());
    }

    @Test
    void aStaleLiveResultNeverOverwritesANewerOne() {
        DeferredTaskRunner runner = new DeferredTaskRunner();
        WorkbenchModel workbench = WorkbenchModel.withCatalogue(runner);
        GeneraliseViewModel model = model(workbench);
        String original = model.sourceProperty().get();
        model.sourceProperty().set("this does not parse");
        model.sourceProperty().set(original);
        int n = runner.held.size();
        runner.held.get(n - 1).complete();
        assertTrue(model.liveProperty().get().diff().identical());
        runner.held.get(n - 2).complete();
        assertFalse(model.liveProperty().get().error(), "the older, failing text must not replace the newer result");
        assertTrue(runner.held.get(n - 2).cancelled());
    }

    @Test
    void cancelDropsTheRunningVerification() {
        DeferredTaskRunner runner = new DeferredTaskRunner();
        GeneraliseViewModel model = model(WorkbenchModel.withCatalogue(runner));
        model.verify();
        assertTrue(model.busyProperty().get());
        model.cancel();
        assertFalse(model.busyProperty().get());
        runner.held.get(runner.held.size() - 1).complete();
        assertTrue(model.rows().isEmpty());
        assertNull(model.verificationProperty().get());
    }

    @Test
    void variantsAreComparedWithTheExampleAndJoinTheGallery() {
        WorkbenchModel workbench = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        GeneraliseViewModel model = model(workbench);
        int before = workbench.networks().size();
        VariantTarget backward = VariantTarget.all().stream().filter(t -> t.name().equals("Backward")).findFirst().orElseThrow();
        model.applyVariant(backward);
        Network v = model.variantProperty().get();
        assertNotNull(v);
        assertEquals(before + 1, workbench.networks().size());
        assertEquals(backward.transform().apply(model.liveProperty().get().instance()), v);
    }

    @Test
    void bankConflictsAtTheRangesLastN() {
        GeneraliseViewModel model = model(WorkbenchModel.withCatalogue(new SameThreadTaskRunner()));
        model.toNProperty().set(128);
        model.bankConflicts();
        BankView banks = model.banksProperty().get();
        assertNotNull(banks, model.messageProperty().get());
        assertEquals(128, banks.network().width());
        assertEquals(banks.network().stepCount(), banks.original().bankLoad().length);
        assertTrue(banks.best().extraCycles() <= banks.original().extraCycles());
        assertTrue(banks.summary().contains("extra cycles"), banks.summary());
    }

    @Test
    void synthesisFillsTheUpSweepSketchFromItsExample() throws Exception {
        WorkbenchModel workbench = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        GeneraliseViewModel model = model(workbench);
        model.exampleProperty().set(NetworkFiles.load(Path.of("networks/upsweep-16.json")));
        model.sourceProperty().set(java.nio.file.Files.readString(Path.of("networks/sketch-upsweep.angel")));
        model.toNProperty().set(32);
        model.synthesize();
        var result = model.synthesisProperty().get();
        assertNotNull(result, model.messageProperty().get());
        assertTrue(result.found(), result.failure());
        model.useSynthesis();
        assertEquals(0, model.liveProperty().get().holes());
        assertTrue(model.liveProperty().get().diff().identical(), model.liveProperty().get().message());
    }

    @Test
    void theRangeCanBeRestrictedToPowersOfTwo() {
        GeneraliseViewModel model = model(WorkbenchModel.withCatalogue(new SameThreadTaskRunner()));
        model.fromNProperty().set(3);
        model.toNProperty().set(40);
        model.powersOfTwoProperty().set(true);
        assertEquals(java.util.List.of(4, 8, 16, 32), model.range());
        model.powersOfTwoProperty().set(false);
        assertEquals(38, model.range().size());
    }
}
