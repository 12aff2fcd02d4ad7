package org.entangle.diagram.export;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.entangle.diagram.DiagramLayout;
import org.entangle.diagram.DiagramStyle;
import org.entangle.diagram.Figure;

/**
 * Writes a {@link Figure} as SVG 1.1 text (W3C, "Scalable Vector Graphics 1.1"), by hand: the diagram needs only
 * lines, circles, rectangles and text. Elements carry classes — {@code wire} (one line per wire), {@code link}
 * (one line per op that reads another wire), {@code op} (one circle per op), {@code foreign} (ops only a diff's
 * other network performs), {@code label} — so a stylesheet or a test can find them.
 */
public final class SvgExporter {

    private SvgExporter() {
    }

    /** Text is handed on in chunks of about this many characters, so no document-sized buffer is needed. */
    private static final int CHUNK = 1 << 15;

    /** Receives the document in chunks. */
    @FunctionalInterface
    private interface Sink {
        void take(StringBuilder chunk) throws IOException;
    }

    /** The SVG document as a string. */
    public static String toSvg(Figure figure, ExportOptions options) {
        StringBuilder all = new StringBuilder(256 + figure.opMarkCount() * 200);
        try {
            emit(figure, options, all::append);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return all.toString();
    }

    /** Writes the SVG document to {@code out} in UTF-8, streaming it in chunks. */
    public static void write(Figure figure, ExportOptions options, OutputStream out) throws IOException {
        Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        emit(figure, options, writer::append);
        writer.flush();
    }

    private static void emit(Figure figure, ExportOptions options, Sink sink) throws IOException {
        StringBuilder sb = new StringBuilder(CHUNK + 1024);
        sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"");
        Numbers.append(sb, figure.width() * options.scale()).append("\" height=\"");
        Numbers.append(sb, figure.height() * options.scale()).append("\" viewBox=\"0 0 ");
        Numbers.append(sb, figure.width()).append(' ');
        Numbers.append(sb, figure.height()).append("\" font-family=\"").append(DiagramStyle.FONT_FAMILY)
                .append(", monospace\">\n");
        if (!options.transparent()) {
            sb.append("<rect width=\"100%\" height=\"100%\" fill=\"").append(DiagramStyle.hex(DiagramStyle.BACKGROUND))
                    .append("\"/>\n");
        }
        for (Figure.Panel panel : figure.panels()) {
            sb.append("<g transform=\"translate(");
            Numbers.append(sb, panel.dx()).append(' ');
            Numbers.append(sb, panel.dy()).append(")\">\n");
            appendPanel(sb, panel.layout(), sink);
            sb.append("</g>\n");
        }
        sb.append("</svg>\n");
        sink.take(sb);
    }

    private static void flushIfFull(StringBuilder sb, Sink sink) throws IOException {
        if (sb.length() >= CHUNK) {
            sink.take(sb);
            sb.setLength(0);
        }
    }

    private static void appendPanel(StringBuilder sb, DiagramLayout layout, Sink sink) throws IOException {
        sb.append("<g stroke=\"").append(DiagramStyle.hex(DiagramStyle.WIRE)).append("\" stroke-width=\"");
        Numbers.append(sb, DiagramStyle.WIRE_WIDTH).append("\">\n");
        for (DiagramLayout.Wire w : layout.wires()) {
            line(sb, "wire", w.x1(), w.y1(), w.x2(), w.y2(), -1, 0);
            flushIfFull(sb, sink);
        }
        sb.append("</g>\n");
        for (DiagramLayout.OpMark op : layout.ops()) {
            if (op.srcX() != op.x() || op.srcY() != op.y()) {
                line(sb, "link", op.srcX(), op.srcY(), op.x(), op.y(), op.colour(),
                        op.emphasised() ? DiagramStyle.EMPHASIS_WIDTH : DiagramStyle.OP_WIDTH);
            }
            flushIfFull(sb, sink);
        }
        for (DiagramLayout.OpMark op : layout.ops()) {
            if (op.marksSource()) circle(sb, "source", op.srcX(), op.srcY(), op.colour(), false);
            circle(sb, op.foreign() ? "foreign" : "op", op.x(), op.y(), op.colour(), op.filled());
            flushIfFull(sb, sink);
        }
        for (DiagramLayout.Swatch s : layout.swatches()) {
            sb.append("<rect class=\"swatch\" x=\"");
            Numbers.append(sb, s.x()).append("\" y=\"");
            Numbers.append(sb, s.y()).append("\" width=\"");
            Numbers.append(sb, s.size()).append("\" height=\"");
            Numbers.append(sb, s.size()).append("\" fill=\"").append(DiagramStyle.hex(s.colour())).append("\"/>\n");
        }
        for (DiagramLayout.Label l : layout.labels()) {
            sb.append("<text class=\"label ").append(l.role().name().toLowerCase(java.util.Locale.ROOT)).append("\" x=\"");
            Numbers.append(sb, l.x()).append("\" y=\"");
            Numbers.append(sb, l.y()).append("\" font-size=\"");
            Numbers.append(sb, l.size()).append("\" fill=\"").append(DiagramStyle.hex(l.colour())).append('"');
            if (l.anchor() != DiagramLayout.Anchor.START) {
                sb.append(" text-anchor=\"").append(l.anchor() == DiagramLayout.Anchor.MIDDLE ? "middle" : "end").append('"');
            }
            if (l.vertical()) {
                sb.append(" transform=\"rotate(-90 ");
                Numbers.append(sb, l.x()).append(' ');
                Numbers.append(sb, l.y()).append(")\"");
            }
            sb.append('>');
            escape(sb, l.text());
            sb.append("</text>\n");
            flushIfFull(sb, sink);
        }
    }

    private static void line(StringBuilder sb, String cls, double x1, double y1, double x2, double y2, int colour,
                             double width) {
        sb.append("<line class=\"").append(cls).append("\" x1=\"");
        Numbers.append(sb, x1).append("\" y1=\"");
        Numbers.append(sb, y1).append("\" x2=\"");
        Numbers.append(sb, x2).append("\" y2=\"");
        Numbers.append(sb, y2).append('"');
        if (colour >= 0) {
            sb.append(" stroke=\"").append(DiagramStyle.hex(colour)).append("\" stroke-width=\"");
            Numbers.append(sb, width).append('"');
        }
        sb.append("/>\n");
    }

    private static void circle(StringBuilder sb, String cls, double x, double y, int colour, boolean filled) {
        sb.append("<circle class=\"").append(cls).append("\" cx=\"");
        Numbers.append(sb, x).append("\" cy=\"");
        Numbers.append(sb, y).append("\" r=\"");
        Numbers.append(sb, DiagramStyle.DOT_RADIUS).append('"');
        String hex = DiagramStyle.hex(colour);
        if (filled) {
            sb.append(" fill=\"").append(hex).append("\"/>\n");
        } else {
            sb.append(" fill=\"").append(DiagramStyle.hex(DiagramStyle.BACKGROUND)).append("\" stroke=\"").append(hex)
                    .append("\" stroke-width=\"");
            Numbers.append(sb, DiagramStyle.OP_WIDTH).append("\"/>\n");
        }
    }

    private static void escape(StringBuilder sb, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                default -> sb.append(c);
            }
        }
    }
}
