package org.entangle.app.task;

/** A submitted job: it can be cancelled, and it tells its latest progress. */
public interface RunningJob {

    /** Asks the job to stop; it returns what it has found so far. */
    void cancel();

    boolean isDone();
}
