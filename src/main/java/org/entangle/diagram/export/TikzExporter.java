package org.entangle.diagram.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.Set;
import org.entangle.diagram.DiagramLayout;
import org.entangle.diagram.DiagramStyle;
import org.entangle.diagram.Figure;

/**
 * Writes a {@link Figure} as a standalone LaTeX document with one TikZ picture (Tantau, "The TikZ and PGF
 * Packages"), compilable with {@code pdflatex}. One diagram unit is {@code scale} PostScript points ({@code bp}, as
 * in PDF, so the page has the PDF export's size), the y axis points down as
 * in the layout, colours are the palette's, and text is set in the typewriter family at the layout's sizes. Each
 * op is one {@code \node[op]} (foreign diff ops {@code \node[foreign]}). Limit: {@value #MAX_SIDE} bp per side,
 * TeX's largest dimension ({@code \maxdimen}).
 */
public final class TikzExporter {

    /** TeX's \maxdimen (16383.99 pt) in PostScript points. */
    public static final double MAX_SIDE = 16_322;

    private TikzExporter() {
    }

    /** The LaTeX document as a string. */
    public static String toTikz(Figure figure, ExportOptions options) {
        double s = options.scale();
        DiagramTooLargeException.checkSides("TikZ", figure.width() * s, figure.height() * s, MAX_SIDE, "bp",
                "TeX's \\maxdimen");
        StringBuilder body = new StringBuilder(figure.opMarkCount() * 160);
        Set<Integer> colours = new LinkedHashSet<>();
        colours.add(DiagramStyle.BACKGROUND);
        colours.add(DiagramStyle.WIRE);
        if (!options.transparent()) {
            body.append("\\fill[c").append(hex(DiagramStyle.BACKGROUND)).append("] (0,0) rectangle (");
            point(body, figure.width() * s, figure.height() * s).append(");\n");
        } else {
            body.append("\\path (0,0) rectangle (");
            point(body, figure.width() * s, figure.height() * s).append(");\n");
        }
        for (Figure.Panel panel : figure.panels()) {
            appendPanel(body, panel, s, colours);
        }
        StringBuilder doc = new StringBuilder(body.length() + 1024);
        doc.append("\\documentclass[border=0pt]{standalone}\n\\usepackage{tikz}\n");
        for (int c : colours) {
            doc.append("\\definecolor{c").append(hex(c)).append("}{HTML}{").append(hex(c).toUpperCase(java.util.Locale.ROOT))
                    .append("}\n");
        }
        doc.append("\\begin{document}\n\\begin{tikzpicture}[x=1bp,y=-1bp,line cap=round,\n");
        doc.append("  op/.style={circle,inner sep=0pt,minimum size=");
        Numbers.append(doc, 2 * DiagramStyle.DOT_RADIUS * s).append("bp},\n");
        doc.append("  foreign/.style={op,fill=c").append(hex(DiagramStyle.BACKGROUND)).append(",line width=");
        Numbers.append(doc, DiagramStyle.OP_WIDTH * s).append("bp},\n");
        doc.append("  label/.style={inner sep=0pt,outer sep=0pt}]\n");
        doc.append(body);
        doc.append("\\end{tikzpicture}\n\\end{document}\n");
        return doc.toString();
    }

    /** Writes the document to {@code out} in UTF-8. */
    public static void write(Figure figure, ExportOptions options, OutputStream out) throws IOException {
        out.write(toTikz(figure, options).getBytes(StandardCharsets.UTF_8));
    }

    private static void appendPanel(StringBuilder sb, Figure.Panel panel, double s, Set<Integer> colours) {
        double dx = panel.dx();
        double dy = panel.dy();
        DiagramLayout layout = panel.layout();
        for (DiagramLayout.Wire w : layout.wires()) {
            sb.append("\\draw[c").append(hex(DiagramStyle.WIRE)).append(",line width=");
            Numbers.append(sb, DiagramStyle.WIRE_WIDTH * s).append("bp] (");
            point(sb, (w.x1() + dx) * s, (w.y1() + dy) * s).append(") -- (");
            point(sb, (w.x2() + dx) * s, (w.y2() + dy) * s).append(");\n");
        }
        for (DiagramLayout.OpMark op : layout.ops()) {
            colours.add(op.colour());
            if (op.srcX() != op.x() || op.srcY() != op.y()) {
                sb.append("\\draw[c").append(hex(op.colour())).append(",line width=");
                Numbers.append(sb, (op.emphasised() ? DiagramStyle.EMPHASIS_WIDTH : DiagramStyle.OP_WIDTH) * s).append("bp] (");
                point(sb, (op.srcX() + dx) * s, (op.srcY() + dy) * s).append(") -- (");
                point(sb, (op.x() + dx) * s, (op.y() + dy) * s).append(");\n");
            }
        }
        for (DiagramLayout.OpMark op : layout.ops()) {
            String c = "c" + hex(op.colour());
            String bg = "c" + hex(DiagramStyle.BACKGROUND);
            if (op.marksSource()) {
                sb.append("\\node[op,draw=").append(c).append(",fill=").append(bg).append("] at (");
                point(sb, (op.srcX() + dx) * s, (op.srcY() + dy) * s).append(") {};\n");
            }
            String style = op.foreign() ? "foreign,draw=" + c
                    : op.filled() ? "op,fill=" + c : "op,draw=" + c + ",fill=" + bg + ",line width=" + DiagramStyle.OP_WIDTH * s + "bp";
            sb.append("\\node[").append(style).append("] at (");
            point(sb, (op.x() + dx) * s, (op.y() + dy) * s).append(") {};\n");
        }
        for (DiagramLayout.Swatch sw : layout.swatches()) {
            colours.add(sw.colour());
            sb.append("\\fill[c").append(hex(sw.colour())).append("] (");
            point(sb, (sw.x() + dx) * s, (sw.y() + dy) * s).append(") rectangle (");
            point(sb, (sw.x() + sw.size() + dx) * s, (sw.y() + sw.size() + dy) * s).append(");\n");
        }
        for (DiagramLayout.Label l : layout.labels()) {
            colours.add(l.colour());
            String anchor = switch (l.anchor()) {
                case START -> "base west";
                case MIDDLE -> "base";
                case END -> "base east";
            };
            sb.append("\\node[label,anchor=").append(anchor).append(",text=c").append(hex(l.colour()));
            if (l.vertical()) sb.append(",rotate=90");
            sb.append(",font=\\fontsize{");
            Numbers.append(sb, l.size() * s).append("bp}{");
            Numbers.append(sb, l.size() * s * 1.2).append("bp}\\selectfont\\ttfamily] at (");
            point(sb, (l.x() + dx) * s, (l.y() + dy) * s).append(") {");
            TexText.escape(sb, l.text());
            sb.append("};\n");
        }
    }

    private static StringBuilder point(StringBuilder sb, double x, double y) {
        Numbers.append(sb, x).append(',');
        return Numbers.append(sb, y);
    }

    private static String hex(int rgb) {
        return DiagramStyle.hex(rgb).substring(1);
    }
}
