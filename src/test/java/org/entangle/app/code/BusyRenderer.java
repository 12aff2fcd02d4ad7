package org.entangle.app.code;

import com.sun.javafx.tk.RenderJob;
import com.sun.javafx.tk.Toolkit;

/**
 * Keeps JavaFX's render thread busy for a while, as the painting of a slow frame would: a job queued on it that
 * sleeps, then runs {@code whenDone} there. Queue it on the UI thread.
 */
public final class BusyRenderer {

    private BusyRenderer() {
    }

    /** Queues a job on the render thread that sleeps {@code millis} ms and then runs {@code whenDone} on that thread. */
    public static void queue(long millis, Runnable whenDone) {
        Toolkit.getToolkit().addRenderJob(new RenderJob(() -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            whenDone.run();
        }));
    }
}
