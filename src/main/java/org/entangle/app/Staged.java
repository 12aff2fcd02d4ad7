package org.entangle.app;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.scene.Node;
import javafx.scene.Scene;
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

    private static final Deque<Step> WAITING = new ArrayDeque<>();
    private static final ReadOnlyBooleanWrapper PENDING = new ReadOnlyBooleanWrapper(false);
    private static boolean scheduled;

    /** Work to run in a turn of its own once {@code owner} is in a scene. */
    private record Step(Node owner, Runnable work) {
    }

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
                WAITING.add(new Step(owner, work));
                PENDING.set(true);
                if (!scheduled) afterNextPulse(owner.getScene());
            }
        });
    }

    /** True while parts or steps that reached a scene wait for their turn. */
    public static ReadOnlyBooleanProperty pendingProperty() {
        return PENDING.getReadOnlyProperty();
    }

    private static void runNext() {
        scheduled = false;
        Step step = WAITING.poll();
        if (step == null) {
            PENDING.set(false);
            return;
        }
        step.work().run();
        afterNextPulse(step.owner().getScene());
    }

    /** Runs {@link #runNext} in the turn after the next pulse of {@code scene} (at once when it gets no pulses). */
    private static void afterNextPulse(Scene scene) {
        scheduled = true;
        if (scene == null || scene.getWindow() == null || !scene.getWindow().isShowing()) {
            Platform.runLater(Staged::runNext);
            return;
        }
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            Platform.runLater(Staged::runNext);
        };
        scene.addPostLayoutPulseListener(once[0]);
        Platform.requestNextPulse();
    }
}
