package org.entangle.app.task;

import java.util.function.Consumer;

/**
 * One job at a time where only the latest matters (a live diff as the user types, the kernel of the selected
 * network): submitting cancels the job before it, and an older job's outcome that still arrives is dropped, so a
 * stale result never overwrites a newer one. Used on the UI thread only.
 */
public final class LatestJob {

    private final TaskRunner tasks;
    private long generation;
    private RunningJob running;

    public LatestJob(TaskRunner tasks) {
        this.tasks = tasks;
    }

    /** Cancels the job before it and starts {@code job}; its outcome is delivered only while no newer one started. */
    public <T> void submit(String title, Job<T> job, Consumer<T> onDone, Consumer<Throwable> onFailed) {
        cancel();
        long mine = generation;
        running = tasks.submit(title, job, r -> {
            if (mine == generation) onDone.accept(r);
        }, e -> {
            if (mine == generation) onFailed.accept(e);
        });
    }

    /** Cancels the running job, if any, and drops its outcome. */
    public void cancel() {
        generation++;
        if (running != null) running.cancel();
        running = null;
    }
}
