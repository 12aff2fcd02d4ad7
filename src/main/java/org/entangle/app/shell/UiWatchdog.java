package org.entangle.app.shell;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import javafx.application.Platform;

/**
 * Watches the JavaFX thread for long turns: every period it posts a probe to the UI thread, one at a time, and records
 * how late the probe ran, and how much CPU time the UI thread spent meanwhile (a probe posted during a long turn runs
 * when the turn ends). A probe late by more than half the threshold samples the UI thread's stack, once, so each
 * reported {@link LongTurn} says where the thread was busy. The CPU time tells a turn that did work from a thread that
 * waited for a core on a loaded machine. Off unless asked for ({@code --watchdog}); the UI tests run with it on.
 */
public final class UiWatchdog implements AutoCloseable {

    /** The longest a turn of the UI thread may take: the rule the UI tests check, and what {@code --watchdog} logs. */
    public static final long LONG_TURN_MILLIS = 250;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /**
     * One long turn of the UI thread.
     *
     * @param millis    how late the probe ran
     * @param cpuMillis the UI thread's CPU time while the probe waited, or -1 where the JVM does not measure it
     * @param sample    the UI thread's stack during the turn (empty when the turn ended before a sample)
     */
    public record LongTurn(long millis, long cpuMillis, StackTraceElement[] sample) {

        /** "UI thread busy 240 ms (210 ms on the CPU)" and the top frames of the sample, one per line. */
        public String describe(int frames) {
            StringBuilder sb = new StringBuilder("UI thread busy " + millis + " ms");
            if (cpuMillis >= 0) sb.append(" (").append(cpuMillis).append(" ms on the CPU)");
            for (int i = 0; i < Math.min(frames, sample.length); i++) sb.append("\n    at ").append(sample[i]);
            return sb.toString();
        }
    }

    private final long thresholdMillis;
    private final LongSupplier nanoClock;
    private final Executor post;
    private final Consumer<LongTurn> onLongTurn;
    private final AtomicLong worst = new AtomicLong();
    private final AtomicLong worstCpu = new AtomicLong();
    private volatile Thread uiThread;
    private volatile long pendingSince;
    private volatile StackTraceElement[] sample;
    private ScheduledExecutorService timer;

    /** Probes every 50 ms; reports each turn over {@code thresholdMillis}. */
    public UiWatchdog(long thresholdMillis, Consumer<LongTurn> onLongTurn) {
        this(thresholdMillis, System::nanoTime, Platform::runLater, onLongTurn);
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "entangle-ui-watchdog");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(this::probe, 0, 50, TimeUnit.MILLISECONDS);
    }

    /**
     * A watchdog that reads the time from {@code nanoClock} and posts its probes through {@code uiThread}, and probes
     * only when {@link #probe} is called: for tests, with a fake clock.
     */
    UiWatchdog(long thresholdMillis, LongSupplier nanoClock, Executor uiThread, Consumer<LongTurn> onLongTurn) {
        this.thresholdMillis = thresholdMillis;
        this.nanoClock = nanoClock;
        this.post = uiThread;
        this.onLongTurn = onLongTurn;
    }

    /**
     * Posts a probe when none waits; while one waits longer than half the threshold, samples the UI thread's stack
     * once.
     */
    void probe() {
        long since = pendingSince;
        long now = nanoClock.getAsLong();
        Thread ui = uiThread;
        if (since != 0) {
            if (sample == null && ui != null && (now - since) / 1_000_000 > thresholdMillis / 2) sample = ui.getStackTrace();
            return;
        }
        sample = null;
        pendingSince = now;
        long cpuBefore = cpuNanos(ui);
        post.execute(() -> {
            uiThread = Thread.currentThread();
            long lateMillis = (nanoClock.getAsLong() - now) / 1_000_000;
            long cpuAfter = cpuNanos(uiThread);
            long cpuMillis = cpuBefore < 0 || cpuAfter < 0 ? -1 : (cpuAfter - cpuBefore) / 1_000_000;
            StackTraceElement[] stuck = sample;
            pendingSince = 0;
            worst.accumulateAndGet(lateMillis, Math::max);
            worstCpu.accumulateAndGet(cpuMillis, Math::max);
            if (lateMillis > thresholdMillis) {
                onLongTurn.accept(new LongTurn(lateMillis, cpuMillis, stuck == null ? new StackTraceElement[0] : stuck));
            }
        });
    }

    private static long cpuNanos(Thread thread) {
        if (thread == null || !THREADS.isThreadCpuTimeSupported()) return -1;
        return THREADS.getThreadCpuTime(thread.getId());
    }

    /** The longest the UI thread has been late to run a probe. */
    public long worstMillis() {
        return worst.get();
    }

    /** The most CPU time the UI thread spent while one probe waited, or -1 where the JVM does not measure it. */
    public long worstCpuMillis() {
        return worstCpu.get();
    }

    @Override
    public void close() {
        if (timer != null) timer.shutdownNow();
    }
}
