package org.entangle.files;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Saves and opens {@link Workspace} files (the workbench moves its state in and out of them). Writes go
 * through a temporary file so that a crash during a save (or an autosave) never leaves half a file. The autosave is
 * read at every start, so with {@link StreamingJson}; unknown fields are skipped, and a file without {@code panels}
 * (version 1) has none.
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
            out.writeObjectFieldStart("panels");
            for (Map.Entry<String, Map<String, String>> panel : new TreeMap<>(workspace.panels()).entrySet()) {
                out.writeObjectFieldStart(panel.getKey());
                for (Map.Entry<String, String> field : new TreeMap<>(panel.getValue()).entrySet()) {
                    out.writeStringField(field.getKey(), field.getValue());
                }
                out.writeEndObject();
            }
            out.writeEndObject();
        });
    }

    public static Workspace read(Path file) throws IOException {
        int version = 0;
        List<String> networks = null;
        int selected = -1;
        int compare = -1;
        String notes = null;
        String program = null;
        Map<String, Map<String, String>> panels = new LinkedHashMap<>();
        try (JsonParser in = StreamingJson.openObject(file)) {
            for (String field = StreamingJson.nextField(in); field != null; field = StreamingJson.nextField(in)) {
                switch (field) {
                    case "version" -> version = in.getIntValue();
                    case "networks" -> networks = StreamingJson.texts(in);
                    case "selected" -> selected = in.getIntValue();
                    case "compare" -> compare = in.getIntValue();
                    case "notes" -> notes = StreamingJson.nullableText(in);
                    case "program" -> program = StreamingJson.nullableText(in);
                    case "panels" -> readPanels(in, panels);
                    default -> in.skipChildren();
                }
            }
        } catch (JsonProcessingException e) {
            throw StreamingJson.located(e);
        }
        if (networks == null) throw new IOException(file + ": not a workspace (no \"networks\")");
        return new Workspace(version, networks, selected, compare, notes, program, panels);
    }

    /** The {@code panels} object: for each panel's key, an object of text fields (null fields left out). */
    private static void readPanels(JsonParser in, Map<String, Map<String, String>> panels) throws IOException {
        if (in.currentToken() == JsonToken.VALUE_NULL) return;
        if (in.currentToken() != JsonToken.START_OBJECT) throw new JsonParseException(in, "expected an object of panels");
        for (String panel = StreamingJson.nextField(in); panel != null; panel = StreamingJson.nextField(in)) {
            if (in.currentToken() != JsonToken.START_OBJECT) throw new JsonParseException(in, "expected the fields of panel " + panel);
            Map<String, String> fields = new LinkedHashMap<>();
            for (String field = StreamingJson.nextField(in); field != null; field = StreamingJson.nextField(in)) {
                String value = StreamingJson.nullableText(in);
                if (value != null) fields.put(field, value);
            }
            panels.put(panel, fields);
        }
    }
}
