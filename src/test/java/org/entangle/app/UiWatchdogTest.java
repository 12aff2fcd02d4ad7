package org.entangle.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A stall of the UI thread just over the {@link UiWatchdog}'s threshold, shorter than the threshold plus one period,
 * is reported with a stack sample taken while it lasted, one that shows what held the thread.
 */
@ExtendWith(ApplicationExtension.class)
class UiWatchdogTest {

    private static final long THRESHOLD_MILLIS = 100;
    private static final long PERIOD_MILLIS = 50;
    private static final long BLOCK_MILLIS = 140;
    private static final int TRIES = 20;

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void aStallJustOverTheThresholdComesWithTheStackThatHeldTheThread() throws Exception {
        List<UiWatchdog.Stall> stalls = new CopyOnWriteArrayList<>();
        try (UiWatchdog watchdog = new UiWatchdog(THRESHOLD_MILLIS, 0, PERIOD_MILLIS, stalls::add)) {
            for (int i = 0; i < TRIES && justOver(stalls).isEmpty(); i++) {
                WaitForAsyncUtils.sleep(PERIOD_MILLIS * 3, TimeUnit.MILLISECONDS);
                Platform.runLater(UiWatchdogTest::holdTheUiThread);
                WaitForAsyncUtils.waitForFxEvents();
                WaitForAsyncUtils.sleep(PERIOD_MILLIS * 2, TimeUnit.MILLISECONDS);
            }
        }
        List<UiWatchdog.Stall> justOver = justOver(stalls);
        assertFalse(justOver.isEmpty(), "no stall of " + THRESHOLD_MILLIS + "–" + (THRESHOLD_MILLIS + PERIOD_MILLIS)
                + " ms reported in " + TRIES + " blocks of " + BLOCK_MILLIS + " ms: " + stalls.stream().map(UiWatchdog.Stall::millis).toList());
        for (UiWatchdog.Stall stall : justOver) {
            assertTrue(Arrays.stream(stall.sample()).anyMatch(frame -> frame.getMethodName().equals("holdTheUiThread")),
                    "the sample does not show what held the UI thread: " + stall.describe(10));
        }
    }

    /** The stalls over the threshold and shorter than the threshold plus one period. */
    private static List<UiWatchdog.Stall> justOver(List<UiWatchdog.Stall> stalls) {
        return stalls.stream().filter(s -> s.millis() > THRESHOLD_MILLIS && s.millis() < THRESHOLD_MILLIS + PERIOD_MILLIS).toList();
    }

    private static void holdTheUiThread() {
        long end = System.nanoTime() + BLOCK_MILLIS * 1_000_000;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
