package org.entangle.app.task;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A {@link TaskRunner} that remembers the jobs it started so the status bar's Cancel can stop them all. Jobs
 * leave the list when they finish; the outcome callbacks run as the wrapped runner delivers them.
 */
public final class TrackingTaskRunner implements TaskRunner {

    private final TaskRunner inner;
    private final List<RunningJob> running = new ArrayList<>();

    public TrackingTaskRunner(TaskRunner inner) {
        this.inner = inner;
    }

    @Override
    public synchronized <T> RunningJob submit(String title, Job<T> job, Consumer<T> onDone, Consumer<Throwable> onFailed) {
        RunningJob[] handle = new RunningJob[1];
        handle[0] = inner.submit(title, job, r -> {
            forget(handle[0]);
            onDone.accept(r);
        }, e -> {
            forget(handle[0]);
            onFailed.accept(e);
        });
        if (!handle[0].isDone()) running.add(handle[0]);
        return handle[0];
    }

    private synchronized void forget(RunningJob job) {
        running.remove(job);
    }

    /** Asks every running job to stop; each returns what it has found. */
    public synchronized void cancelAll() {
        running.forEach(RunningJob::cancel);
    }

    /** How many jobs have not finished. */
    public synchronized int runningCount() {
        return running.size();
    }

    @Override
    public void shutdown() {
        inner.shutdown();
    }
}
