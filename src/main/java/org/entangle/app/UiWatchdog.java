package org.entangle.app;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import javafx.application.Platform;

/**
 * Measures how long the JavaFX thread is blocked (issue #6: no UI action blocks it for more than 100 ms): every
 * 50 ms (or the period given) it posts a probe to the UI thread, one at a time, and records how late the probe ran. A
 * probe posted as a long turn of the UI thread begins runs when it ends, so the worst delay is the longest turn, less
 * up to one period, or more when the probe queued behind two turns in a row. Once a probe is overdue by more than half
 * the threshold it samples the UI thread's stack, once, so each reported {@link Stall} says where the thread was
 * stuck: sampled only once the threshold had passed, a stall shorter than the threshold plus one period (100–150 ms at
 * the app's 50 ms) ended before the check that would have sampled it, and was reported with no sample.
 * {@link #worstMillis()} keeps the worst delay seen, for tests.
 */
public final class UiWatchdog implements AutoCloseable {

    /**
     * One stall of the UI thread.
     *
     * @param millis how late the probe ran
     * @param sample the UI thread's stack during the stall (empty when the stall ended before a sample)
     */
    public record Stall(long millis, StackTraceElement[] sample) {

        /** "UI thread stalled 240 ms" and the top frames of the sample, one per line. */
        public String describe(int frames) {
            StringBuilder sb = new StringBuilder("UI thread stalled " + millis + " ms");
            for (int i = 0; i < Math.min(frames, sample.length); i++) sb.append("\n    at ").append(sample[i]);
            return sb.toString();
        }
    }

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "entangle-ui-watchdog");
        t.setDaemon(true);
        return t;
    });
    private final AtomicLong worst = new AtomicLong();
    private volatile Thread uiThread;
    private volatile long pendingSince;
    private volatile StackTraceElement[] sample;

    /** Probes every 50 ms from half a second on; reports each stall over {@code thresholdMillis}. */
    public UiWatchdog(long thresholdMillis, Consumer<Stall> onStall) {
        this(thresholdMillis, 500, 50, onStall);
    }

    /** Probes every {@code periodMillis} from {@code delayMillis} on; reports each stall over {@code thresholdMillis}. */
    public UiWatchdog(long thresholdMillis, long delayMillis, long periodMillis, Consumer<Stall> onStall) {
        timer.scheduleAtFixedRate(() -> {
            long since = pendingSince;
            long now = System.nanoTime();
            if (since != 0) {
                Thread ui = uiThread;
                if (sample == null && ui != null && (now - since) / 1_000_000 > thresholdMillis / 2) sample = ui.getStackTrace();
                return;
            }
            sample = null;
            pendingSince = now;
            Platform.runLater(() -> {
                uiThread = Thread.currentThread();
                long lateMillis = (System.nanoTime() - now) / 1_000_000;
                StackTraceElement[] stuck = sample;
                pendingSince = 0;
                worst.accumulateAndGet(lateMillis, Math::max);
                if (lateMillis > thresholdMillis) onStall.accept(new Stall(lateMillis, stuck == null ? new StackTraceElement[0] : stuck));
            });
        }, delayMillis, periodMillis, TimeUnit.MILLISECONDS);
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
