package org.entangle.diagram.export;

/** A figure exceeds what a format can hold; the message states the size and the format's limit. */
public class DiagramTooLargeException extends RuntimeException {

    public DiagramTooLargeException(String message) {
        super(message);
    }

    /** Checks both sides of a {@code width × height} output against {@code maxSide} {@code unit}s. */
    static void checkSides(String format, double width, double height, double maxSide, String unit, String why) {
        if (width > maxSide || height > maxSide) {
            throw new DiagramTooLargeException(String.format(java.util.Locale.ROOT,
                    "the figure is %.0f × %.0f %s, but %s allows at most %.0f %s per side (%s); lower --scale",
                    width, height, unit, format, maxSide, unit, why));
        }
    }
}
