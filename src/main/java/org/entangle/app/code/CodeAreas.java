package org.entangle.app.code;

import java.time.Duration;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;

/** Code editors and viewers (RichTextFX) with line numbers, re-highlighted shortly after each change. */
public final class CodeAreas {

    private CodeAreas() {
    }

    /** A code area; an editable one is re-highlighted by {@code highlighter} after each change, a viewer by {@link #show}. */
    public static CodeArea create(CodeHighlighter highlighter, boolean editable) {
        CodeArea area = new CodeArea();
        area.setEditable(editable);
        area.setParagraphGraphicFactory(LineNumberFactory.get(area));
        if (editable) {
            area.multiPlainChanges().successionEnds(Duration.ofMillis(80))
                    .subscribe(c -> area.setStyleSpans(0, highlighter.spans(area.getText())));
        }
        return area;
    }

    /** Replaces the whole text and highlights it at once (for viewers whose text the model sets). */
    public static void show(CodeArea area, CodeHighlighter highlighter, String text) {
        area.replaceText(text);
        area.setStyleSpans(0, highlighter.spans(text));
        area.moveTo(0);
        area.requestFollowCaret();
    }

    /** The area in a scroll pane. */
    public static VirtualizedScrollPane<CodeArea> scrolled(CodeArea area) {
        return new VirtualizedScrollPane<>(area);
    }
}
