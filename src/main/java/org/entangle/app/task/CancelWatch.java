package org.entangle.app.task;

import java.util.function.DoubleSupplier;
import java.util.function.Function;
import org.entangle.work.CancellationToken;
import org.entangle.work.Failures;
import org.entangle.work.HeapAfterCollection;
import org.entangle.work.SearchCancelled;

/**
 * Bridges a job's Cancel button to the oracle's {@link CancellationToken}: a daemon thread looks at
 * {@link JobContext#isCancelled()} every {@link #POLL_MILLIS} ms and cancels the token, so a search deep in the
 * oracle stops within that time. It also stops the search when the heap is nearly full after a collection (at least
 * {@link #LOW_MEMORY_FILL} of the maximum still in use after the latest collection, as the collectors report it): a
 * memoised count that outgrows the heap (the talk's N = 16 program ran out of 6.3 GB after 140 s here) would otherwise end
 * in full collections of several seconds each, freezing the workbench, and in an {@link OutOfMemoryError} that any
 * thread, the UI's included, may be the one to get. The job then ends as if cancelled and can say why
 * ({@link #stoppedForMemory()}). Close it when the job ends.
 */
public final class CancelWatch implements AutoCloseable {

    /** How often the job's cancel flag and the heap are read, in ms. */
    public static final long POLL_MILLIS = 50;
    /** The share of the maximum heap still in use after a collection at which the heap counts as nearly full. */
    static final double LOW_MEMORY_FILL = HeapAfterCollection.NEARLY_FULL;

    private final CancellationToken token;
    private final Thread watcher;
    private volatile boolean lowMemory;

    public CancelWatch(JobContext ctx) {
        this(ctx, HeapAfterCollection::fill);
    }

    /** A watch that reads the share of the heap in use after the latest collection from {@code heapFill}. */
    CancelWatch(JobContext ctx, DoubleSupplier heapFill) {
        token = new CancellationToken();
        watcher = new Thread(() -> {
            try {
                while (!ctx.isCancelled()) {
                    if (heapFill.getAsDouble() >= LOW_MEMORY_FILL) {
                        lowMemory = true;
                        break;
                    }
                    Thread.sleep(POLL_MILLIS);
                }
                token.cancel();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "entangle-cancel-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    /**
     * Runs {@code work} with a watch's token and closes the watch; a search the watch stopped because the heap was
     * nearly full ends in {@link Failures.Advice} with {@link #lowMemoryAdvice()} rather than as cancelled.
     */
    public static <T> T call(JobContext ctx, Function<CancellationToken, T> work) throws InterruptedException {
        return call(ctx, HeapAfterCollection::fill, work);
    }

    /** {@link #call(JobContext, Function)} reading the heap's fill after a collection from {@code heapFill}. */
    static <T> T call(JobContext ctx, DoubleSupplier heapFill, Function<CancellationToken, T> work) throws InterruptedException {
        try (CancelWatch watch = new CancelWatch(ctx, heapFill)) {
            try {
                return work.apply(watch.token());
            } catch (SearchCancelled e) {
                if (watch.stoppedForMemory()) throw new Failures.Advice(lowMemoryAdvice());
                throw e;
            }
        }
    }

    /** The token the oracle polls. */
    public CancellationToken token() {
        return token;
    }

    /** Whether the search was stopped because the heap stayed nearly full (rather than by the user). */
    public boolean stoppedForMemory() {
        return lowMemory;
    }

    /** What a stopped-for-memory job tells the user: what happened and what to do, in whole sentences. */
    public static String lowMemoryAdvice() {
        return Failures.memoryAdvice(Runtime.getRuntime().maxMemory());
    }

    @Override
    public void close() throws InterruptedException {
        watcher.interrupt();
        watcher.join();
    }
}
