package org.entangle.work;

/** A search stopped by its {@link CancellationToken}: cancelled by the user or past its time limit. */
public final class SearchCancelled extends RuntimeException {

    public SearchCancelled(boolean timedOut) {
        super(timedOut ? "stopped at the time limit" : "cancelled", null, false, false);
    }
}
