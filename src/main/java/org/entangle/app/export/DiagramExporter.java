package org.entangle.app.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.entangle.diagram.DiagramLayouter;
import org.entangle.diagram.DiagramOptions;
import org.entangle.diagram.Figure;
import org.entangle.diagram.export.DiagramFormat;
import org.entangle.diagram.export.ExportOptions;
import org.entangle.network.Network;

/**
 * Writes what a diagram shows to a file in any {@link DiagramFormat} (SVG, PNG, PDF, TikZ, DOT, JSON), with the
 * same layout options the screen uses; several networks go side by side. No JavaFX: the workbench calls it on a
 * background task.
 */
public final class DiagramExporter {

    private DiagramExporter() {
    }

    /** The format of {@code file}'s extension, or SVG when it has none we know. */
    public static DiagramFormat formatOf(Path file) {
        DiagramFormat f = DiagramFormat.byFileName(file.getFileName().toString());
        return f == null ? DiagramFormat.SVG : f;
    }

    /** Writes {@code networks} laid out with {@code options} to {@code file} in the format of its extension. */
    public static void export(List<Network> networks, DiagramOptions options, Path file) throws IOException {
        Figure figure = Figure.sideBySide(networks.stream().map(n -> DiagramLayouter.layout(n, options)).toList());
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        Path tmp = file.resolveSibling(file.getFileName() + ".part");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            formatOf(file).write(networks, figure, ExportOptions.DEFAULT, out);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
}
