package org.entangle.network.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;

/**
 * Loads and saves network files in either form. The form is chosen by extension ({@code .json}: JSON;
 * {@code .txt} or {@code .net}: text) and otherwise by content (a file whose first non-blank character is
 * <code>{</code> is JSON). Every problem, an unreadable file included, is a {@link NetworkFormatException}
 * with a {@code file:line:column:} message.
 */
public final class NetworkFiles {

    /** The two forms of a network file. */
    public enum Form { JSON, TEXT }

    private NetworkFiles() {
    }

    /** Loads a network as the file declares it. */
    public static Network load(Path file) {
        return load(file, null);
    }

    /** Loads a network, replacing the model the file declares with {@code modelOverride} unless it is null. */
    public static Network load(Path file, MemoryModel modelOverride) {
        String text;
        try {
            text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new NetworkFormatException(file.toString(), 1, 1, "cannot read the file (" + e.getClass().getSimpleName() + ")");
        }
        return parse(file.toString(), text, formOf(file.getFileName() == null ? "" : file.getFileName().toString(), text), modelOverride);
    }

    /** Parses {@code text} in the given form. */
    public static Network parse(String source, String text, Form form, MemoryModel modelOverride) {
        return form == Form.JSON
                ? NetworkJsonReader.read(source, text, modelOverride)
                : NetworkTextFormat.read(source, text, modelOverride);
    }

    /** The form of a file: by its extension when it has a known one, otherwise by its content. */
    public static Form formOf(String fileName, String text) {
        Form byExtension = formByExtension(fileName);
        if (byExtension != null) return byExtension;
        return text.stripLeading().startsWith("{") ? Form.JSON : Form.TEXT;
    }

    /** The text of {@code network} in the form {@code fileName}'s extension asks for (JSON unless .txt or .net). */
    public static String format(Network network, String fileName) {
        return formByExtension(fileName) == Form.TEXT ? NetworkTextFormat.write(network) : NetworkJsonWriter.write(network);
    }

    private static Form formByExtension(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".json")) return Form.JSON;
        if (lower.endsWith(".txt") || lower.endsWith(".net")) return Form.TEXT;
        return null;
    }

    /** Saves {@code network} to {@code file}, in the form its extension asks for. */
    public static void save(Network network, Path file) throws IOException {
        Files.writeString(file, format(network, file.getFileName().toString()), StandardCharsets.UTF_8);
    }
}
