package org.entangle.app.task;

import org.entangle.oracle.CancellationToken;

/**
 * Bridges a job's Cancel button to the oracle's {@link CancellationToken}: a daemon thread looks at
 * {@link JobContext#isCancelled()} every {@link #POLL_MILLIS} ms and cancels the token, so a search deep in the
 * oracle stops within that time. Close it when the job ends.
 */
public final class CancelWatch implements AutoCloseable {

    /** How often the job's cancel flag is read, in ms. */
    public static final long POLL_MILLIS = 50;

    private final CancellationToken token = new CancellationToken();
    private final Thread watcher;

    public CancelWatch(JobContext ctx) {
        watcher = new Thread(() -> {
            try {
                while (!ctx.isCancelled()) Thread.sleep(POLL_MILLIS);
                token.cancel();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "entangle-cancel-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** The token the oracle polls. */
    public CancellationToken token() {
        return token;
    }

    @Override
    public void close() throws InterruptedException {
        watcher.interrupt();
        watcher.join();
    }
}
