package org.entangle.app.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.workspace.WorkspaceState;
import org.entangle.files.FileKind;
import org.entangle.files.Settings;
import org.entangle.files.SettingsStore;
import org.entangle.files.WorkspaceFiles;
import org.entangle.lang.LangError;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.io.NetworkFiles;

/**
 * The File menu's work, without controls: open a program, a network, a trace set or a workspace (by name and content,
 * {@link FileKind}) into the panel for it, save the workspace, remember recent files and the last workspace in {@link Settings}, and
 * autosave to {@link SettingsStore#home()} so that a crash loses nothing; the export folder is remembered too.
 */
public final class WorkbenchActions {

    /** A workspace file's name ends with this. */
    public static final String WORKSPACE_SUFFIX = FileKind.WORKSPACE_SUFFIX;

    private final WorkbenchModel model;
    private final SettingsStore store;
    private final ObjectProperty<Settings> settings;
    private boolean autosaving = true;
    private Shows shows;

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

    /** Where an opened program or trace set is shown: the panels that take them (the window sets it). */
    public interface Shows {
        /** Shows an angelic program ({@code angels}: it asks angels) in the panel for it. */
        void program(String text, boolean angels);

        /** Partitions the trace set {@code file} holds in the entanglement panel. */
        void traces(Path file);

        /** Shows the panel called {@code name}. */
        void panel(String name);
    }

    /**
     * Opens a file of any kind the workbench reads ({@link FileKind}): a workspace replaces everything, a network joins
     * the gallery, selected and shown, a program goes to its panel, a trace set is partitioned. A bad file is reported
     * with its name and, where the reader knows it, its line.
     */
    public void open(Path file) {
        String name = file.getFileName().toString();
        model.tasks().submit("Opening " + name, ctx -> {
            String text = Files.readString(file);
            FileKind kind = FileKind.of(name, text);
            return switch (kind) {
                case WORKSPACE -> WorkspaceState.read(WorkspaceFiles.read(file), file.toString());
                case NETWORK -> NetworkFiles.load(file);
                case PROGRAM -> parsed(file, text);
                case TRACES -> kind;
            };
        }, opened -> {
            if (opened instanceof WorkspaceState state) {
                state.restoreInto(model);
                remember(settings.get().withLastWorkspace(file.toString()));
            } else if (opened instanceof Network network) {
                model.add(network);
                if (shows != null) shows.panel("network");
            } else if (opened instanceof Program program) {
                shows().program(program.source(), program.hasAngels());
            } else {
                shows().traces(file);
            }
            remember(settings.get().withRecentFile(file.toString()));
        }, e -> model.report("Opening " + name, e));
    }

    /** The program in {@code text}, or an error naming the file, the line and the column. */
    private static Program parsed(Path file, String text) {
        try {
            return Program.parse(text);
        } catch (LangError e) {
            throw new IllegalArgumentException(file + ":" + e.getMessage(), e);
        }
    }

    private Shows shows() {
        return java.util.Objects.requireNonNull(shows, "no window shows opened files: showOpenedIn was not called");
    }

    /**
     * Sets where opened programs, networks and trace sets are shown; before the first {@link #open} of a program or a
     * trace set (without it, an opened network only joins the gallery).
     */
    public void showOpenedIn(Shows panels) {
        shows = panels;
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
