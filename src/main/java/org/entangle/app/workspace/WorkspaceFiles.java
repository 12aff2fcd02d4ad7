package org.entangle.app.workspace;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.entangle.app.settings.StreamingJson;

/**
 * Saves and opens {@link Workspace} files ({@link WorkspaceState} moves them in and out of the workbench). Writes go
 * through a temporary file so that a crash during a save (or an autosave) never leaves half a file. The autosave is
 * read at every start, so with {@link StreamingJson}; unknown fields are skipped.
 */
public final class WorkspaceFiles {

    /** The autosave file's name inside {@code SettingsStore.home()}. */
    public static final String AUTOSAVE = "autosave.entangle.json";

    private WorkspaceFiles() {
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
