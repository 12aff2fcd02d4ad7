package org.entangle.diagram;

import java.util.ArrayList;
import java.util.List;

/**
 * One or more diagram layouts placed on one canvas, side by side with their tops aligned (a figure for a paper:
 * Sklansky, Kogge–Stone and Brent–Kung in one image). Every export backend draws a figure.
 *
 * @param width  total width in diagram units
 * @param height total height
 * @param panels the layouts with their offsets
 */
public record Figure(double width, double height, List<Panel> panels) {

    /** A layout drawn with its origin at (dx, dy). */
    public record Panel(DiagramLayout layout, double dx, double dy) {
    }

    public Figure {
        panels = List.copyOf(panels);
    }

    /** A figure of one layout. */
    public static Figure of(DiagramLayout layout) {
        return new Figure(layout.width(), layout.height(), List.of(new Panel(layout, 0, 0)));
    }

    /** The layouts left to right, {@link DiagramStyle#PANEL_GAP} apart. */
    public static Figure sideBySide(List<DiagramLayout> layouts) {
        if (layouts.isEmpty()) throw new IllegalArgumentException("a figure needs at least one layout");
        List<Panel> panels = new ArrayList<>();
        double x = 0;
        double height = 0;
        for (DiagramLayout layout : layouts) {
            if (!panels.isEmpty()) x += DiagramStyle.PANEL_GAP;
            panels.add(new Panel(layout, x, 0));
            x += layout.width();
            height = Math.max(height, layout.height());
        }
        return new Figure(x, height, panels);
    }

    /** Number of op marks over all panels. */
    public int opMarkCount() {
        int c = 0;
        for (Panel p : panels) c += p.layout().ops().size();
        return c;
    }
}
