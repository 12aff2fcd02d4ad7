package org.entangle.entanglement;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/**
 * Trace sets as CSV, in the format of the Onward! 2015 tool's data (Torlak and Barman): one trace per line, one angel
 * per column, values are comma-separated tokens (surrounding blanks trimmed, blank lines skipped). An optional first
 * line names the angels: it is a header when it starts with {@code #} (what {@link #write} produces) or when the caller
 * says so; without one, angels are named by their 0-based column, {@code a0, a1, …}. Each angel's domain is the tokens
 * seen in its column, in order of first appearance.
 */
public final class TraceCsv {

    /** Whether the first line names the angels. */
    public enum Header {
        /** A header exactly when the first line starts with {@code #}. */
        AUTO,
        /** The first line is a header (a leading {@code #} is dropped). */
        PRESENT
    }

    /**
     * How to read: whether there is a header, the most rows accepted (more is an error at the first row beyond),
     * and, when {@code sample > 0}, a seeded uniform sample of that many rows (reservoir sampling, so the whole
     * file is never held) instead of every row.
     */
    public record Options(Header header, long maxRows, int sample, long seed) {
        /** Every row, header as {@code header} says, at most {@link FinestPartition#MAX_TRACES} rows. */
        public static Options of(Header header) {
            return new Options(header, FinestPartition.MAX_TRACES, 0, 0);
        }
    }

    private TraceCsv() {
    }

    /** Reads every row of a trace set, with a header as {@code header} says. */
    public static TraceSet read(Reader reader, String source, Header header) throws IOException {
        return read(reader, source, Options.of(header));
    }

    /**
     * Reads a trace set.
     *
     * @param source the file name used in messages
     * @throws TraceFormatException on ragged rows, a header that disagrees with the rows, or no traces
     */
    public static TraceSet read(Reader reader, String source, Options options) throws IOException {
        Header header = options.header();
        java.util.Random random = new java.util.Random(options.seed());
        long rowCount = 0;
        BufferedReader in = new BufferedReader(reader);
        List<String> names = null;
        int headerLine = 0;
        int columns = -1;
        int firstRowLine = 0;
        List<Map<String, Integer>> codeMaps = new ArrayList<>();
        List<List<String>> tokens = new ArrayList<>();
        List<int[]> rows = new ArrayList<>();
        int lineNumber = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lineNumber++;
            if (line.isBlank()) continue;
            String[] fields = line.split(",", -1);
            if (names == null && rows.isEmpty() && (header == Header.PRESENT || line.startsWith("#"))) {
                fields[0] = fields[0].startsWith("#") ? fields[0].substring(1) : fields[0];
                names = headerNames(fields, source, lineNumber);
                headerLine = lineNumber;
                continue;
            }
            if (columns < 0) {
                columns = fields.length;
                firstRowLine = lineNumber;
                if (names != null && names.size() != columns) {
                    throw new TraceFormatException(source, headerLine, "the header names " + names.size()
                            + " angels but line " + lineNumber + " has " + columns + " values");
                }
                for (int c = 0; c < columns; c++) {
                    codeMaps.add(new HashMap<>());
                    tokens.add(new ArrayList<>());
                }
            } else if (fields.length != columns) {
                throw new TraceFormatException(source, lineNumber, "this row has " + fields.length + " values but line "
                        + firstRowLine + " has " + columns + " (every trace gives one value per angel)");
            }
            int[] row = new int[columns];
            for (int c = 0; c < columns; c++) {
                String token = fields[c].trim();
                if (token.isEmpty()) {
                    throw new TraceFormatException(source, lineNumber, "value " + (c + 1) + " is empty");
                }
                List<String> domain = tokens.get(c);
                row[c] = codeMaps.get(c).computeIfAbsent(token, t -> {
                    domain.add(t);
                    return domain.size() - 1;
                });
            }
            rowCount++;
            if (options.sample() > 0) {
                if (rows.size() < options.sample()) {
                    rows.add(row);
                } else {
                    long slot = (long) (random.nextDouble() * rowCount);
                    if (slot < options.sample()) rows.set((int) slot, row);
                }
            } else if (rowCount > options.maxRows()) {
                throw new TraceFormatException(source, lineNumber, "more than " + options.maxRows()
                        + " traces, the most the exact partition accepts; analyse a uniform sample of them instead");
            } else {
                rows.add(row);
            }
        }
        if (rows.isEmpty()) {
            throw new TraceFormatException(source, 0, "no traces (the file has no data rows)");
        }
        List<AngelDomain> domains = new ArrayList<>(columns);
        for (int c = 0; c < columns; c++) {
            domains.add(new AngelDomain(names == null ? "a" + c : names.get(c), tokens.get(c)));
        }
        TraceSet.Builder builder = TraceSet.builder(domains);
        for (int[] row : rows) builder.add(row);
        return builder.build();
    }

    private static List<String> headerNames(String[] fields, String source, int line) {
        List<String> names = new ArrayList<>();
        HashSet<String> seen = new HashSet<>();
        for (String f : fields) {
            String name = f.trim();
            if (name.isEmpty()) {
                throw new TraceFormatException(source, line, "the header has an empty angel name");
            }
            if (!seen.add(name)) {
                throw new TraceFormatException(source, line, "the header names angel " + name + " twice");
            }
            names.add(name);
        }
        return names;
    }

    /** Writes a trace set with a {@code #} header line of angel names; {@link #read} reads it back. */
    public static void write(TraceSet set, Writer out) throws IOException {
        out.write("#" + String.join(",", set.names()) + "\n");
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < set.size(); r++) {
            sb.setLength(0);
            for (int a = 0; a < set.angels(); a++) sb.append(a == 0 ? "" : ",").append(set.token(r, a));
            out.write(sb.append('\n').toString());
        }
        out.flush();
    }
}
