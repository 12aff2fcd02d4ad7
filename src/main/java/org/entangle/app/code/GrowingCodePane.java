package org.entangle.app.code;

import javafx.animation.AnimationTimer;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.geometry.Pos;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;

/**
 * A code area in a scroll pane that shows a whole new text a few lines a frame: when it first reaches a scene, and
 * when a viewer's text is replaced ({@link CodeAreas#show}), the scroll pane starts {@value #FIRST_HEIGHT} px tall
 * at the top of its space and grows a step each time the frame that shows the step before is painted, until it fills
 * it. RichTextFX creates and styles the nodes of a paragraph when it first becomes visible, a few milliseconds a line
 * on the 2-core machine while its code is cold, so an editor shown at its full height held the UI thread for 100–190 ms
 * in one pulse (issue #6: no UI action blocks it for more than 100 ms). Each step is sized so that laying out its new
 * lines takes about {@value #LAYOUT_MILLIS_PER_PULSE} ms, judged by how long the step before took ({@link #nextStep}):
 * grown by a fixed 80 px, the first steps (cold code) took 65–71 ms and the later ones 2–11 ms (JavaFX's pulse logger).
 * {@link #anyGrowingProperty()} is true while any pane grows (the screenshot waits for it: under load the growing
 * outlasted its settling time, and it caught an editor half grown).
 */
final class GrowingCodePane extends StackPane {

    /**
     * The scroll pane's height when it first reaches a scene or takes a new text, in px: about two lines, laid out
     * with the frame that shows the pane, while their code is cold. At 80 px the window's first frame came 31 ms later
     * (12 paired starts, later in 8) and a tour's first openings of the generalise and GPU panels took 26 ms longer
     * (8 paired tours) on the 2-core dev box.
     */
    static final double FIRST_HEIGHT = 40;
    /** The first growth step, in px: two lines, before any step has been timed. */
    static final double FIRST_STEP = 40;
    /** The smallest step, in px: about a line. */
    static final double MIN_STEP = 20;
    /** The largest step, in px: about twenty lines. */
    static final double MAX_STEP = 400;
    /**
     * How long laying out one step's new lines should take, in ms. A line's cost changes from step to step (its tokens,
     * code still cold), so a step often takes twice its estimate: with 25 ms, 9 of 211 steps took over 40 ms in 14
     * traced tours of the panels on the 2-core dev box (at most 55); with 20 ms, 2 of 157 in 8 tours (at most 53), and
     * on the VM's slow minutes steps of 50–60 ms in the generalise and GPU panels. Since each step waits for the frame
     * of the one before, a smaller step costs the UI thread nothing but the pane fills later: with 12 ms, 14 tours
     * alternating with 20 ms gave the generalise panel's longest turn −10 ms (median; at most 72 against 90 ms) and the
     * GPU panel's −6 ms (at most 78 against 96), and the program editor filled 0.12 s later after the start.
     */
    static final long LAYOUT_MILLIS_PER_PULSE = 12;
    /** How many pulses the pane waits for its layout at its current height before it takes its next step anyway. */
    private static final int MAX_WAITING_PULSES = 60;

    private static final ReadOnlyBooleanWrapper ANY_GROWING = new ReadOnlyBooleanWrapper(false);
    private static int growingPanes;

    private final VirtualizedScrollPane<CodeArea> scroll;
    private final AnimationTimer grow = new AnimationTimer() {
        @Override
        public void handle(long now) {
            growOnePulse(now);
        }
    };
    private boolean laidOut;
    /**
     * Whether the frame that shows the last step is in the window ({@link PaintedFrame}); the pane takes its next step
     * only then. Lines laid out before the first step's frame (cold code, 0.1 s on the 2-core machine) held a new
     * window's first frame back: it stayed blank for 273–456 ms after it was mapped, 148–236 ms once the pane waited
     * (issue #6); and the UI thread, busy with them, holds back the upload of a frame the renderer has painted meanwhile.
     * A step taken while the renderer still painted the step before made the UI thread wait for that frame at the end of
     * the same pulse: the step's 20–40 ms and then a wait of 30–50 ms in one turn (up to 106 ms when the generalise
     * panel first opened, traced tours).
     */
    private boolean stepPainted;
    /** Counts the steps, so that the painting of an earlier step is not taken for the last one's. */
    private int steps;
    private int waitingPulses;
    private boolean growing;
    private double step;

