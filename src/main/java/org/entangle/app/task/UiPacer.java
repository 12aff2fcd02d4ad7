package org.entangle.app.task;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * Holds a background job while the JavaFX thread is busy, so that on a two-core machine a search that keeps a core
 * busy does not slow the UI (issue #6: no UI action blocks the UI thread for more than 100 ms). The job runs this at
 * every poll of its cancellation token. Every {@link #CHECK_NANOS} it posts a probe to the UI thread or, when the
 * previous probe has waited longer than {@link #LATE_NANOS} (the UI thread is building, styling or laying out
 * something, or is not getting a core), parks the job until the UI thread has run it, at most
 * {@link #MAX_WAIT_NANOS} at a time. An idle UI thread runs a probe within a millisecond, so a job is held only while
 * the UI has work to do. It also parks the job through a {@link UiPriority} spell that began after the job did. A job
 * the user cancelled is not held, so that Cancel stops it at once.
 */
public final class UiPacer implements Runnable {

    /** How often the job looks at the UI thread. */
    static final long CHECK_NANOS = 2_000_000;
    /** How long a probe may wait before the UI thread counts as busy. */
    static final long LATE_NANOS = 4_000_000;
    /** The longest the job is held in one go (a UI thread stuck for longer lets it take a step now and then). */
    static final long MAX_WAIT_NANOS = 250_000_000;
    /** How long the job sleeps between looks while held. */
    static final long PARK_NANOS = 1_000_000;

    private final Consumer<Runnable> post;
    private final UiPriority priority;
    private final BooleanSupplier cancelled;
    private final LongSupplier clock;
    private final LongConsumer park;
    private final long startedAt;
    private volatile boolean answered = true;
    private volatile long postedAt;
    private volatile long lastCheck;

    /**
     * A pacer for a job starting now, that posts its probes with {@code post} ({@code Platform::runLater}), gives way
     * in {@code priority}'s spells, and holds the job no longer once {@code cancelled}.
     */
    public UiPacer(Consumer<Runnable> post, UiPriority priority, BooleanSupplier cancelled) {
        this(post, priority, cancelled, System::nanoTime, LockSupport::parkNanos);
    }

    UiPacer(Consumer<Runnable> post, UiPriority priority, BooleanSupplier cancelled, LongSupplier clock, LongConsumer park) {
        this.post = post;
        this.priority = priority;
        this.cancelled = cancelled;
        this.clock = clock;
        this.park = park;
        this.startedAt = clock.getAsLong();
        this.lastCheck = startedAt - CHECK_NANOS;
    }

    @Override
    public void run() {
        long now = clock.getAsLong();
        if (now - lastCheck < CHECK_NANOS) return;
        lastCheck = now;
        if (priority.holds(startedAt, now)) {
            holdWhile(() -> priority.holds(startedAt, clock.getAsLong()));
            return;
        }
        if (answered) {
            probe(now);
            return;
        }
        if (now - postedAt < LATE_NANOS) return;
        long until = now + MAX_WAIT_NANOS;
        holdWhile(() -> !answered && clock.getAsLong() - until < 0);
    }

    /** Parks the job while {@code held} and the job is not cancelled; the next check comes a full interval later. */
    private void holdWhile(BooleanSupplier held) {
        while (!cancelled.getAsBoolean() && held.getAsBoolean()) park.accept(PARK_NANOS);
        lastCheck = clock.getAsLong();
    }

    private void probe(long now) {
        answered = false;
        postedAt = now;
        try {
            post.accept(() -> answered = true);
        } catch (IllegalStateException toolkitGone) {
            answered = true;
        }
    }
}
