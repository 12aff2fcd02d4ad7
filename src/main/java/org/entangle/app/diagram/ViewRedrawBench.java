package org.entangle.app.diagram;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.entangle.cli.bench.Stopwatch;
import org.entangle.diagram.DiagramOptions;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code entangle bench diagram-view}: the redraw target of issue #4 — a full redraw of the interactive
 * {@link DiagramView} showing Kogge–Stone at n = 1024 (9,217 ops) in a 1600 × 1000 window, under 16 ms after
 * warm-up. Measures on the JavaFX thread (1) the redraw itself (the canvas commands), (2) the redraw plus a
 * snapshot, which forces the canvas to be rasterised and read back, and (3) frames per second while panning with
 * one redraw per pulse; baselines with an empty canvas show what the pipeline itself costs. Needs a display (run
 * under {@code xvfb-run} on a headless machine).
 */
@Command(name = "diagram-view", mixinStandardHelpOptions = true,
        description = "Full redraw of the interactive diagram, Kogge-Stone n = 1024 (target: 16 ms).")
public final class ViewRedrawBench implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--n", defaultValue = "1024", description = "network width (default: ${DEFAULT-VALUE})")
    private int n;

    @Option(names = "--runs", defaultValue = "60", description = "timed runs (default: ${DEFAULT-VALUE})")
    private int runs;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try {
            Platform.startup(() -> { });
        } catch (IllegalStateException alreadyRunning) {
            out.println("(JavaFX already running)");
        } catch (UnsupportedOperationException noDisplay) {
            spec.commandLine().getErr().println("entangle bench diagram-view: JavaFX cannot start here ("
                    + noDisplay.getMessage() + "); run it under xvfb-run");
            return 2;
        }
        Network network = Families.build("kogge-stone", n);
        CompletableFuture<Integer> done = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                DiagramViewModel vm = new DiagramViewModel();
                DiagramView view = new DiagramView(vm);
                Stage stage = new Stage();
                stage.setScene(new Scene(view, 1600, 1000));
                stage.show();
                out.println(Stopwatch.measure("baseline: empty canvas + rasterise", 2000, Math.max(5, runs / 4), () -> {
                    view.redraw();
                    return view.canvas().snapshot(null, null);
                }).format());
                framesWhilePanning(out, "baseline: panning an empty canvas", vm, () -> {
                    vm.show(network, DiagramOptions.DEFAULT.withColourBy(DiagramOptions.ColourBy.STEP));
                    out.println("kogge-stone n = " + n + ": " + network.opCount() + " ops, canvas "
                            + (int) view.canvas().getWidth() + " x " + (int) view.canvas().getHeight());
                    measure(out, "redraw, whole network fitted", view);
                    vm.zoomAt(16, vm.viewportWidth() / 2, vm.viewportHeight() / 2);
                    measure(out, "redraw, zoomed in 16x", view);
                    vm.fit();
                    framesWhilePanning(out, "panning the fitted network", vm, () -> {
                        stage.close();
                        done.complete(0);
                    });
                });
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        int status = done.get(120, TimeUnit.SECONDS);
        Platform.exit();
        return status;
    }

    private void measure(PrintWriter out, String what, DiagramView view) {
        out.println(Stopwatch.measure(what, 2000, runs, () -> {
            view.redraw();
            return view;
        }).format());
        out.println(Stopwatch.measure(what + " + rasterise (snapshot)", 2000, Math.max(5, runs / 4),
                () -> {
                    view.redraw();
                    return view.canvas().snapshot(null, null);
                }).format());
    }

    /**
     * Pans every pulse for three seconds (the view paints each pan in that pulse's layout), reports the frame rate,
     * then goes on.
     */
    private static void framesWhilePanning(PrintWriter out, String what, DiagramViewModel vm, Runnable then) {
        new AnimationTimer() {
            private long start = -1;
            private int frames;

            @Override
            public void handle(long now) {
                if (start < 0) start = now;
                frames++;
                vm.panBy(frames % 2 == 0 ? 3 : -3, 0);
                double seconds = (now - start) / 1e9;
                if (seconds >= 3) {
                    stop();
                    out.println(String.format(Locale.ROOT, "%-40s %9.1f frames/s (%d frames in %.1f s, at most 60)",
                            what, frames / seconds, frames, seconds));
                    out.flush();
                    then.run();
                }
            }
        }.start();
    }
}
