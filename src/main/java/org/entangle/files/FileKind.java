package org.entangle.files;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * What a file the workbench is asked to open holds, decided by its name where the name says it ({@code .angel}: a
 * program; {@code .entangle.json}: a workspace; {@code .csv}: a trace set; {@code .txt}, {@code .net}: a network) and
 * otherwise by its content: a JSON object with {@code angels} and {@code traces} is a trace set (our JSON form of one),
 * one with {@code networks} a workspace, any other JSON object a network file; text that declares the network format
 * ({@code format: entangle-network/1}) is a network, any other text an angelic program.
 */
public enum FileKind {
    PROGRAM("program"), NETWORK("network"), TRACES("trace set"), WORKSPACE("workspace");

    /** A workspace file's name ends with this. */
    public static final String WORKSPACE_SUFFIX = ".entangle.json";

    private static final JsonFactory JSON = new JsonFactory();

    private final String description;

    FileKind(String description) {
        this.description = description;
    }

    /** The kind of the file called {@code fileName} whose text is {@code text}. */
    public static FileKind of(String fileName, String text) {
        String name = fileName.toLowerCase(Locale.ROOT);
        if (name.endsWith(WORKSPACE_SUFFIX)) return WORKSPACE;
        if (name.endsWith(".angel")) return PROGRAM;
        if (name.endsWith(".csv")) return TRACES;
        if (name.endsWith(".txt") || name.endsWith(".net")) return NETWORK;
        if (!text.stripLeading().startsWith("{")) return text.contains("entangle-network/") ? NETWORK : PROGRAM;
        Set<String> fields = topLevelFields(text);
        if (fields.contains("angels") && fields.contains("traces")) return TRACES;
        return fields.contains("networks") ? WORKSPACE : NETWORK;
    }

    /** The names of the top-level object's fields, as far as the text reads as JSON (the reader reports the rest). */
    private static Set<String> topLevelFields(String text) {
        Set<String> fields = new HashSet<>();
        try (JsonParser in = JSON.createParser(text)) {
            if (in.nextToken() != JsonToken.START_OBJECT) return fields;
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                fields.add(in.currentName());
                in.nextToken();
                in.skipChildren();
            }
        } catch (IOException e) {
            return fields;
        }
        return fields;
    }

    @Override
    public String toString() {
        return description;
    }
}
