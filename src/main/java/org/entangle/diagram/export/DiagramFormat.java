package org.entangle.diagram.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.entangle.diagram.Figure;
import org.entangle.network.Network;
import org.entangle.network.io.NetworkJsonWriter;

/** The diagram export formats, each with its file extension and the backend that writes it. */
public enum DiagramFormat {
    SVG("svg"),
    PNG("png"),
    PDF("pdf"),
    TIKZ("tex"),
    DOT("dot"),
    JSON("json");

    private final String extension;

    DiagramFormat(String extension) {
        this.extension = extension;
    }

    /** The usual file extension, without the dot. */
    public String extension() {
        return extension;
    }

    /** The format named {@code name} (case-insensitive), or null. */
    public static DiagramFormat byName(String name) {
        for (DiagramFormat f : values()) {
            if (f.name().equalsIgnoreCase(name)) return f;
        }
        return null;
    }

    /** The format whose extension {@code fileName} has, or null. */
    public static DiagramFormat byFileName(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        for (DiagramFormat f : values()) {
            if (lower.endsWith("." + f.extension)) return f;
        }
        return null;
    }

    /**
     * Writes {@code networks} in this format: the drawing formats draw {@code figure} (their layouts side by
     * side), DOT writes the value graphs of the networks, JSON the one network as a network file
     * ({@code org.entangle.network.io}).
     *
     * @throws DiagramTooLargeException when the figure exceeds the format's limit
     */
    public void write(List<Network> networks, Figure figure, ExportOptions options, OutputStream out) throws IOException {
        switch (this) {
            case SVG -> SvgExporter.write(figure, options, out);
            case PNG -> PngExporter.write(figure, options, out);
            case PDF -> PdfExporter.write(figure, options, out);
            case TIKZ -> TikzExporter.write(figure, options, out);
            case DOT -> DotExporter.write(networks, out);
            case JSON -> {
                if (networks.size() != 1) throw new IllegalArgumentException("a JSON network file holds one network");
                out.write(NetworkJsonWriter.write(networks.get(0)).getBytes(StandardCharsets.UTF_8));
            }
            default -> throw new IllegalStateException(name());
        }
        out.flush();
    }
}
