package org.entangle.app.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.entangle.cuda.CudaGenerator;
import org.entangle.cuda.ScanOptions;
import org.entangle.diagram.DiagramLayouter;
import org.entangle.diagram.DiagramOptions;
import org.entangle.diagram.Figure;
import org.entangle.diagram.export.ExportOptions;
import org.entangle.network.Network;

/**
 * Writes what a diagram shows to a file in any {@link ExportFormat}: the drawing and data formats with the same
 * layout options the screen uses (several networks side by side), or CUDA, the first network's block-scan kernel
 * ({@link CudaGenerator#block}, int32 sum). No JavaFX: the workbench calls it on a background task.
 */
public final class DiagramExporter {

    private DiagramExporter() {
    }

    /** The format of {@code file}'s extension, or SVG when it has none we know. */
    public static ExportFormat formatOf(Path file) {
        ExportFormat f = ExportFormat.byFileName(file.getFileName().toString());
        return f == null ? ExportFormat.SVG : f;
    }

    /** Writes {@code networks} laid out with {@code options} to {@code file} in the format of its extension. */
    public static void export(List<Network> networks, DiagramOptions options, Path file) throws IOException {
        ExportFormat format = formatOf(file);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        Path tmp = file.resolveSibling(file.getFileName() + ".part");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            if (format == ExportFormat.CUDA) {
                out.write(CudaGenerator.block(networks.get(0), ScanOptions.INT32_SUM).source().getBytes(StandardCharsets.UTF_8));
            } else {
                Figure figure = Figure.sideBySide(networks.stream().map(n -> DiagramLayouter.layout(n, options)).toList());
                format.diagramFormat().write(networks, figure, ExportOptions.DEFAULT, out);
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    }
}
