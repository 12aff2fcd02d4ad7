package org.entangle.diagram.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.entangle.diagram.DiagramLayout;
import org.entangle.diagram.DiagramLayouter;
import org.entangle.diagram.DiagramOptions;
import org.entangle.diagram.Figure;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.entangle.network.metrics.Metrics;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.DirectedPseudograph;
import org.jgrapht.nio.dot.DOTImporter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class ExportersTest {

    static Stream<Network> networks() {
        return Stream.of("sklansky", "kogge-stone", "brent-kung", "ladner-fischer")
                .flatMap(f -> Stream.of(7, 16).map(n -> Families.build(f, n)));
    }

    private static Figure figure(Network network, DiagramOptions options) {
        return Figure.of(DiagramLayouter.layout(network, options));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void svgIsXmlWithOneDotPerOpAndOneLinePerWire(Network network) throws Exception {
        String svg = SvgExporter.toSvg(figure(network, DiagramOptions.DEFAULT.withRanges(true)
                .withColourBy(DiagramOptions.ColourBy.FANOUT)), ExportOptions.DEFAULT);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        assertEquals("svg", doc.getDocumentElement().getTagName());
        assertEquals(network.opCount(), countWithClass(doc.getElementsByTagName("circle"), "op"));
        assertEquals(network.width(), countWithClass(doc.getElementsByTagName("line"), "wire"));
        assertEquals(network.opCount(), countWithClass(doc.getElementsByTagName("line"), "link"));
    }

    private static int countWithClass(NodeList nodes, String cls) {
        int c = 0;
        for (int i = 0; i < nodes.getLength(); i++) {
            if (((Element) nodes.item(i)).getAttribute("class").equals(cls)) c++;
        }
        return c;
    }

    @Test
    void streamedSvgEqualsTheString() throws Exception {
        Figure f = figure(Families.build("kogge-stone", 128), DiagramOptions.DEFAULT.withRanges(true));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SvgExporter.write(f, ExportOptions.DEFAULT, out);
        String svg = SvgExporter.toSvg(f, ExportOptions.DEFAULT);
        assertTrue(svg.length() > 1 << 16, "long enough to be streamed in several chunks");
        assertEquals(svg, out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void svgBackgroundIsWhiteUnlessTransparent() {
        Figure f = figure(Families.build("sklansky", 4), DiagramOptions.DEFAULT);
        assertTrue(SvgExporter.toSvg(f, ExportOptions.DEFAULT).contains("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"));
        assertTrue(!SvgExporter.toSvg(f, new ExportOptions(1, true)).contains("height=\"100%\""));
    }

    @Test
    void pngIsScaledAndItsBackgroundWhiteOrTransparent() {
        Figure f = figure(Families.build("sklansky", 8), DiagramOptions.DEFAULT);
        java.awt.image.BufferedImage white = PngExporter.render(f, new ExportOptions(1.5, false));
        java.awt.image.BufferedImage clear = PngExporter.render(f, new ExportOptions(1.5, true));
        assertEquals((int) Math.ceil(f.width() * 1.5), white.getWidth());
        assertEquals((int) Math.ceil(f.height() * 1.5), white.getHeight());
        assertEquals(0xFFFFFFFF, white.getRGB(1, 1));
        assertEquals(0, clear.getRGB(1, 1) >>> 24, "transparent corner");
        DiagramLayout.OpMark op = f.panels().get(0).layout().ops().get(0);
        assertEquals(0xFF000000 | org.entangle.diagram.DiagramStyle.OP,
                clear.getRGB((int) (op.x() * 1.5), (int) (op.y() * 1.5)), "an op's dot is opaque in its colour");
    }

    @Test
    void numbersHaveAtMostTwoDecimalsAndNoLocale() {
        StringBuilder sb = new StringBuilder();
        for (double d : new double[] {0, 12, -3.5, 1.005, 2.499, -0.004, 1234.56}) Numbers.append(sb, d).append(' ');
        assertEquals("0 12 -3.5 1 2.5 0 1234.56 ", sb.toString());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void pdfHasOnePageOfTheFiguresSize(Network network) throws Exception {
        Figure f = figure(network, DiagramOptions.DEFAULT);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PdfExporter.write(f, new ExportOptions(0.75, false), out);
        try (PDDocument doc = Loader.loadPDF(out.toByteArray())) {
            assertEquals(1, doc.getNumberOfPages());
            PDRectangle box = doc.getPage(0).getMediaBox();
            assertEquals(f.width() * 0.75, box.getWidth(), 0.01);
            assertEquals(f.height() * 0.75, box.getHeight(), 0.01);
            assertTrue(new PDFTextStripper().getText(doc).isBlank(), "text is drawn as vector outlines");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void dotReimportsAsTheValueGraph(Network network) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DotExporter.write(List.of(network), out);
        Graph<String, DefaultEdge> graph = new DirectedPseudograph<>(DefaultEdge.class);
        DOTImporter<String, DefaultEdge> importer = new DOTImporter<>();
        importer.setVertexFactory(id -> id);
        importer.importGraph(graph, new StringReader(out.toString(StandardCharsets.UTF_8)));
        int size = Metrics.of(network).size();
        assertEquals(size + network.width(), graph.vertexSet().size());
        assertEquals(2 * size, graph.edgeSet().size(), "every combine reads two values");
        for (int w = 0; w < network.width(); w++) assertEquals(0, graph.inDegreeOf("v" + w), "inputs depend on nothing");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("networks")
    void tikzHasOneNodePerOp(Network network) {
        String tex = TikzExporter.toTikz(figure(network, DiagramOptions.DEFAULT.withColourBy(DiagramOptions.ColourBy.STEP)),
                ExportOptions.DEFAULT);
        Matcher m = Pattern.compile("\\\\node\\[op,").matcher(tex);
        int nodes = 0;
        while (m.find()) nodes++;
        assertEquals(network.opCount(), nodes);
        assertTrue(tex.startsWith("\\documentclass[border=0pt]{standalone}"));
        assertTrue(tex.contains("\\begin{tikzpicture}") && tex.endsWith("\\end{document}\n"));
    }

    @Test
    void tikzEscapesTexSpecials() {
        StringBuilder sb = new StringBuilder();
        TexText.escape(sb, "a_b 50% {x} ε Kogge\u2013Stone");
        assertEquals("a\\_b 50\\% \\{x\\} $\\varepsilon$ Kogge--Stone", sb.toString());
    }

    @Test
    void formatsStateTheirLimits() {
        Figure big = figure(Families.build("kogge-stone", 1024), DiagramOptions.DEFAULT);
        DiagramTooLargeException pdf = assertThrows(DiagramTooLargeException.class,
                () -> PdfExporter.write(big, ExportOptions.DEFAULT, new ByteArrayOutputStream()));
        assertTrue(pdf.getMessage().contains("14400 pt"), pdf.getMessage());
        DiagramTooLargeException tikz = assertThrows(DiagramTooLargeException.class,
                () -> TikzExporter.toTikz(big, ExportOptions.DEFAULT));
        assertTrue(tikz.getMessage().contains("16322 bp"), tikz.getMessage());
        DiagramTooLargeException png = assertThrows(DiagramTooLargeException.class,
                () -> PngExporter.render(big, new ExportOptions(2, false)));
        assertTrue(png.getMessage().contains("32767 px"), png.getMessage());
    }

    @Test
    void sideBySideFigureHoldsEveryPanel() {
        List<DiagramLayout> layouts = Stream.of("sklansky", "kogge-stone", "brent-kung")
                .map(f -> DiagramLayouter.layout(Families.build(f, 16))).toList();
        Figure f = Figure.sideBySide(layouts);
        assertEquals(layouts.stream().mapToDouble(DiagramLayout::width).sum() + 2 * org.entangle.diagram.DiagramStyle.PANEL_GAP,
                f.width(), 1e-9);
        assertEquals(32 + 49 + 26, f.opMarkCount());
        String svg = SvgExporter.toSvg(f, ExportOptions.DEFAULT);
        assertEquals(3, svg.split("<g transform=", -1).length - 1);
    }
}
