package org.entangle.app.gallery;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.ListView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.stage.Stage;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.work.CancellationToken;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.TraceCounter;
import org.entangle.oracle.TraceSampler;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code entangle bench gallery}: the gallery target of issue #6 — 100,000 networks (cycling through 2,000 uniformly
 * sampled safe traces of the talk's program at N = 8 with 4 steps and at most 16 ops, 99,040 traces) scroll smoothly. Measures the
 * view-model's refresh (metrics, Pareto front, sort; a background job in the app), putting the entries into the
 * list on the JavaFX thread, then frames per second while jumping ~97 rows every pulse for three seconds, and how
 * many cells the virtualised list built. Needs a display (run under {@code xvfb-run}).
 */
@Command(name = "gallery", mixinStandardHelpOptions = true,
        description = "Fill the gallery with 100,000 sampled networks and scroll (target: smooth, cells bounded).")
public final class GalleryScrollBench implements Callable<Integer> {

    /** The program whose sampled traces fill the gallery: the talk's program at N = 8, 4 steps, at most 16 ops. */
    public static final SpecForm SPACE = new SpecForm(8, 4, 16, Constraints.NONE);

    @Spec
    private CommandSpec spec;

    @Option(names = "--count", defaultValue = "100000", description = "networks (default: ${DEFAULT-VALUE})")
    private int count;

    /** How many distinct traces are sampled; the gallery's entries cycle through them (sampling costs about 1 ms each). */
    public static final int DISTINCT = 2000;

    /**
     * {@code count} networks, each its own object with its own name, cycling through {@code distinct} uniformly
     * sampled safe traces of {@code space}'s program (seeded).
     */
    public static List<Network> sampledNetworks(SpecForm space, int count, int distinct, long seed) {
        TraceCounter counter = new TraceCounter(Machine.of(Program.parse(space.programText()), Map.of()), new CancellationToken());
        List<Network> sampled = new TraceSampler(counter, seed).sample(Math.min(count, distinct)).stream().map(t -> t.network()).toList();
        List<Network> networks = new ArrayList<>(count);
        for (int i = 0; i < count; i++) networks.add(sampled.get(i % sampled.size()).withName("sample-" + (i + 1)));
        return networks;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        long t0 = System.nanoTime();
        List<Network> networks = sampledNetworks(SPACE, count, DISTINCT, 1);
        out.printf(Locale.ROOT, "%,d networks from %,d sampled traces in %.0f ms%n", count, Math.min(count, DISTINCT), ms(t0));
        WorkbenchModel offScreen = new WorkbenchModel(new SameThreadTaskRunner());
        GalleryViewModel refreshOnly = new GalleryViewModel(offScreen);
        long t1 = System.nanoTime();
        offScreen.replaceNetworks(networks);
        out.printf(Locale.ROOT, "view-model refresh (metrics, Pareto, sort; a background job): %.0f ms, %d entries%n", ms(t1),
                refreshOnly.shown().size());
        try {
            Platform.startup(() -> { });
        } catch (UnsupportedOperationException noDisplay) {
            spec.commandLine().getErr().println("entangle bench gallery: JavaFX cannot start here; run it under xvfb-run");
            return 2;
        }
        CompletableFuture<Integer> done = new CompletableFuture<>();
        Platform.runLater(() -> scroll(out, refreshOnly, done));
        int status = done.get(120, TimeUnit.SECONDS);
        Platform.exit();
        return status;
    }

    private static void scroll(PrintWriter out, GalleryViewModel filled, CompletableFuture<Integer> done) {
        WorkbenchModel model = new WorkbenchModel(new SameThreadTaskRunner());
        GalleryView view = new GalleryView(new GalleryViewModel(model));
        Stage stage = new Stage();
        stage.setScene(new Scene(view, 1280, 820));
        stage.show();
        ListView<GalleryEntry> list = view.list();
        AtomicInteger cells = new AtomicInteger();
        var factory = list.getCellFactory();
        list.setCellFactory(v -> {
            cells.incrementAndGet();
            return factory.call(v);
        });
        long t = System.nanoTime();
        list.setItems(filled.shown());
        list.layout();
        out.printf(Locale.ROOT, "showing %,d entries on the JavaFX thread (items + layout): %.1f ms%n", list.getItems().size(), ms(t));
        phase(out, "idle (no scrolling; the pipeline's own rate)", list, 0, () ->
                phase(out, "wheel-scrolling 24 px a frame", list, -24, () ->
                        phase(out, "jumping 97 rows a frame (every row new)", list, 97, () -> {
                            out.printf(Locale.ROOT, "%d cells built for %,d entries%n", cells.get(), list.getItems().size());
                            out.flush();
                            stage.close();
                            done.complete(0);
                        })));
    }

    /**
     * Scrolls every pulse for three seconds ({@code step} > 0: jumps {@code step} rows; < 0: scrolls −{@code step}
     * pixels as the mouse wheel does), prints the frame rate, then runs {@code then}.
     */
    private static void phase(PrintWriter out, String what, ListView<GalleryEntry> list, int step, Runnable then) {
        new AnimationTimer() {
            private long start = -1;
            private int frames;
            private long worst;
            private long last;

            @Override
            public void handle(long now) {
                if (start < 0) start = now;
                else worst = Math.max(worst, now - last);
                last = now;
                frames++;
                if (step > 0) list.scrollTo((frames * step) % list.getItems().size());
                if (step < 0) ((VirtualFlow<?>) list.lookup(".virtual-flow")).scrollPixels(-step);
                double seconds = (now - start) / 1e9;
                if (seconds < 3) return;
                stop();
                out.printf(Locale.ROOT, "%-45s %5.1f frames/s (%d frames in %.1f s, worst frame %.0f ms)%n",
                        what, frames / seconds, frames, seconds, worst / 1e6);
                then.run();
            }
        }.start();
    }

    private static double ms(long start) {
        return (System.nanoTime() - start) / 1e6;
    }
}
