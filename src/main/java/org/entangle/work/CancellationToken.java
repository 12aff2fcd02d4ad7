package org.entangle.work;

/**
 * Lets a caller (the UI's stop button, a CLI {@code --timeout}) stop a running search. Searches poll
 * {@link #throwIfCancelled()} and end with {@link SearchCancelled}, keeping what they found so far. A
 * {@linkplain #paced paced} token also runs its caller's pacing at every poll, which may hold the search for a moment
 * (the workbench holds it while its UI thread is busy, so that a search does not slow the UI on a two-core machine).
 */
public final class CancellationToken {

    private static final Runnable UNPACED = () -> { };
    /** How many calls of {@link #throwIfCancelledSometimes()} make one poll (a power of two). */
    public static final int SOMETIMES = 256;

    private volatile boolean cancelled;
    private final long deadlineNanos;
    private final Runnable pace;
    private int calls;

    /** A token cancelled only by {@link #cancel()}. */
    public CancellationToken() {
        this(0, UNPACED);
    }

    private CancellationToken(long deadlineNanos, Runnable pace) {
        this.deadlineNanos = deadlineNanos;
        this.pace = pace;
    }

    /** A token that also cancels itself {@code seconds} from now (no limit when {@code seconds ≤ 0}). */
    public static CancellationToken withTimeout(double seconds) {
        return withTimeout(seconds, UNPACED);
    }

    /**
     * A token that cancels itself {@code seconds} from now (no limit when {@code seconds ≤ 0}) and whose every
     * {@link #throwIfCancelled()} first runs {@code pace}.
     */
    public static CancellationToken withTimeout(double seconds, Runnable pace) {
        return new CancellationToken(seconds <= 0 ? 0 : System.nanoTime() + (long) (seconds * 1e9), pace);
    }

    /** A token cancelled only by {@link #cancel()} whose every {@link #throwIfCancelled()} first runs {@code pace}. */
    public static CancellationToken paced(Runnable pace) {
        return new CancellationToken(0, pace);
    }

    public void cancel() {
        cancelled = true;
    }

    /** Whether the search should stop (cancelled, or past the deadline). */
    public boolean isCancelled() {
        if (!cancelled && deadlineNanos != 0 && System.nanoTime() - deadlineNanos > 0) cancelled = true;
        return cancelled;
    }

    /**
     * {@link #throwIfCancelled()} at every {@value #SOMETIMES}th call: for a search's cheap steps (a memo hit), which
     * can follow one another for hundreds of milliseconds without an expensive one that polls.
     */
    public void throwIfCancelledSometimes() {
        if ((++calls & (SOMETIMES - 1)) == 0) throwIfCancelled();
    }

    /** Runs the pacing, then throws {@link SearchCancelled} when cancelled. */
    public void throwIfCancelled() {
        pace.run();
        if (isCancelled()) throw new SearchCancelled(deadlineNanos != 0 && System.nanoTime() - deadlineNanos > 0);
    }
}
