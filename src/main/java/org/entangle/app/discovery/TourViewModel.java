package org.entangle.app.discovery;

import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.CancelWatch;
import org.entangle.app.task.RunningJob;
import org.entangle.discovery.Stage;
import org.entangle.discovery.TalkTour;
import org.entangle.network.Network;
import org.entangle.work.SearchCancelled;

/**
 * "Reproduce the talk" as the workbench runs it: a {@link TalkTour} at N = 8 or 16, one step per press of Next (or
 * every step with Run all), each on a background task with progress and Cancel; each step's row puts what the talk
 * claims beside what the tool found. After each discovery stage its network is added to the gallery and selected, so
 * the network panel and classroom mode show it, and the discovery panel follows the tour's stages.
 */
public final class TourViewModel {

    /** One step as the tour's table shows it. */
    public record Row(String title, String claim, String found) {
    }

    private final WorkbenchModel workbench;
    private final DiscoveryViewModel discovery;
    private final IntegerProperty n = new SimpleIntegerProperty(8);
    private final ObservableList<Row> rows = FXCollections.observableArrayList();
    private final StringProperty status = new SimpleStringProperty("Choose N and press Next to start from the talk's program.");
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final BooleanProperty finished = new SimpleBooleanProperty();
    private TalkTour tour;
    private RunningJob running;
    private int toRun;

    /** A tour whose discovery stages {@code discovery} follows (its breadcrumb, gestures and stage view). */
    public TourViewModel(WorkbenchModel workbench, DiscoveryViewModel discovery) {
        this.workbench = workbench;
        this.discovery = discovery;
    }

    /** Starts the tour again at the chosen N. */
    public void restart() {
        cancel();
        tour = new TalkTour(n.get());
        rows.clear();
        finished.set(false);
        status.set("At the talk's program, N = " + n.get() + ": press Next.");
    }

    /** Does the next step. */
    public void next() {
        if (busy.get() || finished.get()) return;
        if (tour == null || tour.n() != n.get()) restart();
        TalkTour.Kind kind = tour.nextKind();
        busy.set(true);
        status.set("Working: " + kind.name().toLowerCase(Locale.ROOT) + "…");
        if (kind == TalkTour.Kind.GPU) {
            running = workbench.tasks().submit("Checking the network on the GPU", ctx -> TourGpuCheck.run(tour.discovered()),
                    found -> done(tour.recordGpu(found)), this::failed);
            return;
        }
        running = workbench.tasks().submit("Reproduce the talk: " + kind.name().toLowerCase(Locale.ROOT), ctx -> {
            return CancelWatch.call(ctx, token -> tour.next(token, message -> ctx.progress(message, -1)));
        }, this::done, this::failed);
    }

    /** Does every remaining step, one after the other. */
    public void runAll() {
        runSteps(Integer.MAX_VALUE);
    }

    /** Does the next {@code count} steps (fewer when the tour ends first), one after the other. */
    public void runSteps(int count) {
        if (count <= 0) return;
        toRun = count - 1;
        next();
    }

    /** Stops the running step (the steps done stay). */
    public void cancel() {
        toRun = 0;
        if (running != null) running.cancel();
    }

    private void done(TalkTour.Step step) {
        busy.set(false);
        rows.add(new Row(step.title(), step.claim(), step.found()));
        Stage stage = step.stage();
        if (stage != null && !stage.traceList().isEmpty()) {
            Network network = stage.traceList().get(0).network().withoutEmptySteps().withName(String.format(Locale.ROOT,
                    "talk N = %d, stage %d (%s): %s", tour.n(), tour.session().stages().size() - 1, step.title(),
                    stage.countWithUnit()));
            workbench.add(network);
            workbench.selectedProperty().set(network);
            discovery.follow(tour.session());
        }
        finished.set(tour.nextKind() == TalkTour.Kind.DONE);
        status.set(finished.get() ? "The tour is over: from the talk's program to a verified generalised program."
                : "Done: " + step.title() + ". Next: " + tour.nextKind().name().toLowerCase(Locale.ROOT) + ".");
        if (toRun > 0 && !finished.get()) {
            toRun--;
            next();
        } else {
            toRun = 0;
        }
    }

    private void failed(Throwable e) {
        busy.set(false);
        toRun = 0;
        if (e instanceof SearchCancelled) status.set("Cancelled: the steps done stay; press Next to go on.");
        else if (e instanceof IllegalStateException || e instanceof IllegalArgumentException) {
            status.set("Stopped: " + e.getMessage() + ". Press Restart to begin again.");
        } else workbench.report("Reproduce the talk", e);
    }

    public IntegerProperty nProperty() {
        return n;
    }

    public ObservableList<Row> rows() {
        return rows;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public BooleanProperty busyProperty() {
        return busy;
    }

    public BooleanProperty finishedProperty() {
        return finished;
    }

    /** The tour (null before the first step). */
    public TalkTour tour() {
        return tour;
    }
}
