package org.entangle.app.diagram;

/**
 * What part of a diagram is on screen: {@code screen = diagram × zoom + pan}, over a {@code width × height} pixel
 * area.
 */
public record Viewport(double zoom, double panX, double panY, double width, double height) {

    /** Diagram x of screen x. */
    public double toDiagramX(double sx) {
        return (sx - panX) / zoom;
    }

    /** Diagram y of screen y. */
    public double toDiagramY(double sy) {
        return (sy - panY) / zoom;
    }
}
