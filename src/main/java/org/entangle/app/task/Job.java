package org.entangle.app.task;

/**
 * A piece of long work for a background thread: it reports progress and polls for cancellation through
 * {@link JobContext}, and returns its result (or what it has when cancelled).
 *
 * @param <T> the result type
 */
@FunctionalInterface
public interface Job<T> {

    T run(JobContext context) throws Exception;
}
