package org.entangle.app.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.animation.AnimationTimer;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * {@link PaintedFrame}: the work runs once, on the UI thread, and only after the renderer is done with what it was
 * given, however many pulses pass meanwhile (pulses keep coming while a still scene waits for nothing).
 */
@ExtendWith(ApplicationExtension.class)
class PaintedFrameTest {

    /** How long the render thread stays busy: long enough for many pulses of a still scene. */
    private static final long BUSY_MILLIS = 400;

    private final Label label = new Label("before");

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(new StackPane(label), 300, 200));
        stage.show();
    }

    @Test
    void theWorkRunsOnceAfterTheRendererIsDoneHoweverManyPulsesPass(FxRobot robot) throws Exception {
        AtomicInteger pulses = new AtomicInteger();
        AtomicInteger pulsesWhenRendered = new AtomicInteger(-1);
        List<String> ran = new CopyOnWriteArrayList<>();
        AnimationTimer counter = new AnimationTimer() {
            @Override
            public void handle(long now) {
                pulses.incrementAndGet();
            }
        };
        robot.interact(() -> {
            counter.start();
            label.setText("after");
            BusyRenderer.queue(BUSY_MILLIS, () -> pulsesWhenRendered.set(pulses.get()));
            PaintedFrame.afterPainted(() -> ran.add((pulsesWhenRendered.get() >= 0 ? "rendered" : "not rendered")
                    + (javafx.application.Platform.isFxApplicationThread() ? " on the UI thread" : " elsewhere")));
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !ran.isEmpty());
        int after = pulses.get();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> pulses.get() > after + 5);
        robot.interact(counter::stop);
        System.out.println("PaintedFrameTest: " + pulsesWhenRendered.get() + " pulses while the renderer was busy");
        assertEquals(List.of("rendered on the UI thread"), ran);
        assertTrue(pulsesWhenRendered.get() > PaintedFrame.PULSES,
                "too few pulses while the renderer was busy for the test to tell: " + pulsesWhenRendered.get());
    }
}
