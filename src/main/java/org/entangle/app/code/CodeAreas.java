package org.entangle.app.code;

import java.time.Duration;
import java.util.Collection;
import java.util.Iterator;
import javafx.scene.layout.Region;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.model.StyleSpan;
import org.fxmisc.richtext.model.StyleSpans;

/**
 * Code editors and viewers (RichTextFX) with line numbers, re-highlighted shortly after each change, in virtualised
 * scroll panes (only the lines on screen have nodes). An editor whose whole text was just put in highlighted
 * ({@link #show}) is not highlighted again when the change settles: the same spans set again would replace every
 * line, and with them the nodes of those on screen.
 */
public final class CodeAreas {

    private CodeAreas() {
    }

    /** A code area; an editable one is re-highlighted by {@code highlighter} after each change, a viewer by {@link #show}. */
    public static CodeArea create(CodeHighlighter highlighter, boolean editable) {
        CodeArea area = new CodeArea();
        area.setEditable(editable);
        area.setParagraphGraphicFactory(LineNumbers.of(area));
        if (editable) {
            area.multiPlainChanges().successionEnds(Duration.ofMillis(80))
                    .subscribe(c -> restyle(area, highlighter.spans(area.getText())));
        }
        return area;
    }

    /**
     * Gives {@code area} the style {@code spans}, unless it has them already ({@link #sameStyles}): setting the same
     * spans again replaces all its lines, and the nodes of those shown.
     */
    public static void restyle(CodeArea area, StyleSpans<Collection<String>> spans) {
        if (!sameStyles(area.getText(), area.getStyleSpans(0, area.getLength()), spans)) area.setStyleSpans(0, spans);
    }

    /**
     * Whether two span lists over {@code text} give every character but the line breaks the same style, however their
     * runs are cut: RichTextFX keeps no style for a line break (it reports the line's last run over it) and merges
     * neighbouring spans of one style, and a highlighter does neither.
     */
    static boolean sameStyles(String text, StyleSpans<Collection<String>> a, StyleSpans<Collection<String>> b) {
        if (a.length() != b.length() || a.length() != text.length()) return false;
        Iterator<StyleSpan<Collection<String>>> inA = a.iterator();
        Iterator<StyleSpan<Collection<String>>> inB = b.iterator();
        StyleSpan<Collection<String>> spanA = null;
        StyleSpan<Collection<String>> spanB = null;
        int leftA = 0;
        int leftB = 0;
        for (int at = 0; at < text.length(); ) {
            while (leftA == 0) {
                spanA = inA.next();
                leftA = spanA.getLength();
            }
            while (leftB == 0) {
                spanB = inB.next();
                leftB = spanB.getLength();
            }
            int run = Math.min(leftA, leftB);
            if (!spanA.getStyle().equals(spanB.getStyle()) && !onlyLineBreaks(text, at, at + run)) return false;
            at += run;
            leftA -= run;
            leftB -= run;
        }
        return true;
    }

    private static boolean onlyLineBreaks(String text, int from, int to) {
        for (int i = from; i < to; i++) if (text.charAt(i) != '\n') return false;
        return true;
    }

    /** Replaces the whole text and highlights it at once (for viewers whose text the model sets). */
    public static void show(CodeArea area, CodeHighlighter highlighter, String text) {
        show(area, HighlightedText.of(highlighter, text));
    }

    /** Replaces the whole text with one highlighted beforehand, as {@link #show(CodeArea, CodeHighlighter, String)}. */
    public static void show(CodeArea area, HighlightedText text) {
        replace(area, text.text());
        area.setStyleSpans(0, text.spans());
    }

    /**
     * Replaces the whole text and shows it from its first line, the caret there (replacing leaves the caret at the end,
     * and the area scrolled to it).
     */
    public static void replace(CodeArea area, String text) {
        area.replaceText(text);
        area.moveTo(0);
        area.requestFollowCaret();
    }

    /** The area in a virtualised scroll pane. */
    public static Region scrolled(CodeArea area) {
        return new VirtualizedScrollPane<>(area);
    }
}
