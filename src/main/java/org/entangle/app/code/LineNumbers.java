package org.entangle.app.code;

import java.util.function.IntFunction;
import javafx.scene.Node;
import javafx.scene.text.Text;
import org.fxmisc.richtext.GenericStyledArea;
import org.reactfx.collection.LiveList;
import org.reactfx.value.Val;

/**
 * A code area's line numbers (its paragraph graphics, style class {@code lineno}: the area's font, italic, grey), each
 * one {@link Text}, right-aligned to the width of the largest number and widened when the area passes a power of ten.
 * RichTextFX's {@code LineNumberFactory} gives every line two labels, the number and a fold indicator, so two controls
 * whose skins are made and styled as the line first shows; the workbench folds no paragraphs, and one text node a line
 * is cheaper to show.
 */
public final class LineNumbers implements IntFunction<Node> {

    private final Val<Integer> lines;

    private LineNumbers(GenericStyledArea<?, ?, ?> area) {
        lines = LiveList.sizeOf(area.getParagraphs());
    }

    /** The line numbers of {@code area}, to give it as its paragraph graphic factory. */
    public static IntFunction<Node> of(GenericStyledArea<?, ?, ?> area) {
        return new LineNumbers(area);
    }

    @Override
    public Node apply(int paragraph) {
        Text number = new Text();
        number.getStyleClass().add("lineno");
        number.textProperty().bind(lines.map(count -> label(paragraph + 1, count)).conditionOnShowing(number));
        return number;
    }

    /**
     * Line {@code line}'s number among {@code lines}, right-aligned to the largest's width, a space before and two after
     * (the gaps of {@code LineNumberFactory}'s padding and fold indicator, in the area's monospaced font).
     */
    static String label(int line, int lines) {
        String number = Integer.toString(line);
        int width = Integer.toString(Math.max(lines, line)).length();
        return " ".repeat(1 + width - number.length()) + number + "  ";
    }
}
