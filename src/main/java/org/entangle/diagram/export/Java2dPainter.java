package org.entangle.diagram.export;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.HashMap;
import java.util.Map;
import org.entangle.diagram.DiagramLayout;
import org.entangle.diagram.DiagramStyle;
import org.entangle.diagram.Figure;

/**
 * Paints a {@link Figure} on any {@link Graphics2D}: the single painter behind PNG (a {@code BufferedImage}) and
 * PDF (PDFBox's vector {@code PdfBoxGraphics2D}), so both show the same drawing. Draws in diagram units; the
 * caller sets the scale.
 */
public final class Java2dPainter {

    private final Map<Double, Font> fonts = new HashMap<>();

    /** Paints {@code figure} with its origin at the graphics' origin. */
    public void paint(Graphics2D g, Figure figure, boolean transparent) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        if (!transparent) {
            g.setColor(new Color(DiagramStyle.BACKGROUND));
            g.fill(new Rectangle2D.Double(0, 0, figure.width(), figure.height()));
        }
        for (Figure.Panel panel : figure.panels()) {
            AffineTransform saved = g.getTransform();
            g.translate(panel.dx(), panel.dy());
            paint(g, panel.layout());
            g.setTransform(saved);
        }
    }

    private void paint(Graphics2D g, DiagramLayout layout) {
        g.setColor(new Color(DiagramStyle.WIRE));
        g.setStroke(new BasicStroke((float) DiagramStyle.WIRE_WIDTH));
        for (DiagramLayout.Wire w : layout.wires()) {
            g.draw(new Line2D.Double(w.x1(), w.y1(), w.x2(), w.y2()));
        }
        BasicStroke normal = new BasicStroke((float) DiagramStyle.OP_WIDTH);
        BasicStroke emphasis = new BasicStroke((float) DiagramStyle.EMPHASIS_WIDTH);
        for (DiagramLayout.OpMark op : layout.ops()) {
            if (op.srcX() != op.x() || op.srcY() != op.y()) {
                g.setColor(new Color(op.colour()));
                g.setStroke(op.emphasised() ? emphasis : normal);
                g.draw(new Line2D.Double(op.srcX(), op.srcY(), op.x(), op.y()));
            }
        }
        g.setStroke(normal);
        double r = DiagramStyle.DOT_RADIUS;
        Color background = new Color(DiagramStyle.BACKGROUND);
        for (DiagramLayout.OpMark op : layout.ops()) {
            Color colour = new Color(op.colour());
            if (op.marksSource()) dot(g, op.srcX(), op.srcY(), r, colour, background, false);
            dot(g, op.x(), op.y(), r, colour, background, op.filled());
        }
        for (DiagramLayout.Swatch s : layout.swatches()) {
            g.setColor(new Color(s.colour()));
            g.fill(new Rectangle2D.Double(s.x(), s.y(), s.size(), s.size()));
        }
        for (DiagramLayout.Label l : layout.labels()) {
            text(g, l);
        }
    }

    private static void dot(Graphics2D g, double x, double y, double r, Color colour, Color background, boolean filled) {
        Ellipse2D.Double shape = new Ellipse2D.Double(x - r, y - r, 2 * r, 2 * r);
        g.setColor(filled ? colour : background);
        g.fill(shape);
        if (!filled) {
            g.setColor(colour);
            g.draw(shape);
        }
    }

    private void text(Graphics2D g, DiagramLayout.Label l) {
        Font font = fonts.computeIfAbsent(l.size(),
                size -> new Font(DiagramStyle.FONT_FAMILY, Font.PLAIN, 1).deriveFont(size.floatValue()));
        g.setFont(font);
        g.setColor(new Color(l.colour()));
        FontMetrics metrics = g.getFontMetrics();
        double width = metrics.getStringBounds(l.text(), g).getWidth();
        double shift = switch (l.anchor()) {
            case START -> 0;
            case MIDDLE -> -width / 2;
            case END -> -width;
        };
        AffineTransform saved = g.getTransform();
        g.translate(l.x(), l.y());
        if (l.vertical()) g.rotate(-Math.PI / 2);
        g.drawString(l.text(), (float) shift, 0f);
        g.setTransform(saved);
    }
}
