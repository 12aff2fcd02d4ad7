package org.entangle.app.diagram;

import java.nio.IntBuffer;
import java.util.Arrays;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;

/**
 * A screen-sized premultiplied ARGB pixel buffer into which lines and dots are drawn anti-aliased in plain Java, then
 * shown on a canvas as one image shared with JavaFX through a {@link PixelBuffer} (no copy): the diagrams, and the
 * entanglement panel's pairwise graph. JavaFX's software pipeline spends tens of microseconds on every anti-aliased
 * shape (the pairwise graph's 549 lines drawn as canvas lines kept its renderer busy for over 100 ms, and the UI
 * thread waiting for it, after a run in {@code ResponsivenessTest}), so thousands of them cannot be drawn at 60 frames
 * per second; here a line costs time proportional to the pixels it covers. Shapes are composited "over" what is
 * there (Porter and Duff 1984, "Compositing digital images"), with their coverage times the {@link #setGlobalAlpha
 * global alpha}, on an opaque or a {@linkplain #clear transparent} background.
 *
 * <p>Lines are filled column by column (or row by row for steep lines): lines up to 1.5 px thick as Wu's two-pixel
 * columns (Wu 1991, "An efficient antialiasing technique"), thicker ones with the exact area each pixel of the
 * column shares with the line's cross-section; dots are discs with coverage {@code clamp(r + ½ − distance)}.
 */
public final class LineRaster {

    private int width;
    private int height;
    private int[] pixels = new int[0];
    private PixelBuffer<IntBuffer> buffer;
    private WritableImage image;
    private int alpha = 256;

    /** Clears the buffer to opaque {@code rgb}, resizing it to {@code w × h} first if needed. */
    void reset(int w, int h, int rgb) {
        resize(w, h);
        Arrays.fill(pixels, 0xFF000000 | rgb);
    }

    /** Clears the buffer to transparent, resizing it to {@code w × h} first if needed. */
    public void clear(int w, int h) {
        resize(w, h);
        Arrays.fill(pixels, 0);
    }

    /** The opacity, in [0, 1], that the shapes drawn from now on are composited with (1 until set). */
    public void setGlobalAlpha(double opacity) {
        alpha = (int) Math.round(Math.min(1, Math.max(0, opacity)) * 256);
    }

    private void resize(int w, int h) {
        w = Math.max(1, w);
        h = Math.max(1, h);
        if (w != width || h != height) {
            width = w;
            height = h;
            pixels = new int[width * height];
            buffer = new PixelBuffer<>(width, height, IntBuffer.wrap(pixels), PixelFormat.getIntArgbPreInstance());
            image = new WritableImage(buffer);
        }
    }

    /**
     * A one-pixel line without anti-aliasing (Bresenham 1965, "Algorithm for computer control of a digital
     * plotter"), for the far level of detail where lines are a few pixels long and coverage would not show.
     */
    void hairline(double x1, double y1, double x2, double y2, int rgb) {
        int ax = (int) Math.floor(x1);
        int ay = (int) Math.floor(y1);
        int bx = (int) Math.floor(x2);
        int by = (int) Math.floor(y2);
        if (Math.max(ax, bx) < 0 || Math.min(ax, bx) >= width || Math.max(ay, by) < 0 || Math.min(ay, by) >= height) return;
        int dx = Math.abs(bx - ax);
        int dy = -Math.abs(by - ay);
        int sx = ax < bx ? 1 : -1;
        int sy = ay < by ? 1 : -1;
        int err = dx + dy;
        while (true) {
            if (ax >= 0 && ax < width && ay >= 0 && ay < height) blend(ax, ay, rgb, 256);
            if (ax == bx && ay == by) return;
            int e2 = 2 * err;
            if (e2 >= dy) {
                err += dy;
                ax += sx;
            }
            if (e2 <= dx) {
                err += dx;
                ay += sy;
            }
        }
    }

    /** A line of {@code thickness} pixels between two screen points, clipped to the buffer. */
    public void line(double x1, double y1, double x2, double y2, double thickness, int rgb) {
        double dx = x2 - x1;
        double dy = y2 - y1;
        if (Math.abs(dx) >= Math.abs(dy)) {
            span(x1, y1, x2, y2, thickness, rgb, false);
        } else {
            span(y1, x1, y2, x2, thickness, rgb, true);
        }
    }

