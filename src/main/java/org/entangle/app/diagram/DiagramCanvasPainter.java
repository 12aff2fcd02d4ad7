package org.entangle.app.diagram;

import java.util.HashMap;
import java.util.Map;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import org.entangle.diagram.DiagramLayout;
import org.entangle.diagram.DiagramStyle;

/**
 * Draws a {@link DiagramLayout} on a JavaFX canvas through a {@link Viewport}, with the palette and font of every
 * other backend. Wires, op lines and dots are drawn anti-aliased into one {@link LineRaster} image (one canvas call
 * instead of thousands of shapes), text and legend swatches as canvas commands. Only what meets the viewport is
 * drawn, and detail is dropped where it would not show (level of detail): dots smaller than {@value #MIN_DOT_PX}
 * px, text smaller than {@value #MIN_TEXT_PX} px, and where dots are left out the lines (then a few pixels long)
 * become one-pixel hairlines without anti-aliasing; strokes never get thinner than one pixel.
 */
public final class DiagramCanvasPainter {

    /** Dots with a smaller radius on screen are not drawn. */
    public static final double MIN_DOT_PX = 0.75;
    /** Text with a smaller size on screen is not drawn. */
    public static final double MIN_TEXT_PX = 5;

    private final Map<Integer, Color> colours = new HashMap<>();
    private final Map<Double, Font> fonts = new HashMap<>();
    private final LineRaster raster = new LineRaster();
    private int drawnOps;
    private int drawnLabels;

    /** Number of ops the last {@link #paint} drew (after culling). */
    public int drawnOps() {
        return drawnOps;
    }

    /** Number of labels the last {@link #paint} drew (after culling and level of detail). */
    public int drawnLabels() {
        return drawnLabels;
    }

    /** Draws the view-model's layout at its zoom and pan, ringing the hovered op. */
    public void paint(GraphicsContext g, DiagramViewModel vm) {
        paint(g, vm.layout(), vm.viewport(), vm.hovered());
    }

    /** Draws {@code layout} (may be null) through {@code view}, ringing op {@code hovered} (or −1). */
    public void paint(GraphicsContext g, DiagramLayout layout, Viewport view, int hovered) {
        drawnOps = 0;
        drawnLabels = 0;
        raster.reset((int) Math.ceil(view.width()), (int) Math.ceil(view.height()), DiagramStyle.BACKGROUND);
        if (layout != null) rasterise(layout, view);
        g.setTransform(1, 0, 0, 1, 0, 0);
        g.clearRect(0, 0, view.width(), view.height());
        g.drawImage(raster.image(), 0, 0);
        if (layout == null) return;
        double zoom = view.zoom();
        g.setTransform(zoom, 0, 0, zoom, view.panX(), view.panY());
        double left = view.toDiagramX(0);
        double top = view.toDiagramY(0);
        double right = view.toDiagramX(view.width());
        double bottom = view.toDiagramY(view.height());
        for (DiagramLayout.Swatch s : layout.swatches()) {
            g.setFill(colour(s.colour()));
            g.fillRect(s.x(), s.y(), s.size(), s.size());
        }
        g.setTextBaseline(VPos.BASELINE);
        for (DiagramLayout.Label l : layout.labels()) {
            if (l.size() * zoom < MIN_TEXT_PX || !labelVisible(l, left, top, right, bottom)) continue;
            drawnLabels++;
            text(g, l);
        }
        if (hovered >= 0) {
            DiagramLayout.OpMark op = layout.ops().get(hovered);
            double pixel = 1 / zoom;
            double ring = Math.max(DiagramStyle.DOT_RADIUS + 2, 5 * pixel);
            g.setStroke(colour(DiagramStyle.TEXT));
            g.setLineWidth(1.5 * pixel);
            g.strokeOval(op.x() - ring, op.y() - ring, 2 * ring, 2 * ring);
        }
    }

