package org.entangle.app.task;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Holds submitted jobs until the test completes them, in any order and on any thread: for stale-result and cancel
 * tests, and for tests that an action's work waits for its job rather than running at once.
 */
public final class DeferredTaskRunner implements TaskRunner {

    /** A held job; {@link #complete()} runs it and delivers its outcome. */
    public final class Held implements RunningJob {
        private final Runnable body;
        private boolean cancelled;
        private boolean done;

        private <T> Held(Job<T> job, Consumer<T> onDone, Consumer<Throwable> onFailed) {
            JobContext context = new JobContext() {
                @Override
                public void progress(String message, double fraction) {
                }

                @Override
                public boolean isCancelled() {
                    return cancelled;
                }
            };
            body = () -> {
                T result;
                try {
                    result = job.run(context);
                } catch (Exception e) {
                    onFailed.accept(e);
                    return;
                }
                onDone.accept(result);
            };
        }

        public void complete() {
            done = true;
            body.run();
        }

        @Override
        public void cancel() {
            cancelled = true;
        }

        public boolean cancelled() {
            return cancelled;
        }

        @Override
        public boolean isDone() {
            return done;
        }
    }

    /** The jobs submitted so far, oldest first. */
    public final List<Held> held = new ArrayList<>();

    @Override
    public <T> RunningJob submit(String title, Job<T> job, Consumer<T> onDone, Consumer<Throwable> onFailed) {
        Held h = new Held(job, onDone, onFailed);
        held.add(h);
        return h;
    }

    @Override
    public void shutdown() {
    }
}
