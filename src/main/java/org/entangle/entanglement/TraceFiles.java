package org.entangle.entanglement;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads a trace set from a file in either of its forms: our JSON ({@link TraceJson}), when the name ends in
 * {@code .json} or the text is a JSON object, else CSV ({@link TraceCsv}, its header found automatically), at most
 * {@link FinestPartition#MAX_TRACES} rows. Every problem is a {@link TraceFormatException} naming the file and, where
 * there is one, the line.
 */
public final class TraceFiles {

    private TraceFiles() {
    }

    /** The trace set in {@code file}. */
    public static TraceSet read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TraceFormatException(file.toString(), 0, "cannot read the file (" + e.getClass().getSimpleName() + ")");
        }
        return read(file.toString(), text);
    }

    /** The trace set in {@code text}; {@code source} names it in errors. */
    public static TraceSet read(String source, String text) {
        boolean json = source.toLowerCase(Locale.ROOT).endsWith(".json") || text.stripLeading().startsWith("{");
        try (Reader in = new StringReader(text)) {
            return json ? TraceJson.read(in, source)
                    : TraceCsv.read(in, source, TraceCsv.Header.AUTO);
        } catch (IOException e) {
            throw new TraceFormatException(source, 0, "cannot read the traces (" + e.getClass().getSimpleName() + ")");
        }
    }
}