    private void rasterise(DiagramLayout layout, Viewport view) {
        double zoom = view.zoom();
        double px = view.panX();
        double py = view.panY();
        double left = view.toDiagramX(0);
        double top = view.toDiagramY(0);
        double right = view.toDiagramX(view.width());
        double bottom = view.toDiagramY(view.height());
        boolean far = DiagramStyle.DOT_RADIUS * zoom < MIN_DOT_PX;
        double wireWidth = Math.max(DiagramStyle.WIRE_WIDTH * zoom, 1);
        for (DiagramLayout.Wire w : layout.wires()) {
            if (!visible(w.x1(), w.y1(), w.x2(), w.y2(), left, top, right, bottom)) continue;
            raster.line(w.x1() * zoom + px, w.y1() * zoom + py, w.x2() * zoom + px, w.y2() * zoom + py, wireWidth,
                    DiagramStyle.WIRE);
        }
        double normal = Math.max(DiagramStyle.OP_WIDTH * zoom, 1);
        double emphasis = Math.max(DiagramStyle.EMPHASIS_WIDTH * zoom, 2);
        for (int pass = 0; pass < 2; pass++) {
            for (DiagramLayout.OpMark op : layout.ops()) {
                if (op.emphasised() != (pass == 1)) continue;
                if (!visible(op.srcX(), op.srcY(), op.x(), op.y(), left, top, right, bottom)) continue;
                drawnOps++;
                if (op.srcX() == op.x() && op.srcY() == op.y()) continue;
                double sx1 = op.srcX() * zoom + px;
                double sy1 = op.srcY() * zoom + py;
                double sx2 = op.x() * zoom + px;
                double sy2 = op.y() * zoom + py;
                if (far && !op.emphasised()) raster.hairline(sx1, sy1, sx2, sy2, op.colour());
                else raster.line(sx1, sy1, sx2, sy2, op.emphasised() ? emphasis : normal, op.colour());
            }
        }
        double r = DiagramStyle.DOT_RADIUS;
        if (far) return;
        double ring = Math.max(DiagramStyle.OP_WIDTH * zoom, 1);
        for (DiagramLayout.OpMark op : layout.ops()) {
            if (op.x() + r < left || op.x() - r > right || op.y() + r < top || op.y() - r > bottom) continue;
            if (op.marksSource()) {
                raster.dot(op.srcX() * zoom + px, op.srcY() * zoom + py, r * zoom, op.colour(), false, ring,
                        DiagramStyle.BACKGROUND);
            }
            raster.dot(op.x() * zoom + px, op.y() * zoom + py, r * zoom, op.colour(), op.filled(), ring,
                    DiagramStyle.BACKGROUND);
        }
    }

    private void text(GraphicsContext g, DiagramLayout.Label l) {
        g.setFont(fonts.computeIfAbsent(l.size(), size -> Font.font(DiagramStyle.FONT_FAMILY, size)));
        g.setFill(colour(l.colour()));
        g.setTextAlign(switch (l.anchor()) {
            case START -> TextAlignment.LEFT;
            case MIDDLE -> TextAlignment.CENTER;
            case END -> TextAlignment.RIGHT;
        });
        if (l.vertical()) {
            g.save();
            g.translate(l.x(), l.y());
            g.rotate(-90);
            g.fillText(l.text(), 0, 0);
            g.restore();
        } else {
            g.fillText(l.text(), l.x(), l.y());
        }
    }

    /** Whether the label's box (its width estimated from the monospaced font) meets the viewport. */
    private static boolean labelVisible(DiagramLayout.Label l, double left, double top, double right, double bottom) {
        double along = DiagramStyle.textWidth(l.text(), l.size());
        double before = switch (l.anchor()) {
            case START -> 0;
            case MIDDLE -> along / 2;
            case END -> along;
        };
        if (l.vertical()) {
            return visible(l.x() - l.size(), l.y() - (along - before), l.x() + 0.3 * l.size(), l.y() + before,
                    left, top, right, bottom);
        }
        return visible(l.x() - before, l.y() - l.size(), l.x() + along - before, l.y() + 0.3 * l.size(),
                left, top, right, bottom);
    }

    private static boolean visible(double x1, double y1, double x2, double y2, double left, double top, double right,
                                   double bottom) {
        return Math.max(x1, x2) >= left && Math.min(x1, x2) <= right && Math.max(y1, y2) >= top && Math.min(y1, y2) <= bottom;
    }

    private Color colour(int rgb) {
        return colours.computeIfAbsent(rgb, c -> Color.rgb((c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF));
    }
}
