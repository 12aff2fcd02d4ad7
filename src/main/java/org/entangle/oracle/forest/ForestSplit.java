package org.entangle.oracle.forest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Splits a count into independent sub-counts keyed by the state after the first step, and runs them on several
 * threads. Each hanging tree that a first-step outcome leaves is counted on its own over the remaining steps
 * ({@link SubCount}); the memo is shared, so threads reuse each other's results, and the top-level sum then only
 * reads it. The list of sub-counts is explicit, so another executor (another machine) could take them over.
 */
final class ForestSplit {

    /** A sub-count: the factors of {@code tree} left by a first step (the subtree's own root first when {@code first}). */
    record SubCount(int tree, boolean first) {
    }

    private final int threads;
    private final int topSteps;

    ForestSplit(int threads, int topSteps) {
        this.threads = threads;
        this.topSteps = topSteps;
    }

    /** Whether a subtree counted with {@code steps} steps left gets its sub-counts split. */
    boolean splits(int steps) {
        return threads > 1 && steps == topSteps;
    }

    /** The distinct sub-counts of a set of first-step outcomes, largest trees first. */
    static List<SubCount> subCounts(Map<ForestCounts.Outcome, long[]> outcomes, TreeTable table) {
        Set<SubCount> distinct = new LinkedHashSet<>();
        for (ForestCounts.Outcome o : outcomes.keySet()) {
            int[] trees = o.trees();
            for (int i = 0; i < trees.length; i++) distinct.add(new SubCount(trees[i], i == 0));
        }
        List<SubCount> out = new ArrayList<>(distinct);
        out.sort(Comparator.comparingInt((SubCount c) -> table.size(c.tree())).reversed());
        return out;
    }

    /** Runs {@code work} on every sub-count on the split's threads; rethrows the first failure here. */
    void run(List<SubCount> subCounts, Consumer<SubCount> work) {
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable worker = () -> {
            try {
                for (int i = next.getAndIncrement(); i < subCounts.size() && failure.get() == null; i = next.getAndIncrement()) {
                    work.accept(subCounts.get(i));
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        };
        List<Thread> helpers = new ArrayList<>();
        for (int t = 1; t < threads; t++) {
            Thread thread = new Thread(worker, "forest-count-" + t);
            thread.setDaemon(true);
            thread.start();
            helpers.add(thread);
        }
        worker.run();
        for (Thread thread : helpers) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure.compareAndSet(null, e);
            }
        }
        Throwable t = failure.get();
        if (t instanceof RuntimeException r) throw r;
        if (t instanceof Error e) throw e;
        if (t != null) throw new IllegalStateException(t);
    }
}
