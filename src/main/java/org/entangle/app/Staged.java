package org.entangle.app;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import org.entangle.app.code.HeavyPulses;
import org.entangle.app.code.PaintedFrame;

/**
 * Builds a panel's heavy parts in turns of their own on the UI thread (issue #6: no UI action blocks the UI thread for
 * more than 100 ms). A panel puts {@link #part} where an editor, a chart or a table goes, and hands the filling of a
 * control (an editor's text, a chart's points) to {@link #step}; the pulse that shows the panel lays out its frame,
 * then, once that frame is in the window, each part is built, and each step run, in a later turn (a part is put in
 * place, styled, in the turn after the one that built it), with a pulse between one and the next, in the order they
 * reached the scene, so between any two turns the UI thread handles the user's input and lays out what the last turn
 * made. A part not yet built is an empty pane, for the few pulses until its turn. {@link #pendingProperty()} is true
 * while parts or steps wait (the screenshot waits for it). Work that can wait for any of them ({@link #whenIdle}, the
 * {@link ControlWarmup}) runs in the same way once none waits, and only after a quick pulse. Used on the UI thread
 * only.
 */
public final class Staged {

    private static final Deque<Runnable> WAITING = new ArrayDeque<>();
    private static final Deque<Runnable> IDLE = new ArrayDeque<>();
    private static final ReadOnlyBooleanWrapper PENDING = new ReadOnlyBooleanWrapper(false);
    /**
     * The longest gap between two pulses, in ns, after which idle work may follow: two frames at 60 Hz. A longer gap
     * means the UI thread was busy in between (a code area growing, a chart laid out, the user's input): idle work
     * then would follow that work at once, and together they held the UI thread for up to 130 ms after the start.
     */
    static final long QUIET_PULSE_GAP_NANOS = 34_000_000;

    /**
     * Counts the pulses since the last turn: at the second, the first has laid out what the turn made; after idle
     * work, which changes no shown scene, one pulse is enough for the user's input and the frame. Idle work then also
     * waits for a pulse that comes within {@link #QUIET_PULSE_GAP_NANOS} of the one before. The turn is posted from
     * a turn posted in the pulse, so it runs after the pulse and after whatever reached the UI thread during it (the
     * user's input): posted in the pulse itself, it ran right after it, and a click during a pulse of 40–60 ms (with
     * its wait for the renderer) waited for both, 70–89 ms on the 2-core dev box in the gallery's first opening
     * (a throw-away trace of pulses, turns and late watchdog probes).
     */
    private static final AnimationTimer AFTER_PULSES = new AnimationTimer() {
        private int pulses;
        private long previous;

        @Override
        public void start() {
            pulses = 0;
            previous = 0;
            super.start();
        }

        @Override
        public void handle(long now) {
            boolean quiet = previous != 0 && now - previous <= QUIET_PULSE_GAP_NANOS;
            previous = now;
            if (++pulses < pulsesNeeded) return;
            if (WAITING.isEmpty() && !quiet) {
                PENDING.set(false);
                return;
            }
            if (!HeavyPulses.turnMayTake(now)) return;
            stop();
            Platform.runLater(() -> Platform.runLater(Staged::runNext));
        }
    };
    private static boolean scheduled;
    private static int pulsesNeeded;

    private Staged() {
    }

    /**
     * A pane that holds what {@code build} returns, built in a turn of its own after it first reaches a scene, and put
     * into the pane, styled ({@link Node#applyCss}), in the next turn, ahead of other waiting work: the pulse after
     * that only lays it out. Styling a new part (its skins made, the style sheets' rules matched) took as long as its
     * layout: in one pulse, both together held the UI thread for 50–93 ms on the 2-core dev box; styled in a turn of
     * its own, a part took up to 61 ms, the pulse after it 10–22 ms.
     */
    public static StackPane part(Supplier<? extends Node> build) {
        StackPane holder = new StackPane();
        holder.getStyleClass().add("staged-part");
        step(holder, () -> {
            Node built = build.get();
            WAITING.addFirst(() -> {
                holder.getChildren().setAll(built);
                holder.applyCss();
            });
        });
        return holder;
    }

    /**
     * A {@link #part} that lays {@code controls} out side by side, centred vertically, 8 px apart: a toolbar made of a
     * few of these is styled over as many turns. A combo box makes and styles a hidden list as it is styled: a whole
     * toolbar styled in one turn was the longest turn of the network panel's first opening on the 2-core dev box, and
     * two combo boxes in one turn still made turns of 63–81 ms, the generalise panel's toolbar 57–69 ms (issue #6;
     * CPU samples placed in traced turns).
     */
    public static StackPane row(Node... controls) {
        return row(() -> List.of(controls));
    }

    /** A {@link #row} whose controls {@code build} makes in the part's turn. */
    public static StackPane row(Supplier<? extends List<? extends Node>> build) {
        return part(() -> {
            HBox row = new HBox(8);
            row.setAlignment(Pos.CENTER_LEFT);
            row.getChildren().setAll(build.get());
            return row;
        });
    }

    /** Runs {@code work} in a turn of its own, after those queued before it, once {@code owner} first reaches a scene. */
    public static void step(Node owner, Runnable work) {
        owner.sceneProperty().addListener(new InvalidationListener() {
            @Override
            public void invalidated(Observable o) {
                if (owner.getScene() == null) return;
                owner.sceneProperty().removeListener(this);
                later(work);
            }
        });
    }

    /**
     * Runs {@code work} in a turn of its own, after the parts and steps queued before it: for work on what is shown
     * already that should not share a pulse with what the current turn changed.
     */
    public static void later(Runnable work) {
        WAITING.add(work);
        PENDING.set(true);
        if (!scheduled) afterTheFrame();
    }

    /** Runs {@code work} in a turn of its own once no part or step waits, after the idle work queued before it. */
    public static void whenIdle(Runnable work) {
        IDLE.add(work);
        if (!scheduled) afterTheFrame();
    }

    /** True while parts or steps that reached a scene wait for their turn. */
    public static ReadOnlyBooleanProperty pendingProperty() {
        return PENDING.getReadOnlyProperty();
    }

    private static void runNext() {
        scheduled = false;
        Runnable work = WAITING.poll();
        boolean idle = work == null;
        if (idle) {
            PENDING.set(false);
            work = IDLE.poll();
            if (work == null) return;
        }
        work.run();
        afterPulses(idle ? 1 : 2);
    }

    /**
     * Runs {@link #runNext} in a turn of its own once the frame that shows the scenes as they are now is in the window
     * ({@link PaintedFrame}), at the start of the pulse after that: a turn taken sooner, as the window or a panel showed,
     * kept that frame out of the window until the turn was over (the UI thread puts the painted pixels in it).
     */
    private static void afterTheFrame() {
        scheduled = true;
        PaintedFrame.afterPainted(() -> afterPulses(1));
    }

    /**
     * Runs {@link #runNext} in a turn of its own at the start of the {@code pulses}-th pulse from now: at the second,
     * a whole pulse, with its CSS and layout, has passed. Counted on every pulse of the toolkit, whichever windows show.
     */
    private static void afterPulses(int pulses) {
        scheduled = true;
        pulsesNeeded = pulses;
        AFTER_PULSES.start();
    }
}
