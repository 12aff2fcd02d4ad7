package org.entangle.app.task;

import java.util.function.Consumer;

/**
 * Runs {@link Job}s off the UI thread and delivers their outcome on it (JabRef's task-executor pattern):
 * view-models submit work here and tests substitute {@link SameThreadTaskRunner}.
 */
public interface TaskRunner {

    /**
     * Starts a job.
     *
     * @param title    what the job does, for progress displays
     * @param job      the work
     * @param onDone   receives the result on the UI thread
     * @param onFailed receives the failure on the UI thread
     * @return a handle to follow and cancel the job
     */
    <T> RunningJob submit(String title, Job<T> job, Consumer<T> onDone, Consumer<Throwable> onFailed);

    /** Stops accepting work and interrupts running jobs (application exit). */
    void shutdown();
}
