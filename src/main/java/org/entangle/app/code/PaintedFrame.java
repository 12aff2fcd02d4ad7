package org.entangle.app.code;

import com.sun.javafx.tk.RenderJob;
import com.sun.javafx.tk.Toolkit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;

/**
 * Runs work on the UI thread once the frame that shows the scenes as they are now is in the window. JavaFX says
 * nothing public about when a frame is painted: a pulse syncs what its layout left to the render graph and, at its
 * end, hands the frame to the render thread, which paints it; with Prism's software pipeline the renderer then gives
 * the pixels back to the UI thread, which puts them in the window ({@code SceneState.uploadPixels}, through the
 * toolkit's run-later queue). A later pulse waits for the renderer only when it has something new to render, so
 * counting pulses says nothing once the scene is still; and work run on the UI thread while the renderer paints holds
 * back the upload until it is over (issue #6: the first frame is the window's first content). Here a job is queued
 * on the render thread behind the frame, at the start of the second pulse from now (the first syncs what is laid out
 * by then and hands it over at its end), and that job queues the work on the UI thread, behind the upload.
 */
public final class PaintedFrame {

    /** At the start of which pulse from now the job goes to the render thread, behind the frame. */
    static final int PULSES = 2;

    private PaintedFrame() {
    }

    /** Runs {@code work} once on the UI thread, after the frame that shows the scenes as they are now; on the UI thread. */
    public static void afterPainted(Runnable work) {
        new AnimationTimer() {
            private int pulses;

            @Override
            public void handle(long now) {
                if (++pulses < PULSES) return;
                stop();
                Toolkit.getToolkit().addRenderJob(new RenderJob(() -> Platform.runLater(work)));
            }
        }.start();
    }
}
