package org.entangle.app.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.settings.Settings;
import org.entangle.app.settings.SettingsStore;
import org.entangle.app.workspace.WorkspaceFiles;
import org.entangle.app.workspace.WorkspaceState;
import org.entangle.network.io.NetworkFiles;

/**
 * The File menu's work, without controls: open a network or a workspace (by file name: {@code *.entangle.json}
 * is a workspace), save the workspace, remember recent files and the last workspace in {@link Settings}, and
 * autosave to {@link SettingsStore#home()} so that a crash loses nothing; the export folder is remembered too.
 */
public final class WorkbenchActions {

    /** A workspace file's name ends with this. */
    public static final String WORKSPACE_SUFFIX = ".entangle.json";

    private final WorkbenchModel model;
    private final SettingsStore store;
    private final ObjectProperty<Settings> settings;
    private boolean autosaving = true;

    public WorkbenchActions(WorkbenchModel model, SettingsStore store) {
        this.model = model;
        this.store = store;
        this.settings = new SimpleObjectProperty<>(store.load());
        String folder = settings.get().exportFolder();
        if (folder != null) model.exportFolderProperty().set(Path.of(folder));
        model.exportFolderProperty().addListener((o, a, f) -> {
            if (f != null) remember(settings.get().withExportFolder(f.toString()));
        });
    }

    /** Opens a network file (added to the gallery and selected) or a workspace (replacing everything). */
    public void open(Path file) {
        boolean workspace = file.getFileName().toString().endsWith(WORKSPACE_SUFFIX);
        if (workspace) {
            model.tasks().submit("Opening " + file.getFileName(),
                    ctx -> WorkspaceState.read(WorkspaceFiles.read(file), file.toString()), state -> {
                        state.restoreInto(model);
                        remember(settings.get().withRecentFile(file.toString()).withLastWorkspace(file.toString()));
                    }, e -> model.report("Opening the workspace " + file.getFileName(), e));
        } else {
            model.tasks().submit("Opening " + file.getFileName(), ctx -> NetworkFiles.load(file), n -> {
                model.add(n);
                remember(settings.get().withRecentFile(file.toString()));
            }, e -> model.report("Opening " + file.getFileName(), e));
        }
    }

    /** Saves the workspace to {@code file} (its name gets the workspace suffix when it lacks it). */
    public Path saveWorkspace(Path file) {
        Path target = file.getFileName().toString().endsWith(WORKSPACE_SUFFIX) ? file
                : file.resolveSibling(file.getFileName().toString().replaceFirst("\\.json$", "") + WORKSPACE_SUFFIX);
        WorkspaceState state = WorkspaceState.of(model);
        model.tasks().submit("Saving " + target.getFileName(), ctx -> {
            WorkspaceFiles.write(state.toWorkspace(), target);
            return target;
        }, t -> remember(settings.get().withRecentFile(t.toString()).withLastWorkspace(t.toString())),
                e -> model.report("Saving the workspace", e));
        return target;
    }

    /**
     * Stops autosaving for this run: a screenshot or start-up measurement must not replace the user's autosaved
     * workspace with the demonstration it shows.
     */
    public void stopAutosaving() {
        autosaving = false;
    }

    /** The autosave file. */
    public static Path autosaveFile() {
        return SettingsStore.home().resolve(WorkspaceFiles.AUTOSAVE);
    }

    /**
     * Autosaves in the background: the workspace's state is taken now, on the calling thread (immutable networks and
     * strings), and written as JSON on a job (a thousand networks take a tenth of a second or more to serialise).
     */
    public void autosaveInBackground() {
        if (!autosaving) return;
        WorkspaceState state = WorkspaceState.of(model);
        Path file = autosaveFile();
        model.tasks().submit("Autosaving", ctx -> {
            WorkspaceFiles.write(state.toWorkspace(), file);
            return file;
        }, f -> { }, e -> model.report("Autosaving to " + file, e));
    }

    /** Writes the autosave file now, on the calling thread (at exit). */
    public void autosave() {
        if (!autosaving) return;
        try {
            WorkspaceFiles.write(WorkspaceState.of(model).toWorkspace(), autosaveFile());
        } catch (IOException e) {
            model.report("Autosaving to " + autosaveFile(), e);
        }
    }

    /** Restores the autosaved workspace if there is one; returns whether it did. */
    public boolean restoreAutosave() {
        Path file = autosaveFile();
        if (!Files.isRegularFile(file)) return false;
        try {
            WorkspaceState.read(WorkspaceFiles.read(file), file.toString()).restoreInto(model);
            return !model.networks().isEmpty();
        } catch (IOException | RuntimeException e) {
            model.report("Restoring the autosaved workspace " + file, e);
            return false;
        }
    }

    /** Stores new settings (window geometry, theme, recent files). */
    public void remember(Settings s) {
        settings.set(s);
        try {
            store.save(s);
        } catch (IOException e) {
            model.report("Saving the settings", e);
        }
    }

    public ObjectProperty<Settings> settingsProperty() {
        return settings;
    }
}
