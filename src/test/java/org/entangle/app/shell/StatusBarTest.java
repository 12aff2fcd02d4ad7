package org.entangle.app.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.stage.Stage;
import org.entangle.app.UiTest;
import org.entangle.app.task.FxTaskRunner;
import org.entangle.app.task.TrackingTaskRunner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * {@link StatusBar}: a job whose end is unknown shows its message and the seconds since it began, ticking, and no
 * progress bar (whose indeterminate animation repaints the window at every pulse); once the job reports a fraction the
 * bar shows it instead; when the work ends, "Ready" and neither; a notice of something done (an export) shows when it
 * comes after its job, and the next job's message replaces it.
 */
@UiTest
class StatusBarTest {

    private final FxTaskRunner runner = new FxTaskRunner();
    private final StringProperty notice = new SimpleStringProperty("");

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(new StatusBar(runner, new TrackingTaskRunner(runner), notice), 700, 40));
        stage.show();
    }

    @AfterEach
    void stop() {
        runner.shutdown();
    }

    @Test
    void secondsWhileTheEndIsUnknownThenTheFractionThenReady(FxRobot robot) throws Exception {
        CountDownLatch unknownSeen = new CountDownLatch(1);
        CountDownLatch fractionSeen = new CountDownLatch(1);
        robot.interact(() -> runner.submit("Search", c -> {
            c.progress("3 states", -1);
            await(unknownSeen);
            c.progress("half", 0.5);
            await(fractionSeen);
            return null;
        }, r -> { }, e -> { }));
        Label message = robot.lookup("#status-message").queryAs(Label.class);
        Label elapsed = robot.lookup("#status-elapsed").queryAs(Label.class);
        ProgressBar bar = robot.lookup("#status-progress").queryAs(ProgressBar.class);

        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> onFx(() -> message.getText().equals("Search: 3 states")));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> onFx(() -> elapsed.getText().equals("2 s")));
        assertTrue(onFx(elapsed::isVisible), "the seconds show while the end is unknown");
        assertFalse(onFx(bar::isVisible), "no indeterminate bar");

        unknownSeen.countDown();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> onFx(bar::isVisible));
        assertEquals(0.5, onFx(bar::getProgress));
        assertFalse(onFx(elapsed::isVisible), "the bar replaces the seconds");

        fractionSeen.countDown();
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> onFx(() -> message.getText().equals("Ready")));
        assertFalse(onFx(bar::isVisible));
        assertFalse(onFx(elapsed::isVisible));
    }

    @Test
    void aNoticeShowsAfterItsJobUntilTheNextJob(FxRobot robot) throws Exception {
        robot.interact(() -> runner.submit("Exporting a.svg", c -> "/tmp/a.svg", f -> notice.set("Exported a to " + f + "."), e -> { }));
        Label message = robot.lookup("#status-message").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> onFx(() -> message.getText().equals("Exported a to /tmp/a.svg.")));
        CountDownLatch end = new CountDownLatch(1);
        robot.interact(() -> runner.submit("Saving", c -> {
            await(end);
            return null;
        }, r -> { }, e -> { }));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> onFx(() -> message.getText().equals("Saving")));
        end.countDown();
    }

    /**
     * Reads {@code value} on the UI thread: read from the test's thread, the bar's and the seconds' visibility
     * (bindings on the same runner properties, invalidated one after the other) could be one new and one stale.
     */
    private static <T> T onFx(Callable<T> value) throws Exception {
        return WaitForAsyncUtils.asyncFx(value).get(5, TimeUnit.SECONDS);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
