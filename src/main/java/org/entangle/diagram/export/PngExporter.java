package org.entangle.diagram.export;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import javax.imageio.ImageIO;
import org.entangle.diagram.Figure;

/**
 * Renders a {@link Figure} to a PNG at any scale through {@link Java2dPainter} (ARGB, so the background may be
 * transparent). Limits: at most {@value #MAX_SIDE} pixels per side and {@value #MAX_PIXELS} pixels in all (a
 * 4-byte-per-pixel image of 1 GiB).
 */
public final class PngExporter {

    /** Largest side in pixels (the largest image most viewers and Java2D's int rasters handle). */
    public static final int MAX_SIDE = 32_767;
    /** Largest number of pixels. */
    public static final long MAX_PIXELS = 1L << 28;

    private PngExporter() {
    }

    /** Renders the figure to an image. */
    public static BufferedImage render(Figure figure, ExportOptions options) {
        double s = options.scale();
        int w = (int) Math.ceil(figure.width() * s);
        int h = (int) Math.ceil(figure.height() * s);
        DiagramTooLargeException.checkSides("PNG", w, h, MAX_SIDE, "px", "Java2D image limit");
        if ((long) w * h > MAX_PIXELS) {
            throw new DiagramTooLargeException("the figure is " + w + " × " + h + " px, but PNG export allows at most "
                    + MAX_PIXELS + " pixels (1 GiB of ARGB); lower --scale");
        }
        BufferedImage image = new BufferedImage(Math.max(w, 1), Math.max(h, 1), BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        try {
            g.scale(s, s);
            new Java2dPainter().paint(g, figure, options.transparent());
        } finally {
            g.dispose();
        }
        return image;
    }

    /** Writes the figure as a PNG to {@code out}. */
    public static void write(Figure figure, ExportOptions options, OutputStream out) throws IOException {
        if (!ImageIO.write(render(figure, options), "png", out)) {
            throw new IOException("no PNG writer available");
        }
    }
}
