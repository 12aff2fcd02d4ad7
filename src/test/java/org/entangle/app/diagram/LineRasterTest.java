package org.entangle.app.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Consumer;
import javafx.scene.image.PixelReader;
import org.entangle.app.UiTest;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The raster composites shapes "over" what is there: on an opaque background they stay opaque, on a cleared
 * (transparent) one a line is its colour with its coverage as alpha, and the global alpha scales coverage.
 */
@UiTest
class LineRasterTest {

    private static final int GREY = 0x808080;

    /** The non-premultiplied ARGB of the pixels at (x, y) pairs after {@code draw}, drawn on the UI thread. */
    private static int[] drawn(Consumer<LineRaster> draw, int... xy) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            LineRaster raster = new LineRaster();
            draw.accept(raster);
            PixelReader pixels = raster.image().getPixelReader();
            int[] argb = new int[xy.length / 2];
            for (int i = 0; i < argb.length; i++) argb[i] = pixels.getArgb(xy[2 * i], xy[2 * i + 1]);
            return argb;
        }).get();
    }

    @Test
    void onAnOpaqueBackgroundShapesStayOpaque() throws Exception {
        int[] p = drawn(r -> {
            r.reset(20, 10, 0xFFFFFF);
            r.line(0, 4.5, 20, 4.5, 1, GREY);
            r.line(0, 8, 20, 8, 1, GREY);
        }, 10, 4, 3, 0, 10, 7);
        assertEquals(0xFF808080, p[0], "a line centred on a pixel row covers it fully");
        assertEquals(0xFFFFFFFF, p[1], "the background is untouched");
        assertEquals(0xFF, p[2] >>> 24, "half covered, still opaque: " + Integer.toHexString(p[2]));
        assertTrue(Math.abs(((p[2] >> 16) & 0xFF) - 191) <= 1, "half grey over white: " + Integer.toHexString(p[2]));
    }

    @Test
    void onAClearedBackgroundALineIsItsColourWithItsCoverageAsAlpha() throws Exception {
        int[] p = drawn(r -> {
            r.clear(20, 10);
            r.line(0, 4.5, 20, 4.5, 1, GREY);
            r.line(0, 8, 20, 8, 1, GREY);
        }, 10, 4, 3, 0, 10, 7);
        assertEquals(0xFF808080, p[0]);
        assertEquals(0, p[1], "untouched pixels stay transparent");
        assertTrue(Math.abs((p[2] >>> 24) - 128) <= 1, "half covered, half opaque: " + Integer.toHexString(p[2]));
        assertTrue(Math.abs(((p[2] >> 16) & 0xFF) - 0x80) <= 2, "in the line's colour: " + Integer.toHexString(p[2]));
    }

    @Test
    void theGlobalAlphaScalesCoverage() throws Exception {
        int[] p = drawn(r -> {
            r.clear(20, 10);
            r.setGlobalAlpha(0.25);
            r.line(0, 4.5, 20, 4.5, 1, GREY);
        }, 10, 4);
        assertTrue(Math.abs((p[0] >>> 24) - 64) <= 1, "a quarter opaque: " + Integer.toHexString(p[0]));
        assertTrue(Math.abs(((p[0] >> 16) & 0xFF) - 0x80) <= 3, "in the line's colour: " + Integer.toHexString(p[0]));
        int[] q = drawn(r -> {
            r.reset(20, 10, 0xFFFFFF);
            r.setGlobalAlpha(0.25);
            r.line(0, 4.5, 20, 4.5, 1, 0x000000);
        }, 10, 4);
        assertEquals(0xFF, q[0] >>> 24);
        assertTrue(Math.abs(((q[0] >> 16) & 0xFF) - 191) <= 1, "a quarter of black over white: " + Integer.toHexString(q[0]));
    }
}
