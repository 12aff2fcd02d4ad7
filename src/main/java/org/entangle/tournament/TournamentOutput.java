package org.entangle.tournament;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.entangle.diagram.Figure;
import org.entangle.diagram.export.DiagramTooLargeException;
import org.entangle.diagram.export.ExportOptions;
import org.entangle.diagram.export.PngExporter;
import org.entangle.diagram.export.SvgExporter;

/**
 * Writes a tournament's report into a folder: {@code tournament.json} ({@link TournamentJson}), {@code tournament.txt}
 * (every setting's table, the explanation of its winners, and the notes), one scatter plot per setting
 * ({@code plot-SETTING-WIDTH-ELEMENTS.svg} and {@code .png}) and, per block width, the fastest network beside the
 * fastest classic family with their differences coloured ({@code winner-WIDTH.svg} and {@code .png}). A file that
 * cannot be drawn (a PNG too large, a missing font library) is reported and the others are still written.
 */
public final class TournamentOutput {

    /** How many ranked rows each table shows (the best classic, library and oracle rows always). */
    public static final int TABLE_ROWS = 40;
    /** How many of the fastest networks the explanation covers. */
    public static final int EXPLAINED = 3;

    private TournamentOutput() {
    }

    /** The text report: tables, explanations and notes. */
    public static String text(TournamentResult result) {
        StringBuilder sb = new StringBuilder("# GPU tournament on " + result.device() + ", " + result.date() + "\n");
        if (result.command() != null) sb.append("command: ").append(result.command()).append('\n');
        for (Setting s : result.settings()) {
            Ranking r = Ranking.of(s);
            sb.append('\n').append(TournamentTable.render(r, TABLE_ROWS));
            if (s.name().equals("block")) sb.append(WinnerReport.explain(r, EXPLAINED, result.profiles()));
        }
        if (!result.notes().isEmpty()) {
            sb.append("\n## notes\n");
            for (String n : result.notes()) sb.append(n).append('\n');
        }
        return sb.toString();
    }

    /** Writes every file into {@code dir}; returns the paths written and, prefixed with "not written: ", the failures. */
    public static List<String> write(TournamentResult result, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<String> lines = new ArrayList<>();
        Files.writeString(dir.resolve("tournament.json"), TournamentJson.write(result), StandardCharsets.UTF_8);
        lines.add(dir.resolve("tournament.json").toString());
        Files.writeString(dir.resolve("tournament.txt"), text(result), StandardCharsets.UTF_8);
        lines.add(dir.resolve("tournament.txt").toString());
        for (Setting s : result.settings()) {
            Ranking r = Ranking.of(s);
            String base = String.format(Locale.ROOT, "plot-%s-%d-%d", s.name().replace(':', '-'), s.width(), s.elements());
            Path svg = dir.resolve(base + ".svg");
            Files.writeString(svg, ScatterPlot.svg(r), StandardCharsets.UTF_8);
            lines.add(svg.toString());
            png(dir.resolve(base + ".png"), out -> ScatterPlot.png(r, out), lines);
            if (!s.name().equals("block")) continue;
            Figure diff = WinnerReport.diffFigure(r);
            if (diff == null) continue;
            Path winner = dir.resolve("winner-" + s.width() + ".svg");
            try (OutputStream out = Files.newOutputStream(winner)) {
                SvgExporter.write(diff, ExportOptions.DEFAULT, out);
            }
            lines.add(winner.toString());
            png(dir.resolve("winner-" + s.width() + ".png"), out -> PngExporter.write(diff, ExportOptions.DEFAULT, out), lines);
        }
        return lines;
    }

    /** What draws a PNG. */
    @FunctionalInterface
    private interface Drawing {
        void to(OutputStream out) throws IOException;
    }

    private static void png(Path file, Drawing drawing, List<String> lines) {
        try (OutputStream out = Files.newOutputStream(file)) {
            drawing.to(out);
            lines.add(file.toString());
        } catch (IOException | DiagramTooLargeException | LinkageError | java.awt.AWTError e) {
            lines.add("not written: " + file + " (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                lines.add("not removed: " + file);
            }
        }
    }
}
