package org.entangle.app.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.collections.ListChangeListener;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.entangle.app.UiTest;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.model.StyleSpans;
import org.fxmisc.richtext.model.StyleSpansBuilder;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * {@link CodeAreas}: an editor given a whole highlighted text is not styled again once the change settles (that
 * replaced every shown line's nodes for nothing), while an edit is still highlighted; span lists compare by the style
 * of each character but the line breaks, however their runs are cut.
 */
@UiTest
class CodeAreasTest {

    private static final String PROGRAM = "// prefix sum\nfor i in 0 .. 8 parallel\n  if !! x[i] = x[i] + x[i - 1]\n";

    private final StackPane root = new StackPane();

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(root, 400, 300));
        stage.show();
    }

    @Test
    void anEditorShownHighlightedIsNotStyledAgainButAnEditIs(FxRobot robot) throws Exception {
        CodeArea area = CodeAreas.create(CodeHighlighter.ANGELIC, true);
        AtomicInteger lineChanges = new AtomicInteger();
        area.getParagraphs().addListener((ListChangeListener<Object>) c -> lineChanges.incrementAndGet());
        AtomicInteger afterShow = new AtomicInteger();
        AtomicInteger afterRestyle = new AtomicInteger();
        robot.interact(() -> {
            root.getChildren().setAll(area);
            CodeAreas.show(area, CodeHighlighter.ANGELIC, PROGRAM);
            afterShow.set(lineChanges.get());
            CodeAreas.restyle(area, CodeHighlighter.ANGELIC.spans(area.getText()));
            afterRestyle.set(lineChanges.get());
        });
        assertEquals(afterShow.get(), afterRestyle.get(), "the editor's lines were replaced again for the spans it was shown with");
        assertTrue(CodeAreas.sameStyles(PROGRAM, area.getStyleSpans(0, area.getLength()), CodeHighlighter.ANGELIC.spans(PROGRAM)));

        robot.interact(() -> area.insertText(area.getLength(), "assert x == scan\n"));
        String text = WaitForAsyncUtils.asyncFx(() -> area.getText()).get();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> CodeAreas.sameStyles(text,
                area.getStyleSpans(0, area.getLength()), CodeHighlighter.ANGELIC.spans(text))).get());
        assertEquals(List.of("keyword"), area.getStyleOfChar(text.indexOf("assert") + 1));
    }

    @Test
    void spansCompareByTheStyleOfEachCharacterButTheLineBreaks() {
        assertTrue(CodeAreas.sameStyles("abcdef", spans("a", 2, "a", 3, "", 0, "b", 1), spans("a", 5, "b", 1)),
                "runs of one style cut differently compared unequal");
        assertTrue(CodeAreas.sameStyles("ab\ncd", spans("a", 3, "b", 2), spans("a", 2, "", 1, "b", 2)),
                "a line break's style counted");
        assertFalse(CodeAreas.sameStyles("ab\ncd", spans("a", 4, "b", 1), spans("a", 2, "", 1, "b", 2)));
        assertFalse(CodeAreas.sameStyles("abcde", spans("a", 2, "b", 3), spans("a", 5)));
        assertFalse(CodeAreas.sameStyles("abcde", spans("a", 2, "b", 3), spans("a", 3, "b", 2)));
        assertFalse(CodeAreas.sameStyles("abcdef", spans("a", 5), spans("a", 6)));
    }

    /** Spans from (style class, length) pairs; an empty class is no style. */
    private static StyleSpans<Collection<String>> spans(Object... classAndLength) {
        StyleSpansBuilder<Collection<String>> builder = new StyleSpansBuilder<>();
        for (int i = 0; i < classAndLength.length; i += 2) {
            String style = (String) classAndLength[i];
            builder.add(style.isEmpty() ? List.of() : List.of(style), (Integer) classAndLength[i + 1]);
        }
        return builder.create();
    }
}
