package org.entangle.diagram.export;

import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2D;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.entangle.diagram.Figure;

/**
 * Writes a {@link Figure} as a one-page vector PDF: {@link Java2dPainter} draws on PDFBox's
 * {@code PdfBoxGraphics2D} (de.rototor pdfbox-graphics2d), which records a form XObject that is placed on a page of
 * exactly the figure's size (one diagram unit = {@code scale} points). Text becomes vector outlines of the diagram
 * font. Limit: {@value #MAX_SIDE} points per side, the largest page PDF viewers accept (200 inches; ISO 32000-1,
 * Annex C).
 */
public final class PdfExporter {

    /** Largest page side in points. */
    public static final double MAX_SIDE = 14_400;

    private PdfExporter() {
    }

    /** Writes the PDF to {@code out}. */
    public static void write(Figure figure, ExportOptions options, OutputStream out) throws IOException {
        float w = (float) (figure.width() * options.scale());
        float h = (float) (figure.height() * options.scale());
        DiagramTooLargeException.checkSides("PDF", w, h, MAX_SIDE, "pt", "200 inches, ISO 32000-1 Annex C");
        try (PDDocument document = new PDDocument()) {
            PDPage page = new PDPage(new PDRectangle(w, h));
            document.addPage(page);
            PdfBoxGraphics2D g = new PdfBoxGraphics2D(document, w, h);
            try {
                g.scale(options.scale(), options.scale());
                new Java2dPainter().paint(g, figure, options.transparent());
            } finally {
                g.dispose();
            }
            PDFormXObject form = g.getXFormObject();
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.drawForm(form);
            }
            document.save(out);
        }
    }
}
