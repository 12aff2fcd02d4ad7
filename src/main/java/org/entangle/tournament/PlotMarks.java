package org.entangle.tournament;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * A plot as a list of marks (circles, lines, texts) in pixel coordinates, written as SVG or drawn with Java2D
 * into a PNG, the way the diagram exporters draw one figure in both formats. A circle may carry a class and an
 * id, which the SVG keeps ({@code class} and {@code data-id} attributes) so that readers can find the marked points.
 */
final class PlotMarks {

    /** A mark. */
    sealed interface Mark permits Circle, Line, Text {
    }

    /** A circle; {@code fill} null for a ring. */
    record Circle(double x, double y, double r, String fill, String stroke, String cssClass, String id) implements Mark {
    }

    /** A line, dashed or not. */
    record Line(double x1, double y1, double x2, double y2, String stroke, double width, boolean dashed) implements Mark {
    }

    /** A text; anchor start, middle or end; rotated by −90° when {@code vertical}. */
    record Text(double x, double y, String text, double size, String anchor, boolean vertical, String fill) implements Mark {
    }

    private final int width;
    private final int height;
    private final List<Mark> marks = new ArrayList<>();

    PlotMarks(int width, int height) {
        this.width = width;
        this.height = height;
    }

    void add(Mark m) {
        marks.add(m);
    }

    String toSvg() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                + "font-family=\"sans-serif\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n", width, height, width, height));
        for (Mark m : marks) {
            if (m instanceof Circle c) {
                sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\"%s%s/>%n",
                        c.x(), c.y(), c.r(), c.fill() == null ? "none" : c.fill(), c.stroke() == null ? "none" : c.stroke(),
                        c.cssClass() == null ? "" : " class=\"" + c.cssClass() + "\"", c.id() == null ? "" : " data-id=\"" + escape(c.id()) + "\""));
            } else if (m instanceof Line l) {
                sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\"%s/>%n",
                        l.x1(), l.y1(), l.x2(), l.y2(), l.stroke(), l.width(), l.dashed() ? " stroke-dasharray=\"5,4\"" : ""));
            } else if (m instanceof Text t) {
                sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\" text-anchor=\"%s\" fill=\"%s\"%s>%s</text>%n",
                        t.x(), t.y(), t.size(), t.anchor(), t.fill(), t.vertical() ? String.format(Locale.ROOT, " transform=\"rotate(-90 %.1f %.1f)\"", t.x(), t.y()) : "",
                        escape(t.text())));
            }
        }
        return sb.append("</svg>\n").toString();
    }

    void writePng(OutputStream out) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            for (Mark m : marks) draw(g, m);
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", out);
    }

    private static void draw(Graphics2D g, Mark m) {
        if (m instanceof Circle c) {
            Ellipse2D e = new Ellipse2D.Double(c.x() - c.r(), c.y() - c.r(), 2 * c.r(), 2 * c.r());
            if (c.fill() != null) {
                g.setColor(colour(c.fill()));
                g.fill(e);
            }
            if (c.stroke() != null) {
                g.setColor(colour(c.stroke()));
                g.setStroke(new BasicStroke(1.5f));
                g.draw(e);
            }
        } else if (m instanceof Line l) {
            g.setColor(colour(l.stroke()));
            g.setStroke(l.dashed() ? new BasicStroke((float) l.width(), BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {5f, 4f}, 0f)
                    : new BasicStroke((float) l.width()));
            g.draw(new Line2D.Double(l.x1(), l.y1(), l.x2(), l.y2()));
        } else if (m instanceof Text t) {
            g.setColor(colour(t.fill()));
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, (int) Math.round(t.size())));
            double w = g.getFontMetrics().stringWidth(t.text());
            double shift = "middle".equals(t.anchor()) ? w / 2 : "end".equals(t.anchor()) ? w : 0;
            if (t.vertical()) {
                Graphics2D r = (Graphics2D) g.create();
                r.rotate(-Math.PI / 2, t.x(), t.y());
                r.drawString(t.text(), (float) (t.x() - shift), (float) t.y());
                r.dispose();
            } else {
                g.drawString(t.text(), (float) (t.x() - shift), (float) t.y());
            }
        }
    }

    private static Color colour(String hex) {
        return Color.decode(hex);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
