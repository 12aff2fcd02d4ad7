package org.entangle.app;

import java.util.function.LongConsumer;
import javafx.animation.AnimationTimer;
import javafx.animation.PauseTransition;
import javafx.util.Duration;
import org.entangle.app.code.CodeAreas;

/**
 * When the start is over for the user, not only for the window manager: the window shows before RichTextFX has laid
 * out the program editor's lines ({@code GrowingCodePane} grows it over the next pulses) and before the renderer has
 * painted the first frame, and on the 2-core dev box those turns took another 0.4–0.6 s, some of them over 100 ms
 * (issue #6). Ready is the first pulse, once the window shows, at which no code area grows and no staged part waits
 * ({@link Staged}), as at the pulse before (which laid out the last step), and which came within
 * {@link Staged#QUIET_PULSE_GAP_NANOS} of the one before, the UI thread answering again. {@code bench startup}
 * reports it beside the shown window, with the longest gap between two pulses in between (an upper bound on the
 * longest turn of the UI thread then, give or take a frame).
 */
final class StartupReadiness {

    private StartupReadiness() {
    }

    /**
     * Whether the window's building is over: no code area grows and no staged part waits (the screenshot waits for it
     * too, and for the running tasks).
     */
    static boolean windowSettled() {
        return !CodeAreas.growingProperty().get() && !Staged.pendingProperty().get();
    }

    /**
     * Runs {@code work} once: at the pulse that finds the start over ({@link #watch}), or {@code patienceMillis} from now
     * if that comes first (a machine so loaded that no quick pulse comes). Call it as the window shows; on the UI thread.
     */
    static void atReadyOrAfter(long patienceMillis, Runnable work) {
        whenReady(patienceMillis, gap -> work.run(), work);
    }

    /**
     * Hands {@code onReady} the longest gap between two pulses at the pulse that finds the start over ({@link #watch}),
     * or runs {@code onLate} when {@code patienceMillis} pass first; only one of them runs, once. Call it as the window
     * shows; on the UI thread.
     */
    static void whenReady(long patienceMillis, LongConsumer onReady, Runnable onLate) {
        PauseTransition patience = new PauseTransition(Duration.millis(patienceMillis));
        AnimationTimer readiness = watch(gap -> {
            patience.stop();
            onReady.accept(gap);
        });
        patience.setOnFinished(e -> {
            readiness.stop();
            onLate.run();
        });
        patience.play();
    }

    /**
     * Watches the pulses from now on (call it as the window shows) and, at the first that finds the start over, stops
     * and hands {@code onReady} the longest gap between two pulses until then, in ms. On the UI thread. Returns the
     * watch, which its caller may stop sooner.
     */
    static AnimationTimer watch(LongConsumer onReady) {
        AnimationTimer timer = new AnimationTimer() {
            private long previous;
            private long longestGap;
            private boolean settledBefore;

            @Override
            public void handle(long now) {
                boolean settled = windowSettled();
                boolean laidOut = settled && settledBefore;
                settledBefore = settled;
                if (previous != 0) {
                    long gap = now - previous;
                    longestGap = Math.max(longestGap, gap);
                    if (gap <= Staged.QUIET_PULSE_GAP_NANOS && laidOut) {
                        stop();
                        onReady.accept(longestGap / 1_000_000);
                    }
                }
                previous = now;
            }
        };
        timer.start();
        return timer;
    }
}
