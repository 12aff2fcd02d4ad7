package org.entangle.app.export;

import java.util.Locale;
import org.entangle.diagram.export.DiagramFormat;

/**
 * What a diagram exports to: the drawing and data formats of {@link DiagramFormat} and CUDA, the
 * network as a block-scan kernel ({@code org.entangle.cuda.CudaGenerator#block}, int32 sum).
 */
public enum ExportFormat {
    SVG("SVG drawing", DiagramFormat.SVG),
    PNG("PNG image", DiagramFormat.PNG),
    PDF("PDF document", DiagramFormat.PDF),
    TIKZ("TikZ picture (LaTeX)", DiagramFormat.TIKZ),
    DOT("Graphviz DOT value graph", DiagramFormat.DOT),
    JSON("JSON network file", DiagramFormat.JSON),
    CUDA("CUDA block-scan kernel", null);

    private final String description;
    private final DiagramFormat diagramFormat;

    ExportFormat(String description, DiagramFormat diagramFormat) {
        this.description = description;
        this.diagramFormat = diagramFormat;
    }

    /** The file extension, without the dot. */
    public String extension() {
        return diagramFormat == null ? "cu" : diagramFormat.extension();
    }

    /** The drawing backend, or null for CUDA. */
    public DiagramFormat diagramFormat() {
        return diagramFormat;
    }

    /** The format whose extension {@code fileName} has, or null. */
    public static ExportFormat byFileName(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        for (ExportFormat f : values()) {
            if (lower.endsWith("." + f.extension())) return f;
        }
        return null;
    }

    /** {@code fileName} with this format's extension in place of any known one. */
    public String withExtension(String fileName) {
        ExportFormat current = byFileName(fileName);
        String stem = current == null ? fileName : fileName.substring(0, fileName.length() - current.extension().length() - 1);
        return stem + "." + extension();
    }

    @Override
    public String toString() {
        return description + " (*." + extension() + ")";
    }
}