    /** Walks the major axis u; along the minor axis v covers the line's cross-section at each step. */
    private void span(double u1, double v1, double u2, double v2, double thickness, int rgb, boolean swapped) {
        if (u1 > u2) {
            double t = u1;
            u1 = u2;
            u2 = t;
            t = v1;
            v1 = v2;
            v2 = t;
        }
        int uLimit = swapped ? height : width;
        int vLimit = swapped ? width : height;
        double slope = u2 == u1 ? 0 : (v2 - v1) / (u2 - u1);
        double half = thickness / 2 * Math.sqrt(1 + slope * slope);
        int uStart = Math.max(0, (int) Math.floor(u1));
        int uEnd = Math.min(uLimit - 1, (int) Math.floor(u2));
        boolean thin = 2 * half <= 1.5;
        if (thin && !swapped) {
            thinFlat(uStart, uEnd, v1 + (uStart + 0.5 - u1) * slope, slope, rgb);
            return;
        }
        for (int u = uStart; u <= uEnd; u++) {
            double along = Math.min(Math.max(u + 0.5, u1), u2);
            double v = v1 + (along - u1) * slope;
            if (thin) {
                double below = v - 0.5;
                int p = (int) Math.floor(below);
                int upper = (int) ((below - p) * 256);
                plot(swapped, u, p, vLimit, rgb, 256 - upper);
                plot(swapped, u, p + 1, vLimit, rgb, upper);
                continue;
            }
            double lo = v - half;
            double hi = v + half;
            int vStart = Math.max(0, (int) Math.floor(lo));
            int vEnd = Math.min(vLimit - 1, (int) Math.floor(hi));
            for (int p = vStart; p <= vEnd; p++) {
                double cover = Math.min(p + 1, hi) - Math.max(p, lo);
                if (cover > 0) plot(swapped, u, p, vLimit, rgb, (int) (Math.min(1, cover) * 256));
            }
        }
    }

    /**
     * The common case, a thin line at most 45° from horizontal, in 16.16 fixed point: each column blends the two
     * pixels around the line's centre in proportion to their distance from it (Wu's algorithm).
     */
    private void thinFlat(int xStart, int xEnd, double yAtStart, double slope, int rgb) {
        long y = (long) ((yAtStart - 0.5) * 65536);
        long step = (long) (slope * 65536);
        for (int x = xStart; x <= xEnd; x++, y += step) {
            int row = (int) (y >> 16);
            int upper = (int) ((y >> 8) & 0xFF);
            if (row >= 0 && row < height) blend(x, row, rgb, 256 - upper);
            if (row + 1 >= 0 && row + 1 < height) blend(x, row + 1, rgb, upper);
        }
    }

    private void plot(boolean swapped, int u, int v, int vLimit, int rgb, int coverage) {
        if (v < 0 || v >= vLimit) return;
        if (swapped) blend(v, u, rgb, coverage);
        else blend(u, v, rgb, coverage);
    }

    /** A disc of radius {@code r} pixels; hollow discs are a ring of {@code ring} pixels on the background. */
    public void dot(double cx, double cy, double r, int rgb, boolean filled, double ring, int background) {
        int x0 = Math.max(0, (int) Math.floor(cx - r - 1));
        int x1 = Math.min(width - 1, (int) Math.ceil(cx + r + 1));
        int y0 = Math.max(0, (int) Math.floor(cy - r - 1));
        int y1 = Math.min(height - 1, (int) Math.ceil(cy + r + 1));
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                double d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
                double outer = Math.min(1, Math.max(0, r + 0.5 - d));
                if (outer <= 0) continue;
                if (filled) {
                    blend(x, y, rgb, (int) (outer * 256));
                } else {
                    double inner = Math.min(1, Math.max(0, r - ring + 0.5 - d));
                    blend(x, y, background, (int) (inner * 256));
                    blend(x, y, rgb, (int) ((outer - inner) * 256));
                }
            }
        }
    }

    /** Composites opaque {@code rgb} with coverage {@code a}/256, times the global alpha, over the premultiplied pixel. */
    private void blend(int x, int y, int rgb, int a) {
        a = a * alpha >> 8;
        if (a <= 0) return;
        int i = y * width + x;
        if (a >= 256) {
            pixels[i] = 0xFF000000 | rgb;
            return;
        }
        int old = pixels[i];
        int o = mix(old >>> 24, 0xFF, a);
        int r = mix((old >> 16) & 0xFF, (rgb >> 16) & 0xFF, a);
        int g = mix((old >> 8) & 0xFF, (rgb >> 8) & 0xFF, a);
        int b = mix(old & 0xFF, rgb & 0xFF, a);
        pixels[i] = (o << 24) | (r << 16) | (g << 8) | b;
    }

    private static int mix(int from, int to, int a) {
        return from + (((to - from) * a) >> 8);
    }

    /** The buffer as an image, marked as changed. */
    public WritableImage image() {
        buffer.updateBuffer(b -> null);
        return image;
    }
}
