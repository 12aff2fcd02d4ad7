package org.entangle.app.code;

import java.time.Duration;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.scene.layout.Region;
import org.fxmisc.richtext.CodeArea;

/** Code editors and viewers (RichTextFX) with line numbers, re-highlighted shortly after each change. */
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
                    .subscribe(c -> area.setStyleSpans(0, highlighter.spans(area.getText())));
        }
        return area;
    }

    /**
     * Replaces the whole text and highlights it at once (for viewers whose text the model sets); an area on screen in
     * a {@link #scrolled} pane shows the new text a few lines a pulse.
     */
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
     * and the area scrolled to it: a new editor's first frame showed the program's last lines); an area on screen in a
     * {@link #scrolled} pane shows the new text a few lines a pulse.
     */
    public static void replace(CodeArea area, String text) {
        if (area.getScene() != null && area.getProperties().get(GrowingCodePane.class) instanceof GrowingCodePane pane) {
            pane.shrinkForNewText();
        }
        area.replaceText(text);
        area.moveTo(0);
        area.requestFollowCaret();
    }

    /** True while a code area is still growing to its full height ({@link GrowingCodePane}). */
    public static ReadOnlyBooleanProperty growingProperty() {
        return GrowingCodePane.anyGrowingProperty();
    }

    /** The area in a scroll pane that shows a whole new text a few lines a pulse ({@link GrowingCodePane}). */
    public static Region scrolled(CodeArea area) {
        GrowingCodePane pane = new GrowingCodePane(area);
        area.getProperties().put(GrowingCodePane.class, pane);
        return pane;
    }
}