    GrowingCodePane(CodeArea area) {
        scroll = new VirtualizedScrollPane<>(area);
        getChildren().add(scroll);
        setAlignment(Pos.TOP_LEFT);
        sceneProperty().addListener(new InvalidationListener() {
            @Override
            public void invalidated(Observable o) {
                if (getScene() == null) return;
                sceneProperty().removeListener(this);
                regrow();
            }
        });
    }

    /**
     * Shrinks to {@value #FIRST_HEIGHT} px at once, before a whole new text goes in: RichTextFX's line numbers lay
     * the area out as its paragraphs change, at whatever height it has then, so a new text put into the full-height
     * area made all its visible paragraphs in that one turn. Then grows each pulse.
     */
    void shrinkForNewText() {
        regrow();
        layout();
        laidOut = false;
    }

    /**
     * Starts again from the top {@value #FIRST_HEIGHT} px and, once the frame that shows it is in the window, grows
     * each pulse.
     */
    void regrow() {
        scroll.setMaxHeight(FIRST_HEIGHT);
        step = FIRST_STEP;
        laidOut = false;
        awaitPainting();
        waitingPulses = 0;
        setGrowing(true);
        grow.start();
    }

    /** True while a pane grows. */
    static ReadOnlyBooleanProperty anyGrowingProperty() {
        return ANY_GROWING.getReadOnlyProperty();
    }

    private void setGrowing(boolean on) {
        if (on == growing) return;
        growing = on;
        growingPanes += on ? 1 : -1;
        ANY_GROWING.set(growingPanes > 0);
    }

    /**
     * The first step's height: its container gives it its space; asking the area for its own preferred height would
     * measure its paragraphs, the work the growing spreads over pulses.
     */
    @Override
    protected double computePrefHeight(double width) {
        return FIRST_HEIGHT;
    }

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        laidOut = true;
    }

    /** Holds the next step back until the frame that shows the pane as it is now is in the window. */
    private void awaitPainting() {
        stepPainted = false;
        int awaited = ++steps;
        PaintedFrame.afterPainted(() -> {
            if (awaited == steps) stepPainted = true;
        });
    }

    /**
     * Once the frame that shows the last step is in the window, once laid out at its current height, and in a pulse no
     * staged turn takes ({@link HeavyPulses}): one step taller, laid out at once to time it, or its full size when that
     * fills the space.
     */
    private void growOnePulse(long now) {
        if (!stepPainted) return;
        if (!laidOut && ++waitingPulses < MAX_WAITING_PULSES) return;
        if (!HeavyPulses.growthMayTake(now)) return;
        laidOut = false;
        waitingPulses = 0;
        double next = scroll.getMaxHeight() + step;
        if (next < getHeight()) {
            scroll.setMaxHeight(next);
            long start = System.nanoTime();
            layout();
            step = nextStep(step, System.nanoTime() - start);
            awaitPainting();
            return;
        }
        scroll.setMaxHeight(Region.USE_COMPUTED_SIZE);
        grow.stop();
        setGrowing(false);
    }

    /**
     * The step after one of {@code stepPx} whose layout took {@code layoutNanos}: as many px as would take
     * {@value #LAYOUT_MILLIS_PER_PULSE} ms at that step's pace, between {@value #MIN_STEP} and {@value #MAX_STEP}.
     */
    static double nextStep(double stepPx, long layoutNanos) {
        double budgetNanos = LAYOUT_MILLIS_PER_PULSE * 1_000_000.0;
        double paced = layoutNanos <= 0 ? MAX_STEP : stepPx * budgetNanos / layoutNanos;
        return Math.max(MIN_STEP, Math.min(MAX_STEP, paced));
    }
}
