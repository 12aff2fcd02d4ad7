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
 * more than 100 ms). A panel puts {@link #part} where an editor, a chart or a table goes; the pulse that shows the
 * panel lays out its frame, then each part is built in a later turn and laid out in the pulse after it, one part at a
 * time, in the order they reached the scene, so between any two turns the UI thread handles the user's input. A part
 * not yet built is an empty pane, for the few pulses until its turn. {@link #pendingProperty()} is true while parts
 * wait (the screenshot waits for it).
 */
public final class Staged {

    private static final Deque<Part> WAITING = new ArrayDeque<>();
    private static final ReadOnlyBooleanWrapper PENDING = new ReadOnlyBooleanWrapper(false);
    private static boolean scheduled;

    private Staged() {
    }

    /** A pane that holds what {@code build} returns, built in a turn of its own after it first reaches a scene. */
    public static StackPane part(Supplier<? extends Node> build) {
        Part holder = new Part(build);
        holder.sceneProperty().addListener(new InvalidationListener() {
            @Override
            public void invalidated(Observable o) {
                if (holder.getScene() == null) return;
                holder.sceneProperty().removeListener(this);
                WAITING.add(holder);
                PENDING.set(true);
                if (!scheduled) afterNextPulse(holder.getScene());
            }
        });
        return holder;
    }

    /** True while parts that reached a scene wait to be built. */
    public static ReadOnlyBooleanProperty pendingProperty() {
        return PENDING.getReadOnlyProperty();
    }

    private static void buildNext() {
        scheduled = false;
        Part holder = WAITING.poll();
        if (holder == null) {
            PENDING.set(false);
            return;
        }
        holder.build();
        afterNextPulse(holder.getScene());
    }

    /** Runs {@link #buildNext} in the turn after the next pulse of {@code scene} (at once when it gets no pulses). */
    private static void afterNextPulse(Scene scene) {
        scheduled = true;
        if (scene == null || scene.getWindow() == null || !scene.getWindow().isShowing()) {
            Platform.runLater(Staged::buildNext);
            return;
        }
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            Platform.runLater(Staged::buildNext);
        };
        scene.addPostLayoutPulseListener(once[0]);
        Platform.requestNextPulse();
    }

    /** The pane a part goes in, and how to build the part. */
    private static final class Part extends StackPane {

        private Supplier<? extends Node> content;

        Part(Supplier<? extends Node> content) {
            this.content = content;
            getStyleClass().add("staged-part");
        }

        void build() {
            getChildren().setAll(content.get());
            content = null;
        }
    }
}
