package org.entangle.work;

/** Receives {@link Progress} snapshots from a running search, about every {@link #INTERVAL_MILLIS} ms. */
@FunctionalInterface
public interface ProgressListener {

    /** How often searches report. */
    long INTERVAL_MILLIS = 200;

    /** A listener that ignores everything. */
    ProgressListener NONE = p -> { };

    void onProgress(Progress progress);
}
