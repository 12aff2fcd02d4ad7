package org.entangle.app;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import javafx.application.Platform;

/**
 * Measures how long the JavaFX thread is blocked: every 50 ms it posts a probe to the UI thread and records how
 * late the probe ran. Any stall over the threshold (100 ms, the workbench's responsiveness rule) is reported to
 * the listener; {@link #worstMillis()} keeps the worst seen, for tests.
 */
public final class UiWatchdog implements AutoCloseable {

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "entangle-ui-watchdog");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLong worst = new AtomicLong();

    public UiWatchdog(long thresholdMillis, LongConsumer onStall) {
        timer.scheduleAtFixedRate(() -> {
            long posted = System.nanoTime();
            Platform.runLater(() -> {
                long lateMillis = (System.nanoTime() - posted) / 1_000_000;
                worst.accumulateAndGet(lateMillis, Math::max);
                if (lateMillis > thresholdMillis) onStall.accept(lateMillis);
            });
        }, 500, 50, TimeUnit.MILLISECONDS);
    }

    /** The longest the UI thread has been late to run a probe. */
    public long worstMillis() {
        return worst.get();
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
