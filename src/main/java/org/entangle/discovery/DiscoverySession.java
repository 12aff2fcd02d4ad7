package org.entangle.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.entangle.work.CancellationToken;

/**
 * The talk's discovery loop as a list of stages: ask the angels, partition them, turn what the partition shows into a
 * {@link Constraint}, ask again. Each stage extends the one before by one constraint; undoing a constraint is going
 * back a stage, and any stage can be reopened (the stages after it are dropped). The long work, {@link #ask}, holds no
 * lock; the list's own methods are synchronized, so a guided tour on a background task and the user's gestures on the
 * UI thread may share one session (a stage that no longer extends the current one is refused).
 */
public final class DiscoverySession {

    private final List<Stage> stages = new ArrayList<>();

    /** A session whose first stage is {@code first}. */
    public DiscoverySession(Stage first) {
        if (!first.spec().constraints().isEmpty()) throw new IllegalArgumentException("the first stage carries no constraint");
        stages.add(first);
    }

    /**
     * Computes the stage that {@code constraint} added to {@code from} makes (long work: counts and partitions): by
     * keeping the traces of {@code from} that meet it where {@code from} holds its whole space ({@link StageFilter}),
     * else by asking the angels again.
     */
    public static Stage ask(Stage from, Constraint constraint, CancellationToken cancel, Consumer<String> progress) {
        StageSpec spec = from.spec().with(constraint);
        if (StageFilter.holdsWholeSpace(from)) return StageAnalysis.filtered(from, spec, constraint, cancel, progress);
        return StageAnalysis.run(spec, cancel, progress);
    }

    /** Adds a stage computed from the current one by {@link #ask}. */
    public synchronized void add(Stage next) {
        StageSpec spec = next.spec();
        List<Constraint> before = current().spec().constraints();
        if (spec.constraints().size() != before.size() + 1 || !spec.constraints().subList(0, before.size()).equals(before)) {
            throw new IllegalArgumentException("a new stage adds one constraint to the current one");
        }
        stages.add(next);
    }

    /** Takes back the latest constraint (the first stage stays); returns whether there was one. */
    public synchronized boolean undo() {
        if (stages.size() == 1) return false;
        stages.remove(stages.size() - 1);
        return true;
    }

    /** Goes back to stage {@code index}, dropping the stages after it. */
    public synchronized void reopen(int index) {
        if (index < 0 || index >= stages.size()) {
            throw new IllegalArgumentException("stage " + index + " is not one of 0.." + (stages.size() - 1));
        }
        stages.subList(index + 1, stages.size()).clear();
    }

    /** The stages, first to current. */
    public synchronized List<Stage> stages() {
        return List.copyOf(stages);
    }

    /** The stage the user is on. */
    public synchronized Stage current() {
        return stages.get(stages.size() - 1);
    }
}
