package org.entangle.diagram.export;

/**
 * How a figure is exported.
 *
 * @param scale       output size per diagram unit: pixels for PNG, points for PDF and TikZ, the SVG's
 *                    width and height (its viewBox stays in diagram units)
 * @param transparent leave the background transparent instead of white (PNG, SVG, PDF, TikZ)
 */
public record ExportOptions(double scale, boolean transparent) {

    public static final ExportOptions DEFAULT = new ExportOptions(1, false);

    public ExportOptions {
        if (!(scale > 0) || Double.isInfinite(scale)) {
            throw new IllegalArgumentException("scale must be a positive number, got " + scale);
        }
    }
}
