package org.entangle.app.task;

/** What a running {@link Job} may ask of its runner. Thread-safe. */
public interface JobContext {

    /** Reports progress: a message and a fraction in [0, 1], or a negative fraction when unknown. */
    void progress(String message, double fraction);

    /** Whether the user asked to cancel; a job polls this and returns what it has. */
    boolean isCancelled();
}
