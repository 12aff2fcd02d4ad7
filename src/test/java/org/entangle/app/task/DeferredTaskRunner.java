package org.entangle.app.task;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Holds submitted jobs until the test completes them, in any order: for stale-result and cancel tests. Counts how often
 * each job ran its {@linkplain JobContext#pacer() pacer}.
 */
public final class DeferredTaskRunner implements TaskRunner {

    /** A held job; {@link #complete()} runs it and delivers its outcome. */
    public final class Held implements RunningJob {
        private final Runnable body;
        private boolean cancelled;
        private boolean done;
        private int paces;

        private <T> Held(Job<T> job, Consumer<T> onDone, Consumer<Throwable> onFailed) {
            JobContext context = new JobContext() {
                @Override
                public void progress(String message, double fraction) {
                }

                @Override
                public boolean isCancelled() {
                    return cancelled;
                }

                @Override
                public Runnable pacer() {
                    return () -> paces++;
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

        /** How often the job has run its pacer. */
        public int paces() {
            return paces;
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
