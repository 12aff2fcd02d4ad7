package org.entangle.app.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.StackPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.entangle.app.Problem;
import org.entangle.app.UiTest;
import org.entangle.app.task.CancelWatch;
import org.entangle.work.Failures;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * {@link ProblemNotice}: hidden without a problem; a problem shows its summary, its details only on request and
 * folded again for the next problem; the close button and Escape clear the problem; problems that arrive together are
 * counted and dismissed one by one, newest first, and clearing the model's problem dismisses them all; a problem
 * without details offers none; a long summary (the out-of-memory advice) wraps and shows whole; and the notice, in its corner, leaves the rest of the window clickable.
 */
@UiTest
class ProblemNoticeTest {

    private final ObjectProperty<Problem> problem = new SimpleObjectProperty<>();
    private final AtomicInteger clicksBeneath = new AtomicInteger();
    private ProblemNotice notice;

    @Start
    void start(Stage stage) {
        Button beneath = new Button("beneath");
        beneath.setId("beneath");
        beneath.setMaxSize(Double.MAX_VALUE, Double.MAX_VALUE);
        beneath.setOnAction(e -> clicksBeneath.incrementAndGet());
        notice = new ProblemNotice(problem);
        StackPane.setAlignment(notice, Pos.BOTTOM_RIGHT);
        stage.setScene(new Scene(new StackPane(beneath, notice), 900, 600));
        stage.show();
    }

    @Test
    void showsTheSummaryAndTheDetailsOnRequestAndIsDismissed(FxRobot robot) {
        assertFalse(notice.isVisible());
        robot.interact(() -> problem.set(
                new Problem("Saving the workspace failed: disk full", "java.io.IOException: disk full\n\tat X")));
        assertTrue(notice.isVisible());
        assertEquals("Saving the workspace failed: disk full", robot.lookup("#problem-summary").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#problem-details").tryQuery().isEmpty(), "details folded away at first");

        robot.clickOn("#problem-details-toggle");
        TextArea details = robot.lookup("#problem-details").queryAs(TextArea.class);
        assertEquals("java.io.IOException: disk full\n\tat X", details.getText());
        assertFalse(details.isEditable());

        robot.interact(() -> problem.set(new Problem("Exporting a.svg failed: no room", "java.io.IOException: no room")));
        assertEquals("Exporting a.svg failed: no room", robot.lookup("#problem-summary").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#problem-details").tryQuery().isEmpty(), "a new problem starts folded");

        robot.clickOn("#problem-dismiss");
        assertEquals("Saving the workspace failed: disk full", robot.lookup("#problem-summary").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#problem-details").tryQuery().isEmpty(), "the earlier problem shows folded");
        robot.clickOn("#problem-dismiss");
        assertNull(problem.get());
        assertFalse(notice.isVisible());
    }

    @Test
    void aLongSummaryWrapsWhole(FxRobot robot) {
        Problem memory = Problem.of("Asking the angels", new Failures.Advice(CancelWatch.lowMemoryAdvice()));
        robot.interact(() -> problem.set(memory));
        WaitForAsyncUtils.waitForFxEvents();
        Label summary = robot.lookup("#problem-summary").queryAs(Label.class);
        Text shown = (Text) summary.lookup(".text");
        assertTrue(memory.summary().endsWith(".") && !memory.summary().contains("…"), "whole sentences: " + memory.summary());
        assertEquals(memory.summary(), shown.getText(), "the summary is shown whole, its advice included, not cut off");
        assertTrue(shown.getBoundsInLocal().getHeight() > 3 * shown.getFont().getSize(), "it wraps onto several lines");
        assertTrue(notice.getBoundsInParent().getWidth() <= ProblemNotice.WIDTH + 1, "within the notice's width");
    }

    @Test
    void aProblemWithoutDetailsOffersNone(FxRobot robot) {
        robot.interact(() -> problem.set(new Problem("Nothing to export: select a network first.", "")));
        assertTrue(notice.isVisible());
        assertFalse(robot.lookup("#problem-details-toggle").query().isVisible());
    }

    @Test
    void escapeInTheNoticeDismissesIt(FxRobot robot) {
        robot.interact(() -> problem.set(new Problem("Opening a.json failed: not a workspace", "details")));
        robot.clickOn("#problem-details-toggle").type(KeyCode.ESCAPE);
        assertNull(problem.get());
        assertFalse(notice.isVisible());
    }

    @Test
    void theRestOfTheWindowStaysClickable(FxRobot robot) {
        robot.interact(() -> problem.set(new Problem("Asking the angels failed: out of memory", "details")));
        robot.clickOn(robot.point("#beneath").atPosition(Pos.TOP_LEFT).atOffset(new javafx.geometry.Point2D(20, 20)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, clicksBeneath.get());
        assertTrue(notice.isVisible(), "a click elsewhere leaves the notice");
        assertTrue(notice.getBoundsInParent().getWidth() <= ProblemNotice.WIDTH + 1, "the notice keeps to its corner");
    }

    @Test
    void problemsThatArriveTogetherAreDismissedOneByOne(FxRobot robot) {
        Problem first = new Problem("Sorting the gallery failed: no memory", "a");
        Problem second = new Problem("Autosaving failed: disk full", "b");
        robot.interact(() -> {
            problem.set(first);
            problem.set(second);
        });
        assertEquals("Autosaving failed: disk full", robot.lookup("#problem-summary").queryAs(Label.class).getText());
        assertEquals("1 of 2", robot.lookup("#problem-count").queryAs(Label.class).getText());

        robot.clickOn("#problem-dismiss");
        assertEquals(first, problem.get(), "the earlier problem is the model's again");
        assertEquals("Sorting the gallery failed: no memory", robot.lookup("#problem-summary").queryAs(Label.class).getText());
        assertEquals("", robot.lookup("#problem-count").queryAs(Label.class).getText());

        robot.clickOn("#problem-dismiss");
        assertNull(problem.get());
        assertFalse(notice.isVisible());
    }

    @Test
    void clearingTheModelsProblemDismissesThemAll(FxRobot robot) {
        robot.interact(() -> {
            problem.set(new Problem("one failed", "a"));
            problem.set(new Problem("two failed", "b"));
            problem.set(null);
        });
        assertFalse(notice.isVisible());
        robot.interact(() -> problem.set(new Problem("three failed", "c")));
        assertEquals("", robot.lookup("#problem-count").queryAs(Label.class).getText(), "the cleared ones are not counted");
        robot.clickOn("#problem-dismiss");
        assertNull(problem.get());
    }
}
