package org.entangle.files;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The small JSON files the workbench reads as it starts (settings, the autosaved workspace), read and written with
 * Jackson's streaming API (jackson-core) rather than its object mapper: the mapper's 450-odd classes and its
 * reflection over the records took a tenth of a second or more of every start. The files are the ones the mapper wrote:
 * an object of named fields, unknown fields skipped, {@code null} for absent values, indented output.
 */
public final class StreamingJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private StreamingJson() {
    }

    /** A parser on {@code file}, past the opening brace of its top-level object. */
    public static JsonParser openObject(Path file) throws IOException {
        JsonParser parser = FACTORY.createParser(file.toFile());
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            parser.close();
            throw new JsonParseException(parser, file + ": not a JSON object");
        }
        return parser;
    }

    /**
     * {@code e} as the user reads it: "line 1, column 17: expected a string", without Jackson's note on the source it
     * hides ("[Source: REDACTED …]").
     */
    public static IOException located(JsonProcessingException e) {
        String what = e.getOriginalMessage() == null ? "unreadable JSON" : e.getOriginalMessage();
        if (e.getLocation() == null || e.getLocation().getLineNr() < 1) return new IOException(what, e);
        return new IOException("line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ": " + what,
                e);
    }

    /** The next field's name, with the parser on its value; null at the end of the object. */
    public static String nextField(JsonParser parser) throws IOException {
        if (parser.nextToken() != JsonToken.FIELD_NAME) return null;
        String name = parser.currentName();
        parser.nextToken();
        return name;
    }

    /** The current value as a number, or null for JSON {@code null}. */
    public static Double nullableDouble(JsonParser parser) throws IOException {
        return parser.currentToken() == JsonToken.VALUE_NULL ? null : parser.getDoubleValue();
    }

    /** The current value as text, or null for JSON {@code null}. */
    public static String nullableText(JsonParser parser) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_NULL) return null;
        if (parser.currentToken() != JsonToken.VALUE_STRING) throw new JsonParseException(parser, "expected a string");
        return parser.getText();
    }

    /** The current value, an array of strings (null entries kept), or an empty list for JSON {@code null}. */
    public static List<String> texts(JsonParser parser) throws IOException {
        List<String> list = new ArrayList<>();
        if (parser.currentToken() == JsonToken.VALUE_NULL) return list;
        if (parser.currentToken() != JsonToken.START_ARRAY) throw new JsonParseException(parser, "expected an array");
        while (parser.nextToken() != JsonToken.END_ARRAY) list.add(nullableText(parser));
        return list;
    }

    /** Writes the fields of one object, between its braces. */
    @FunctionalInterface
    public interface Fields {
        void write(JsonGenerator out) throws IOException;
    }

    /**
     * Writes {@code file} as one indented JSON object whose fields {@code fields} writes, through a temporary file
     * beside it ({@code NAME.tmp}) moved into place at the end, so a crash never leaves half a file; creates the folder.
     */
    public static void writeObject(Path file, Fields fields) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (JsonGenerator out = FACTORY.createGenerator(tmp.toFile(), JsonEncoding.UTF8).useDefaultPrettyPrinter()) {
            out.writeStartObject();
            fields.write(out);
            out.writeEndObject();
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Writes {@code name}: the number, or {@code null}. */
    public static void nullableNumberField(JsonGenerator out, String name, Double value) throws IOException {
        out.writeFieldName(name);
        if (value == null) out.writeNull();
        else out.writeNumber(value);
    }

    /** Writes {@code name}: the strings as an array. */
    public static void textsField(JsonGenerator out, String name, List<String> values) throws IOException {
        out.writeArrayFieldStart(name);
        for (String v : values) out.writeString(v);
        out.writeEndArray();
    }
}
