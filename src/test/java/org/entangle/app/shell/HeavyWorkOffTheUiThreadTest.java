package org.entangle.app.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.entangle.EntanglementViewModel;
import org.entangle.app.entangle.TraceSource;
import org.entangle.app.export.ExportViewModel;
import org.entangle.app.generalise.GeneraliseViewModel;
import org.entangle.app.gpu.GpuViewModel;
import org.entangle.app.patterns.PatternsViewModel;
import org.entangle.app.program.ProgramViewModel;
import org.entangle.app.task.DeferredTaskRunner;
import org.entangle.diagram.DiagramOptions;
import org.entangle.files.SettingsStore;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The responsiveness rule: no oracle search, file I/O, verification, layout export or GPU work on the thread that
 * asks for it (in the app, the JavaFX thread). Each of the workbench's actions is taken with a runner that holds its
 * jobs: the action must hand its work to a job, and nothing of its outcome may be there until the job has run, on a
 * worker thread of the test's own. An action that did its work where it was called would show its outcome at once.
 */
class HeavyWorkOffTheUiThreadTest {

    /** A small search space: prefix networks of width 4 in 3 steps with at most 6 ops. */
    private static final String SMALL = new SpecForm(4, 3, 6, Constraints.NONE).programText();

    private final DeferredTaskRunner runner = new DeferredTaskRunner();
    private final WorkbenchModel model = WorkbenchModel.withCatalogue(runner);
    private final List<String> jobThreads = new ArrayList<>();

    @TempDir
    Path folder;

    @Test
    void askingTheAngelsSearchesOnAJob() throws Exception {
        ProgramViewModel program = new ProgramViewModel(model);
        program.textProperty().set(SMALL);
        takeOffThread("ask the angels", program::askTheAngels, () -> program.resultProperty().get());
        assertFalse(program.resultProperty().get().networks().isEmpty());
    }

    @Test
    void openingSavingAndAutosavingReadAndWriteFilesOnJobs() throws Exception {
        WorkbenchActions actions = new WorkbenchActions(model, new SettingsStore(folder.resolve("settings")));
        Path saved = folder.resolve("work" + WorkbenchActions.WORKSPACE_SUFFIX);
        takeOffThread("save the workspace", () -> actions.saveWorkspace(saved), () -> Files.exists(saved) ? saved : null);
        int networks = model.networks().size();
        model.replaceNetworks(List.of());
        takeOffThread("open the workspace", () -> actions.open(saved), () -> model.networks().isEmpty() ? null : model.networks());
        assertEquals(networks, model.networks().size());
        Path network = Path.of(System.getProperty("networks.dir", "networks"), "brent-kung-8.json");
        takeOffThread("open a network file", () -> actions.open(network),
                () -> model.networks().size() > networks ? model.networks() : null);
    }

    @Test
    void verifyingOverNVerifiesOnAJob() throws Exception {
        GeneraliseViewModel generalise = new GeneraliseViewModel(model, Runnable::run);
        runAll();
        takeOffThread("verify over N", generalise::verify, () -> generalise.verificationProperty().get());
        assertTrue(generalise.verificationProperty().get().passed());
    }

    @Test
    void countingBankConflictsSearchesRemapsOnAJob() throws Exception {
        GeneraliseViewModel generalise = new GeneraliseViewModel(model, Runnable::run);
        runAll();
        generalise.toNProperty().set(32);
        takeOffThread("count bank conflicts", generalise::bankConflicts, () -> generalise.banksProperty().get());
    }

    @Test
    void exportingLaysOutAndWritesOnAJob() throws Exception {
        model.selectedProperty().set(model.networks().get(0));
        ExportViewModel export = ExportViewModel.forSelection(model, () -> DiagramOptions.DEFAULT, () -> false);
        Path svg = folder.resolve("diagram.svg");
        takeOffThread("export the diagram", () -> export.exportTo(svg), () -> Files.exists(svg) ? svg : null);
        assertTrue(Files.readString(svg).contains("<svg"));
    }

    @Test
    void entanglingPartitionsOnAJob() throws Exception {
        model.programProperty().set(SMALL);
        EntanglementViewModel entanglement = new EntanglementViewModel(model, List::of, () -> null);
        entanglement.sourceProperty().set(TraceSource.ALL);
        takeOffThread("entangle", entanglement::run, () -> entanglement.resultProperty().get());
    }

    @Test
    void lookingForTheGpuAndSavingItsKernelHappenOnJobs() throws Exception {
        GpuViewModel gpu = new GpuViewModel(model);
        String looking = gpu.deviceProperty().get();
        takeOffThread("look for a CUDA device", gpu::probe, () -> gpu.deviceProperty().get().equals(looking) ? null : "found");
        PatternsViewModel patterns = new PatternsViewModel(model);
        String patternsLooking = patterns.deviceProperty().get();
        takeOffThread("look for a CUDA device (patterns)", patterns::probe,
                () -> patterns.deviceProperty().get().equals(patternsLooking) ? null : "found");
        model.selectedProperty().set(model.networks().get(0));
        gpu.kernelProperty().get();
        runAll();
        Path cu = folder.resolve("scan.cu");
        takeOffThread("save the CUDA source", () -> gpu.save(cu), () -> Files.exists(cu) ? cu : null);
    }

    /**
     * Takes {@code action}, checks that it submitted a job and that {@code outcome} is still null, then runs the jobs
     * on a worker thread and checks that the outcome is there.
     */
    private void takeOffThread(String action, Runnable take, Supplier<Object> outcome) throws InterruptedException {
        runAll();
        int before = runner.held.size();
        take.run();
        assertTrue(runner.held.size() > before, action + ": no background job submitted");
        assertNull(outcome.get(), action + ": its outcome was there before its job ran");
        runAll();
        assertNotNull(outcome.get(), action + ": no outcome once its job ran");
        assertEquals(List.of("entangle-test-worker"), jobThreads.stream().distinct().toList());
    }

    /** Runs every held job not yet run, and those they submit, on a worker thread. */
    private void runAll() throws InterruptedException {
        Thread worker = new Thread(() -> {
            for (int i = 0; i < runner.held.size(); i++) {
                DeferredTaskRunner.Held job = runner.held.get(i);
                if (job.isDone()) continue;
                jobThreads.add(Thread.currentThread().getName());
                job.complete();
            }
        }, "entangle-test-worker");
        worker.start();
        worker.join();
    }
}
