package org.entangle.app.shell;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.IntConsumer;
import javafx.animation.PauseTransition;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.scene.Scene;
import javafx.util.Duration;
import org.entangle.app.Screenshots;
import org.entangle.app.discovery.TourViewModel;

/**
 * The {@code --tour N:STEPS --tour-screenshots DIR} option: runs the steps of "Reproduce the talk" one at a time, as
 * Next does, and after each, once no background job has run for a while (the step's stage laid out, its diagram
 * drawn), saves the window as {@code DIR/tourN-stepK.png}; then calls {@code done} with 0, or with 1 when a step
 * stopped without a result (the tour's status line, printed, says why).
 */
final class TourRecorder {

    private final Scene scene;
    private final TourViewModel tour;
    private final ReadOnlyBooleanProperty jobsBusy;
    private final Path folder;
    private final int steps;
    private final IntConsumer done;
    private final PauseTransition settle;
    private int rowsBefore;

    TourRecorder(Scene scene, TourViewModel tour, ReadOnlyBooleanProperty jobsBusy, Path folder, int steps,
                 IntConsumer done) {
        this.scene = scene;
        this.tour = tour;
        this.jobsBusy = jobsBusy;
        this.folder = folder;
        this.steps = steps;
        this.done = done;
        this.settle = new PauseTransition(Duration.millis(1500));
        settle.setOnFinished(e -> stepSettled());
        jobsBusy.addListener((o, a, busy) -> settle.playFromStart());
    }

    /** Starts the tour at {@code n} and records its steps. */
    void start(int n) throws IOException {
        Files.createDirectories(folder);
        tour.nProperty().set(n);
        tour.restart();
        nextStep();
    }

    private void nextStep() {
        rowsBefore = tour.rows().size();
        tour.next();
        settle.playFromStart();
    }

    private void stepSettled() {
        if (jobsBusy.get() || tour.busyProperty().get()) return;
        int step = tour.rows().size();
        if (step == rowsBefore) {
            System.err.println("entangle: the tour stopped at step " + (step + 1) + ": " + tour.statusProperty().get());
            done.accept(1);
            return;
        }
        Path file = folder.resolve(String.format(Locale.ROOT, "tour%d-step%d.png", tour.nProperty().get(), step));
        try {
            Screenshots.save(scene, file);
        } catch (IOException e) {
            System.err.println("entangle: cannot save screenshot " + file + ": " + e.getMessage());
            done.accept(1);
            return;
        }
        TourViewModel.Row row = tour.rows().get(step - 1);
        System.out.println("step " + step + " (" + row.title() + "): " + row.found() + " — saved " + file);
        if (step < steps && !tour.finishedProperty().get()) nextStep();
        else done.accept(0);
    }
}
