package org.entangle.app.workspace;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.settings.StreamingJson;
import org.entangle.network.Network;
import org.entangle.network.io.NetworkJsonReader;
import org.entangle.network.io.NetworkJsonWriter;

/**
 * Saves and opens {@link Workspace} files, and moves them in and out of the {@link WorkbenchModel}. Writes go
 * through a temporary file so that a crash during a save (or an autosave) never leaves half a file. The autosave is
 * read at every start, so with {@link StreamingJson}; unknown fields are skipped.
 */
public final class WorkspaceFiles {

    /** The autosave file's name inside {@code SettingsStore.home()}. */
    public static final String AUTOSAVE = "autosave.entangle.json";

    private WorkspaceFiles() {
    }

    /** The workspace that the model holds now. */
    public static Workspace capture(WorkbenchModel model) {
        List<String> texts = new ArrayList<>();
        for (Network n : model.networks()) texts.add(NetworkJsonWriter.write(n));
        return new Workspace(Workspace.VERSION, texts, model.networks().indexOf(model.selectedProperty().get()),
                model.networks().indexOf(model.compareWithProperty().get()), model.notesProperty().get(),
                model.programProperty().get());
    }

    /** Replaces the model's networks, selection, comparison and notes with the workspace's. */
    public static void restore(Workspace workspace, WorkbenchModel model, String source) {
        List<Network> networks = new ArrayList<>();
        for (int i = 0; i < workspace.networks().size(); i++) {
            networks.add(NetworkJsonReader.read(source + " network " + (i + 1), workspace.networks().get(i)));
        }
        model.replaceNetworks(networks);
        if (workspace.selected() >= 0 && workspace.selected() < networks.size()) {
            model.selectedProperty().set(networks.get(workspace.selected()));
        }
        model.compareWithProperty().set(workspace.compare() >= 0 && workspace.compare() < networks.size()
                ? networks.get(workspace.compare()) : null);
        model.notesProperty().set(workspace.notes() == null ? "" : workspace.notes());
        if (workspace.program() != null && !workspace.program().isBlank()) model.programProperty().set(workspace.program());
    }

    public static void write(Workspace workspace, Path file) throws IOException {
        StreamingJson.writeObject(file, out -> {
            out.writeNumberField("version", workspace.version());
            StreamingJson.textsField(out, "networks", workspace.networks());
            out.writeNumberField("selected", workspace.selected());
            out.writeNumberField("compare", workspace.compare());
            out.writeStringField("notes", workspace.notes());
            out.writeStringField("program", workspace.program());
        });
    }

    public static Workspace read(Path file) throws IOException {
        int version = 0;
        List<String> networks = null;
        int selected = -1;
        int compare = -1;
        String notes = null;
        String program = null;
        try (JsonParser in = StreamingJson.openObject(file)) {
            for (String field = StreamingJson.nextField(in); field != null; field = StreamingJson.nextField(in)) {
                switch (field) {
                    case "version" -> version = in.getIntValue();
                    case "networks" -> networks = StreamingJson.texts(in);
                    case "selected" -> selected = in.getIntValue();
                    case "compare" -> compare = in.getIntValue();
                    case "notes" -> notes = StreamingJson.nullableText(in);
                    case "program" -> program = StreamingJson.nullableText(in);
                    default -> in.skipChildren();
                }
            }
        } catch (JsonProcessingException e) {
            throw StreamingJson.located(e);
        }
        if (networks == null) throw new IOException(file + ": not a workspace (no \"networks\")");
        return new Workspace(version, networks, selected, compare, notes, program);
    }
}
