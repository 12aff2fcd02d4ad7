package org.entangle.app;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Supplier;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.scene.Node;
import javafx.scene.layout.StackPane;

/**
 * Builds a panel's heavy parts in turns of their own on the UI thread (issue #6: no UI action blocks the UI thread for
 * more than 100 ms). A panel puts {@link #part} where an editor, a chart or a table goes, and hands the filling of a
 * control (an editor's text, a chart's points) to {@link #step}; the pulse that shows the panel lays out its frame,
 * then each part is built, and each step run, in a later turn, with a pulse between one and the next, in the order
 * they reached the scene, so between any two turns the UI thread handles the user's input and lays out what the last
 * turn made. A part not yet built is an empty pane, for the few pulses until its turn. {@link #pendingProperty()} is
 * true while parts or steps wait (the screenshot waits for it). Used on the UI thread only.
 */
public final class Staged {

    private static final Deque<Runnable> WAITING = new ArrayDeque<>();
    private static final ReadOnlyBooleanWrapper PENDING = new ReadOnlyBooleanWrapper(false);
    /** Counts the pulses since the last turn; at the second, the first has laid out what the turn made. */
    private static final AnimationTimer AFTER_NEXT_PULSE = new AnimationTimer() {
        private int pulses;

        @Override
        public void start() {
            pulses = 0;
            super.start();
        }

        @Override
        public void handle(long now) {
            if (++pulses < 2) return;
            stop();
            Platform.runLater(Staged::runNext);
        }
    };
    private static boolean scheduled;

    private Staged() {
    }

    /** A pane that holds what {@code build} returns, built in a turn of its own after it first reaches a scene. */
    public static StackPane part(Supplier<? extends Node> build) {
        StackPane holder = new StackPane();
        holder.getStyleClass().add("staged-part");
        step(holder, () -> holder.getChildren().setAll(build.get()));
        return holder;
    }

    /** Runs {@code work} in a turn of its own, after those queued before it, once {@code owner} first reaches a scene. */
    public static void step(Node owner, Runnable work) {
        owner.sceneProperty().addListener(new InvalidationListener() {
            @Override
            public void invalidated(Observable o) {
                if (owner.getScene() == null) return;
                owner.sceneProperty().removeListener(this);
                WAITING.add(work);
                PENDING.set(true);
                if (!scheduled) afterNextPulse();
            }
        });
    }

    /** True while parts or steps that reached a scene wait for their turn. */
    public static ReadOnlyBooleanProperty pendingProperty() {
        return PENDING.getReadOnlyProperty();
    }

    private static void runNext() {
        scheduled = false;
        Runnable work = WAITING.poll();
        if (work == null) {
            PENDING.set(false);
            return;
        }
        work.run();
        afterNextPulse();
    }

    /**
     * Runs {@link #runNext} in a turn of its own once a whole pulse has passed: the start of the second pulse from
     * now comes after the first one's CSS and layout. Counted on every pulse of the toolkit, whichever windows show.
     */
    private static void afterNextPulse() {
        scheduled = true;
        AFTER_NEXT_PULSE.start();
    }
}
