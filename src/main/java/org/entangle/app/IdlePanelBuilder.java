package org.entangle.app;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import javafx.animation.PauseTransition;
import javafx.beans.Observable;
import javafx.beans.value.ObservableBooleanValue;
import javafx.event.EventHandler;
import javafx.scene.Scene;
import javafx.scene.input.InputEvent;
import javafx.util.Duration;

/**
 * Builds the panels the user has not opened yet while the user and the workbench are idle, so that opening one later
 * only shows it (issue #6: no UI action blocks the UI thread for more than 100 ms). A panel's first opening pays for
 * building, styling and laying out its controls: 50–100 ms of the UI thread in a tour of the panels right after the
 * start, 3–19 ms for a panel built beforehand. After {@link #QUIET} with no input in the window, no other activity (a
 * tab selected) and no background job running that cannot give way, one build runs in an idle turn
 * ({@link Staged#whenIdle}), first asking the jobs that can (searches) to give way
 * ({@link org.entangle.app.task.UiPriority}); the next follows {@link #GAP} later unless the user stirred or a job
 * started meanwhile. Input waits {@link #QUIET} again; a job's end waits what is left of it, at least {@link #GAP}.
 * A build beside a search that did not give way held the UI thread for 100–240 ms, against at most 24 ms with no
 * build; with the search giving way, no build turn exceeded 100 ms, and a tour 8 s into the search found every panel
 * built (largest openings 59–74 ms against 101–147 ms built on opening). A build of a panel already opened does
 * nothing ({@link LazyPanel#get}).
 */
final class IdlePanelBuilder {

    /** How long the user must be idle before the first build, and after any input. */
    static final Duration QUIET = Duration.seconds(2);
    /** The wait between two builds while the user stays idle. */
    static final Duration GAP = Duration.millis(300);

    private final Deque<Runnable> builds;
    private final PauseTransition wait = new PauseTransition();
    private final Duration quiet;
    private final Duration gap;
    private final ObservableBooleanValue busy;
    private final Runnable beforeBuild;
    private final EventHandler<InputEvent> onInput = e -> stirred();
    private final Scene scene;
    private long lastInput = System.nanoTime();
    private boolean interrupted;

    private IdlePanelBuilder(Scene scene, List<Runnable> builds, ObservableBooleanValue busy, Runnable beforeBuild,
                             Duration quiet, Duration gap) {
        this.scene = scene;
        this.builds = new ArrayDeque<>(builds);
        this.busy = busy;
        this.beforeBuild = beforeBuild;
        this.quiet = quiet;
        this.gap = gap;
        wait.setOnFinished(e -> buildNext());
    }

    /**
     * Starts building {@code builds}, in order, in the idle times of {@code scene}'s user while {@code busy} (background
     * work running that cannot give way) is false, running {@code beforeBuild} (asking the other jobs to give way) in
     * each build's turn, before it; {@code activity} (a tab selection) counts as input. Input stops being watched once
     * every build has run.
     */
    static void start(Scene scene, List<Runnable> builds, Observable activity, ObservableBooleanValue busy,
                      Runnable beforeBuild, Duration quiet, Duration gap) {
        IdlePanelBuilder builder = new IdlePanelBuilder(scene, builds, busy, beforeBuild, quiet, gap);
        scene.addEventFilter(InputEvent.ANY, builder.onInput);
        activity.addListener(o -> builder.stirred());
        busy.addListener((o, was, now) -> builder.busyChanged());
        builder.resume(quiet);
    }

    private void stirred() {
        lastInput = System.nanoTime();
        interrupted = true;
        resume(quiet);
    }

    private void busyChanged() {
        interrupted = true;
        double leftOfQuiet = quiet.toMillis() - (System.nanoTime() - lastInput) / 1e6;
        resume(Duration.millis(Math.max(gap.toMillis(), leftOfQuiet)));
    }

    /** Waits {@code time} before the next build, unless none is left or a job runs (its end resumes). */
    private void resume(Duration time) {
        wait.stop();
        if (builds.isEmpty() || busy.get()) return;
        wait.setDuration(time);
        wait.playFromStart();
    }

    private void buildNext() {
        interrupted = false;
        Staged.whenIdle(() -> {
            if (interrupted || builds.isEmpty()) return;
            beforeBuild.run();
            builds.poll().run();
            if (builds.isEmpty()) scene.removeEventFilter(InputEvent.ANY, onInput);
            else resume(gap);
        });
    }
}
