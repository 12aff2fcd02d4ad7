package org.entangle.app.diagram;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.entangle.diagram.DiagramLayout;
import org.entangle.diagram.DiagramLayouter;
import org.entangle.diagram.DiagramOptions;
import org.entangle.diagram.DiagramStyle;
import org.entangle.diagram.ValueRef;
import org.entangle.network.Network;

/**
 * The state of the interactive diagram, kept apart from JavaFX so it can be tested without a screen
 * (model–view–view-model, as in JabRef): the network and its options, the layout drawn from them, the viewport (zoom and pan,
 * mapping diagram units to screen pixels as {@code screen = diagram × zoom + pan}), the op under the mouse and
 * the selected value whose dependency cone is highlighted. The view only forwards input here and redraws when
 * told.
 */
public final class DiagramViewModel {

    /** Smallest and largest zoom. */
    public static final double MIN_ZOOM = 0.02;
    public static final double MAX_ZOOM = 40;
    /** How far, in screen pixels, the pointer may be from a dot and still hit it. */
    public static final double HIT_RADIUS_PX = 6;
    /** One keyboard zoom step. */
    public static final double KEY_ZOOM = 1.25;
    /** One keyboard pan step, in screen pixels. */
    public static final double KEY_PAN = 60;

    private final List<Runnable> listeners = new ArrayList<>();
    private Network network;
    private DiagramOptions baseOptions = DiagramOptions.DEFAULT;
    private DiagramLayout layout;
    private double zoom = 1;
    private double panX;
    private double panY;
    private double viewportWidth = 800;
    private double viewportHeight = 600;
    private int hovered = -1;
    private ValueRef selected;
    private boolean fitOnResize;

    /** Shows {@code newNetwork} with {@code options} (the cone option is managed by selection), fitted. */
    public void show(Network newNetwork, DiagramOptions options) {
        network = newNetwork;
        baseOptions = options.withCone(null);
        selected = null;
        hovered = -1;
        relayout();
        fit();
    }

    /** The layout to draw, or null before a network is shown. */
    public DiagramLayout layout() {
        return layout;
    }

    public double zoom() {
        return zoom;
    }

    public double panX() {
        return panX;
    }

    public double panY() {
        return panY;
    }

    public double viewportWidth() {
        return viewportWidth;
    }

    public double viewportHeight() {
        return viewportHeight;
    }

    /** The index (in {@link DiagramLayout#ops()}) of the op under the pointer, or −1. */
    public int hovered() {
        return hovered;
    }

    /** The value whose cone is highlighted, or null. */
    public ValueRef selected() {
        return selected;
    }

    /** Calls {@code listener} whenever what is drawn changes. */
    public void addListener(Runnable listener) {
        listeners.add(listener);
    }

    /**
     * Whether a new viewport size fits the diagram to it again ({@link #fit}), as the panels' diagrams do, or keeps the
     * zoom and pan (the default).
     */
    public void setFitOnResize(boolean fitOnResize) {
        this.fitOnResize = fitOnResize;
    }

    /** The viewport's size in screen pixels; the diagram fitted to it when {@link #setFitOnResize} asks for it. */
    public void resize(double width, double height) {
        viewportWidth = Math.max(1, width);
        viewportHeight = Math.max(1, height);
        if (fitOnResize) fitToViewport();
        changed();
    }

    /** Zooms and centres so the whole diagram fits the viewport. */
    public void fit() {
        if (layout == null) return;
        fitToViewport();
        changed();
    }

    private void fitToViewport() {
        if (layout == null) return;
        zoom = clamp(Math.min(viewportWidth / layout.width(), viewportHeight / layout.height()));
        panX = (viewportWidth - layout.width() * zoom) / 2;
        panY = (viewportHeight - layout.height() * zoom) / 2;
    }

    /** Multiplies the zoom by {@code factor}, keeping the diagram point under (sx, sy) in place. */
    public void zoomAt(double factor, double sx, double sy) {
        double newZoom = clamp(zoom * factor);
        double dx = (sx - panX) / zoom;
        double dy = (sy - panY) / zoom;
        zoom = newZoom;
        panX = sx - dx * zoom;
        panY = sy - dy * zoom;
        changed();
    }

    /** Zooms about the viewport's centre (keyboard). */
    public void zoomAtCentre(double factor) {
        zoomAt(factor, viewportWidth / 2, viewportHeight / 2);
    }

    /** Moves the diagram by (dx, dy) screen pixels. */
    public void panBy(double dx, double dy) {
        panX += dx;
        panY += dy;
        changed();
    }

    /** The current zoom, pan and viewport size. */
    public Viewport viewport() {
        return new Viewport(zoom, panX, panY, viewportWidth, viewportHeight);
    }

    /** Diagram x of screen x. */
    public double toDiagramX(double sx) {
        return (sx - panX) / zoom;
    }

    /** Diagram y of screen y. */
    public double toDiagramY(double sy) {
        return (sy - panY) / zoom;
    }

    /** The op whose dot is nearest to screen point (sx, sy) within {@link #HIT_RADIUS_PX}, or −1. */
    public int opAt(double sx, double sy) {
        if (layout == null) return -1;
        double x = toDiagramX(sx);
        double y = toDiagramY(sy);
        double reach = Math.max(HIT_RADIUS_PX / zoom, DiagramStyle.DOT_RADIUS);
        double best = reach * reach;
        int found = -1;
        List<DiagramLayout.OpMark> ops = layout.ops();
        for (int i = 0; i < ops.size(); i++) {
            DiagramLayout.OpMark op = ops.get(i);
            double ddx = op.x() - x;
            double ddy = op.y() - y;
            double d = ddx * ddx + ddy * ddy;
            if (d <= best) {
                best = d;
                found = i;
            }
        }
        return found;
    }

    /** The pointer moved to (sx, sy). */
    public void hover(double sx, double sy) {
        int op = opAt(sx, sy);
        if (op != hovered) {
            hovered = op;
            changed();
        }
    }

    /** A click at (sx, sy): selects the op there and highlights its cone, or clears the selection. */
    public void click(double sx, double sy) {
        int op = opAt(sx, sy);
        DiagramLayout.OpMark mark = op < 0 ? null : layout.ops().get(op);
        ValueRef value = mark == null || mark.foreign() ? null : ValueRef.op(mark.step(), mark.index());
        select(value);
    }

    /** Highlights the cone of {@code value} (null clears). */
    public void select(ValueRef value) {
        selected = value;
        relayout();
        changed();
    }

    /** The status line: what the hovered op does, in which step, and the range its value holds. */
    public String status() {
        if (layout == null) return "";
        if (hovered < 0) {
            return String.format(Locale.ROOT, "%s  zoom %.0f%%%s", network.name() == null ? "network" : network.name(),
                    zoom * 100, selected == null ? "" : "  (click empty space to clear the cone)");
        }
        DiagramLayout.OpMark op = layout.ops().get(hovered);
        return (op.foreign() ? "only in the other network: " : "") + "step " + op.step() + ", op " + op.index() + " ("
                + op.op().kind().token() + " " + op.op().dst() + " \u2190 " + op.op().src() + "), row " + op.row()
                + ": wire " + op.op().dst() + " holds " + op.value();
    }

    private void relayout() {
        if (network == null) return;
        DiagramOptions options = selected == null ? baseOptions : baseOptions.withCone(selected);
        layout = DiagramLayouter.layout(network, options);
    }

    private void changed() {
        for (Runnable listener : listeners) listener.run();
    }

    private static double clamp(double z) {
        return Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, z));
    }
}
