package org.entangle.app.workspace;

import java.nio.file.Files;
import java.nio.file.Path;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.shell.WorkbenchActions;
import org.entangle.app.task.DeferredTaskRunner;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.files.SettingsStore;
import org.entangle.files.WorkspaceFiles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Autosave writes the workspace, except in runs that only demonstrate (screenshots, start-up timing); in the background
 * it writes on a job that gives way to the UI.
 */
class AutosaveTest {

    @TempDir
    Path home;

    private final String previousHome = System.getProperty("entangle.home");

    @AfterEach
    void restoreHome() {
        if (previousHome == null) System.clearProperty("entangle.home");
        else System.setProperty("entangle.home", previousHome);
    }

    @Test
    void autosaveWritesTheWorkspaceUnlessStopped() {
        System.setProperty("entangle.home", home.toString());
        WorkbenchModel model = WorkbenchModel.withCatalogue(new SameThreadTaskRunner());
        model.notesProperty().set("a demonstration");
        WorkbenchActions demo = new WorkbenchActions(model, new SettingsStore(home));
        demo.stopAutosaving();
        demo.autosave();
        demo.autosaveInBackground();
        assertFalse(Files.exists(WorkbenchActions.autosaveFile()), "a stopped autosave wrote the workspace");

        new WorkbenchActions(model, new SettingsStore(home)).autosave();
        assertTrue(Files.exists(WorkbenchActions.autosaveFile()));
    }

    @Test
    void theBackgroundAutosaveWritesOnItsJob() throws Exception {
        System.setProperty("entangle.home", home.toString());
        DeferredTaskRunner runner = new DeferredTaskRunner();
        WorkbenchModel model = WorkbenchModel.withCatalogue(runner);
        new WorkbenchActions(model, new SettingsStore(home)).autosaveInBackground();
        assertFalse(Files.exists(WorkbenchActions.autosaveFile()), "written before its job ran");
        DeferredTaskRunner.Held job = runner.held.get(runner.held.size() - 1);
        job.complete();
        assertTrue(Files.exists(WorkbenchActions.autosaveFile()));
        assertEquals(model.networks().size(), WorkspaceFiles.read(WorkbenchActions.autosaveFile()).networks().size());
    }
}
