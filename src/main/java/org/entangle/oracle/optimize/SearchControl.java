package org.entangle.oracle.optimize;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Time limit, cancellation and a node counter shared by the searches of one optimisation. {@link #tick()} is
 * called once per search node and answers whether to stop.
 */
public final class SearchControl {

    private final long deadlineNanos;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final AtomicLong nodes = new AtomicLong();
    private final long startNanos = System.nanoTime();
    private long local;

    /** A control with a time limit in seconds (0 or less: none). */
    public SearchControl(double timeLimitSeconds) {
        this.deadlineNanos = timeLimitSeconds > 0 ? startNanos + (long) (timeLimitSeconds * 1e9) : Long.MAX_VALUE;
    }

    public void cancel() {
        cancelled.set(true);
    }

    /** Counts a node; true when the search must stop. */
    boolean tick() {
        if ((local++ & 0x3FF) != 0) return false;
        if (local > 1) nodes.addAndGet(0x400);
        return cancelled.get() || System.nanoTime() > deadlineNanos;
    }

    /** Whether the time limit has passed or a cancel came. */
    public boolean stopped() {
        return cancelled.get() || System.nanoTime() > deadlineNanos;
    }

    /** Search nodes visited so far. */
    public long nodes() {
        return nodes.get() + (local & 0x3FF);
    }

    public double elapsedSeconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
