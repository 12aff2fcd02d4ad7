package org.entangle.lang;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * What made executions unsafe, for the messages of a program without safe traces: how many failed, and the first
 * failure at each of up to eight sites ({@code line:column: reason}). Failed assumptions are not failures.
 */
final class FailureLog {

    private static final int SAMPLES = 8;

    private final Map<Token, String> bySite = new IdentityHashMap<>();
    private final List<String> inOrder = new ArrayList<>();
    private long count;

    void record(ExecutionFailure f) {
        if (f.assumption()) return;
        count++;
        if (bySite.size() < SAMPLES && !bySite.containsKey(f.at())) {
            String text = f.describe();
            bySite.put(f.at(), text);
            inOrder.add(text);
        }
    }

    List<String> samples() {
        return List.copyOf(inOrder);
    }

    long count() {
        return count;
    }
}
