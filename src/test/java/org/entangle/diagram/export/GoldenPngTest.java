package org.entangle.diagram.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.entangle.diagram.DiagramLayout;
import org.entangle.diagram.DiagramLayouter;
import org.entangle.diagram.DiagramOptions;
import org.entangle.diagram.Figure;
import org.entangle.network.families.Families;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Golden PNGs of catalogue networks. The goldens are drawn without text (the labels are checked by the SVG and
 * layout tests), so that a machine with other fonts draws the same pixels; what they pin is geometry, strokes and
 * colours. A pixel differs when a channel differs by more than {@value #CHANNEL_TOLERANCE}; at most
 * {@value #PIXEL_TOLERANCE} of the pixels may differ (anti-aliasing varies between Java2D pipelines). Regenerate
 * with {@code -Ddiagram.updateGoldens=src/test/resources/diagram}.
 */
class GoldenPngTest {

    private static final int CHANNEL_TOLERANCE = 48;
    private static final double PIXEL_TOLERANCE = 0.005;

    @ParameterizedTest(name = "{0}-{1} coloured by {2}")
    @CsvSource({"sklansky, 8, STEP", "kogge-stone, 8, FANOUT", "brent-kung, 16, STEP", "ladner-fischer, 16, NONE"})
    void matchesTheGolden(String family, int n, DiagramOptions.ColourBy colourBy) throws IOException {
        DiagramLayout full = DiagramLayouter.layout(Families.build(family, n), DiagramOptions.DEFAULT.withColourBy(colourBy));
        DiagramLayout shapes = new DiagramLayout(full.width(), full.height(), full.wires(), full.ops(), List.of(),
                full.swatches());
        BufferedImage actual = PngExporter.render(Figure.of(shapes), new ExportOptions(2, false));
        String name = family + "-" + n + "-" + colourBy.name().toLowerCase(java.util.Locale.ROOT) + ".png";
        String update = System.getProperty("diagram.updateGoldens");
        if (update != null) {
            ImageIO.write(actual, "png", Path.of(update).resolve(name).toFile());
            System.out.println("wrote golden " + name);
        }
        BufferedImage golden;
        try (InputStream in = GoldenPngTest.class.getResourceAsStream("/diagram/" + name)) {
            assertNotNull(in, "golden " + name + " is missing");
            golden = ImageIO.read(in);
        }
        assertEquals(golden.getWidth(), actual.getWidth());
        assertEquals(golden.getHeight(), actual.getHeight());
        long differing = 0;
        for (int y = 0; y < golden.getHeight(); y++) {
            for (int x = 0; x < golden.getWidth(); x++) {
                if (differs(golden.getRGB(x, y), actual.getRGB(x, y))) differing++;
            }
        }
        double fraction = (double) differing / ((long) golden.getWidth() * golden.getHeight());
        assertTrue(fraction <= PIXEL_TOLERANCE, name + ": " + differing + " pixels differ (" + fraction + ")");
    }

    private static boolean differs(int a, int b) {
        for (int shift = 0; shift < 32; shift += 8) {
            if (Math.abs(((a >>> shift) & 0xFF) - ((b >>> shift) & 0xFF)) > CHANNEL_TOLERANCE) return true;
        }
        return false;
    }
}
