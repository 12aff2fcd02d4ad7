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
 * A code area in a scroll pane that shows a whole new text a few lines a pulse: when it first reaches a scene, and
 * when a viewer's text is replaced ({@link CodeAreas#show}), the scroll pane starts {@value #GROWTH_PER_PULSE} px tall
 * at the top of its space and, once the frame that shows it is painted, grows by as much each pulse until it fills
 * it. RichTextFX creates and styles the nodes of a paragraph when it first becomes visible, a few milliseconds a line
 * on the 2-core machine, so an editor shown at its full height held the UI thread for 100–190 ms in one pulse (issue
 * #6: no UI action blocks it for more than 100 ms); grown, each pulse lays out about five new lines.
 * {@link #anyGrowingProperty()} is true while any pane grows (the screenshot waits for it: under load the growing
 * outlasted its settling time, and it caught an editor half grown).
 */
final class GrowingCodePane extends StackPane {

    /** How much taller the scroll pane grows each pulse, in px: about five lines. */
    static final double GROWTH_PER_PULSE = 80;
    /** How many pulses the pane waits for a layout at its current height before it stops growing and takes its full size. */
    private static final int MAX_WAITING_PULSES = 60;

    private static final ReadOnlyBooleanWrapper ANY_GROWING = new ReadOnlyBooleanWrapper(false);
    private static int growingPanes;

    private final VirtualizedScrollPane<CodeArea> scroll;
    private final AnimationTimer grow = new AnimationTimer() {
        @Override
        public void handle(long now) {
            growOnePulse();
        }
    };
    private boolean laidOut;
    /**
     * Whether the frame that shows the current first step is in the window ({@link PaintedFrame}); the pane grows only
     * then. Lines laid out before it (cold code, 0.1 s on the 2-core machine) held a new window's first frame back: it
     * stayed blank for 273–456 ms after it was mapped, 148–236 ms once the pane waited (issue #6); and the UI thread, busy
     * with them, holds back the upload of a frame the renderer has painted meanwhile.
     */
    private boolean firstStepPainted;
    /** Counts the steps started over ({@link #regrow}), so that the painting of an earlier first step is not taken for this one's. */
    private int firstSteps;
    private int waitingPulses;
    private boolean growing;

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
     * Shrinks to {@value #GROWTH_PER_PULSE} px at once, before a whole new text goes in: RichTextFX's line numbers lay
     * the area out as its paragraphs change, at whatever height it has then, so a new text put into the full-height
     * area made all its visible paragraphs in that one turn. Then grows each pulse.
     */
    void shrinkForNewText() {
        regrow();
        layout();
        laidOut = false;
    }

    /**
     * Starts again from the top {@value #GROWTH_PER_PULSE} px and, once the frame that shows it is in the window, grows
     * each pulse.
     */
    void regrow() {
        scroll.setMaxHeight(GROWTH_PER_PULSE);
        laidOut = false;
        firstStepPainted = false;
        int firstStep = ++firstSteps;
        PaintedFrame.afterPainted(() -> {
            if (firstStep == firstSteps) firstStepPainted = true;
        });
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
        return GROWTH_PER_PULSE;
    }

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        laidOut = true;
    }

    /**
     * Once the frame that shows the first step is in the window, and once laid out at its current height: one step
     * taller, or its full size when that fills the space.
     */
    private void growOnePulse() {
        if (!firstStepPainted) return;
        if (!laidOut && ++waitingPulses < MAX_WAITING_PULSES) return;
        laidOut = false;
        waitingPulses = 0;
        double next = scroll.getMaxHeight() + GROWTH_PER_PULSE;
        if (next < getHeight()) {
            scroll.setMaxHeight(next);
            return;
        }
        scroll.setMaxHeight(Region.USE_COMPUTED_SIZE);
        grow.stop();
        setGrowing(false);
    }
}
