package org.entangle.app.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.entangle.app.UiTest;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

/**
 * A code area's line numbers are one text node a line (no control, so no skin to make and style as a line shows),
 * numbered from 1, right-aligned to the largest number, and widened when the area passes a power of ten.
 */
@UiTest
class LineNumbersTest {

    private final StackPane root = new StackPane();

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(root, 400, 400));
        stage.show();
    }

    @Test
    void labelsAreRightAlignedToTheLargestNumber() {
        assertEquals("  7  ", LineNumbers.label(7, 12));
        assertEquals(" 12  ", LineNumbers.label(12, 12));
        assertEquals(" 7  ", LineNumbers.label(7, 9));
        List<Integer> widths = IntStream.rangeClosed(1, 120).mapToObj(line -> LineNumbers.label(line, 120).length()).distinct().toList();
        assertEquals(List.of(LineNumbers.label(120, 120).length()), widths, "lines of one area labelled at different widths");
    }

    @Test
    void eachLineIsOneTextNodeThatFollowsTheLineCount(FxRobot robot) {
        CodeArea area = new CodeArea(lines(9));
        area.setParagraphGraphicFactory(LineNumbers.of(area));
        robot.interact(() -> {
            root.getChildren().setAll(area);
            root.layout();
        });
        Node first = area.getParagraphGraphic(0);
        assertTrue(first instanceof Text, "a line's number is " + first.getClass().getName() + ", not one text node");
        assertFalse(first instanceof Parent);
        assertEquals(" 1  ", ((Text) first).getText());
        assertEquals(" 9  ", ((Text) area.getParagraphGraphic(8)).getText());

        robot.interact(() -> {
            area.appendText("\nline 10");
            root.layout();
        });
        assertEquals("  1  ", ((Text) area.getParagraphGraphic(0)).getText(), "not widened for the tenth line");
        assertEquals(" 10  ", ((Text) area.getParagraphGraphic(9)).getText());
    }

    private static String lines(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> "line " + i).collect(Collectors.joining("\n"));
    }
}
