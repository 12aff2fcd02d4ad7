package org.entangle.app;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import javafx.animation.PauseTransition;
import javafx.beans.Observable;
import javafx.event.EventHandler;
import javafx.scene.Scene;
import javafx.scene.input.InputEvent;
import javafx.util.Duration;

/**
 * Builds the panels the user has not opened yet while the user is idle, so that opening one later only shows it
 * (issue #6: no UI action blocks the UI thread for more than 100 ms). A panel's first opening pays for building,
 * styling and laying out its controls; with a search running beside the UI, which takes part of the two cores, that
 * took the gallery and generalise panels 102–118 ms; built beforehand, every panel opened within 84 ms. After
 * {@link #QUIET} with no input in the window and no other activity (a tab selected), one build runs in an idle turn
 * ({@link Staged#whenIdle}); the next follows {@link #GAP} later unless the user stirred meanwhile, when the wait
 * starts again. A build of a panel already opened does nothing ({@link LazyPanel#get}).
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
    private final EventHandler<InputEvent> onInput = e -> stirred();
    private final Scene scene;
    private boolean stirred;

    private IdlePanelBuilder(Scene scene, List<Runnable> builds, Duration quiet, Duration gap) {
        this.scene = scene;
        this.builds = new ArrayDeque<>(builds);
        this.quiet = quiet;
        this.gap = gap;
        wait.setOnFinished(e -> buildNext());
    }

    /**
     * Starts building {@code builds}, in order, in the idle times of {@code scene}'s user; {@code activity} (a tab
     * selection) counts as input too. Input stops being watched once every build has run.
     */
    static void start(Scene scene, List<Runnable> builds, Observable activity, Duration quiet, Duration gap) {
        IdlePanelBuilder builder = new IdlePanelBuilder(scene, builds, quiet, gap);
        scene.addEventFilter(InputEvent.ANY, builder.onInput);
        activity.addListener(o -> builder.stirred());
        builder.waitFor(quiet);
    }

    private void stirred() {
        if (builds.isEmpty()) return;
        stirred = true;
        waitFor(quiet);
    }

    private void waitFor(Duration time) {
        wait.setDuration(time);
        wait.playFromStart();
    }

    private void buildNext() {
        stirred = false;
        Staged.whenIdle(() -> {
            if (stirred || builds.isEmpty()) return;
            builds.poll().run();
            if (builds.isEmpty()) scene.removeEventFilter(InputEvent.ANY, onInput);
            else waitFor(gap);
        });
    }
}
