package org.entangle.oracle;

/**
 * Lets a caller (the UI's stop button, a CLI {@code --timeout}) stop a running search. Searches poll
 * {@link #throwIfCancelled()} and end with {@link SearchCancelled}, keeping what they found so far.
 */
public final class CancellationToken {

    private volatile boolean cancelled;
    private final long deadlineNanos;

    /** A token cancelled only by {@link #cancel()}. */
    public CancellationToken() {
        this(0);
    }

    private CancellationToken(long deadlineNanos) {
        this.deadlineNanos = deadlineNanos;
    }

    /** A token that also cancels itself {@code seconds} from now (no limit when {@code seconds ≤ 0}). */
    public static CancellationToken withTimeout(double seconds) {
        return new CancellationToken(seconds <= 0 ? 0 : System.nanoTime() + (long) (seconds * 1e9));
    }

    public void cancel() {
        cancelled = true;
    }

    /** Whether the search should stop (cancelled, or past the deadline). */
    public boolean isCancelled() {
        if (!cancelled && deadlineNanos != 0 && System.nanoTime() - deadlineNanos > 0) cancelled = true;
        return cancelled;
    }

    /** Throws {@link SearchCancelled} when cancelled. */
    public void throwIfCancelled() {
        if (isCancelled()) throw new SearchCancelled(deadlineNanos != 0 && System.nanoTime() - deadlineNanos > 0);
    }
}
