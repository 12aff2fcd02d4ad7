package org.entangle.app.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.entangle.app.PanelState;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.CancelWatch;
import org.entangle.app.task.RunningJob;
import org.entangle.discovery.Constraint;
import org.entangle.discovery.DiscoverySession;
import org.entangle.discovery.Gestures;
import org.entangle.discovery.Stage;
import org.entangle.discovery.StageAnalysis;
import org.entangle.discovery.StageSpec;
import org.entangle.discovery.StageSpecFields;
import org.entangle.entanglement.Block;
import org.entangle.lang.Program;
import org.entangle.oracle.SpecForm;
import org.entangle.work.CancellationToken;
import org.entangle.work.SearchCancelled;

/**
 * The discovery panel's state: a {@link DiscoverySession} started from the workbench's program (when it is the talk's
 * problem in spec form), its stages as a breadcrumb (count and block structure of each; any can be reopened), the
 * current stage's program text with its constraints written in, and the gestures that add a constraint from the
 * current entanglement result (fix a block, keep a Pareto slice, pin a state) and ask the angels again, each on a
 * background task that reports progress and can be cancelled.
 */
public final class DiscoveryViewModel {

    /** One stage as the breadcrumb shows it. */
    public record Crumb(int index, String label) {
        @Override
        public String toString() {
            return label;
        }
    }

    private final WorkbenchModel workbench;
    private DiscoverySession session;
    private final ObservableList<Crumb> crumbs = FXCollections.observableArrayList();
    private final ObjectProperty<Stage> current = new SimpleObjectProperty<>();
    private final StringProperty status = new SimpleStringProperty("Start from the program, or from the talk's program at N = 8.");
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private RunningJob running;

    public DiscoveryViewModel(WorkbenchModel workbench) {
        this.workbench = workbench;
    }

    /** Starts a session from the workbench's program, which must be the talk's problem in spec form. */
    public void startFromProgram() {
        String text = workbench.programProperty().get();
        SpecForm form;
        try {
            form = SpecForm.recognise(Program.parse(text)).orElse(null);
        } catch (RuntimeException e) {
            status.set("The program does not parse: " + e.getMessage());
            return;
        }
        if (form == null) {
            status.set("The program is not the talk's problem in spec form (steps, lanes that may combine with a lane to their "
                    + "left, an op budget): start from the talk's program instead.");
            return;
        }
        start(form);
    }

    /** Starts a session from the problem {@code form}. */
    public void start(SpecForm form) {
        submit("Asking the angels (N = " + form.n() + ")", (token, progress) -> StageAnalysis.run(StageSpec.of(form), token, progress), stage -> {
            session = new DiscoverySession(stage);
            refresh();
        });
    }

    /** Shows {@code followed}'s stages (the tour's), so that its breadcrumb and gestures go on from them. */
    public void follow(DiscoverySession followed) {
        session = followed;
        refresh();
    }

    /** Fixes open block {@code blockIndex} of the current stage to {@code combination} and asks again. */
    public void fix(int blockIndex, Gestures.Combination combination) {
        Stage stage = current.get();
        try {
            add(Gestures.fix(stage, blockIndex, combination));
        } catch (IllegalArgumentException e) {
            status.set("Cannot fix that block: " + e.getMessage());
        }
    }

    /** Keeps the traces of one Pareto point and asks again. */
    public void slice(Gestures.ParetoPoint point) {
        add(Gestures.slice(point));
    }

    /** Pins the state that the current stage's trace {@code row} reaches after {@code step} and asks again. */
    public void pin(int row, int step) {
        Stage stage = current.get();
        if (stage == null) return;
        if (step < 1 || step > stage.spec().form().steps()) {
            status.set("Step " + step + " is not one of 1.." + stage.spec().form().steps());
            return;
        }
        add(Gestures.pin(stage, stage.traceList().get(row), step, "the state of analysed trace " + row));
    }

    /** Pins the state the angels' own reduction in log2 N steps reaches (Brent and Kung's up-sweep) and asks again. */
    public void pinReduction() {
        Stage stage = current.get();
        if (stage == null) return;
        submit("Asking the angels for a reduction", (token, progress) -> DiscoverySession.ask(stage,
                Gestures.reductionPin(stage.spec().base(), token), token, progress), this::accept);
    }

    /** Adds a constraint to the current stage and asks the angels again. */
    public void add(Constraint constraint) {
        Stage stage = current.get();
        if (stage == null) return;
        submit("Asking the angels: " + constraint.describe(), (token, progress) -> DiscoverySession.ask(stage, constraint, token, progress),
                this::accept);
    }

    private void accept(Stage next) {
        session.add(next);
        refresh();
    }

    /** Takes back the latest constraint. */
    public void undo() {
        if (session != null && session.undo()) refresh();
    }

    /** Goes back to stage {@code index}. */
    public void reopen(int index) {
        if (session == null) return;
        session.reopen(index);
        refresh();
    }

    /** Stops the running question. */
    public void cancel() {
        if (running != null) running.cancel();
    }

    /** Adds the current stage's first analysed network to the gallery and selects it (for the diagram and classroom mode). */
    public void showNetwork() {
        Stage stage = current.get();
        if (stage == null || stage.traceList().isEmpty()) return;
        var network = stage.traceList().get(0).network().withoutEmptySteps().withName(String.format(Locale.ROOT,
                "discovery stage %d (%s)", session.stages().size() - 1, stage.countWithUnit()));
        workbench.add(network);
        workbench.selectedProperty().set(network);
    }

    /** Writes the current stage's program into the program panel. */
    public void openInProgram() {
        if (current.get() != null) workbench.programProperty().set(current.get().text());
    }

    /** The current stage's open blocks with their index in the partition. */
    public List<Integer> openBlockIndices() {
        List<Integer> open = new ArrayList<>();
        Stage stage = current.get();
        if (stage == null) return open;
        List<Block> blocks = stage.rawPartition().blocks();
        for (int i = 0; i < blocks.size(); i++) if (blocks.get(i).combinations() > 1) open.add(i);
        return open;
    }

    private void refresh() {
        List<Crumb> list = new ArrayList<>();
        List<Stage> stages = session.stages();
        for (int i = 0; i < stages.size(); i++) list.add(new Crumb(i, label(i, stages.get(i))));
        crumbs.setAll(list);
        Stage now = session.current();
        current.set(now);
        status.set(String.format(Locale.ROOT, "Stage %d: %s; analysed %s; %s.", stages.size() - 1, now.countWithUnit(),
                now.analysed(), now.structure()));
    }

    /** The breadcrumb label of a stage: its number, count and block structure. */
    static String label(int index, Stage stage) {
        return String.format(Locale.ROOT, "%d · %s · %s", index, stage.countWithUnit(), stage.structure());
    }

    /**
     * The panel's part of the workspace: the current stage's problem ({@link StageSpecFields}); restoring asks the
     * angels again for every stage of its breadcrumb, on one background task.
     */
    public PanelState panelState() {
        return new PanelState() {
            @Override
            public String key() {
                return "discovery";
            }

            @Override
            public Supplier<Map<String, String>> capture() {
                Stage now = session == null ? null : session.current();
                return () -> now == null ? Map.of() : StageSpecFields.of(now.spec());
            }

            @Override
            public void restore(Map<String, String> fields) {
                if (fields.isEmpty()) return;
                StageSpec spec;
                try {
                    spec = StageSpecFields.parse(fields);
                } catch (RuntimeException e) {
                    status.set("The workspace's discovery stages could not be read: " + e.getMessage() + ".");
                    return;
                }
                submit("Restoring the discovery stages", (token, progress) -> stagesOf(spec, token, progress), stages -> {
                    session = new DiscoverySession(stages.get(0));
                    for (Stage next : stages.subList(1, stages.size())) session.add(next);
                    refresh();
                });
            }
        };
    }

    /** The stages of {@code spec}'s breadcrumb: its problem with the first k of its constraints, for every k. */
    private static List<Stage> stagesOf(StageSpec spec, CancellationToken token, Consumer<String> progress) {
        List<Stage> stages = new ArrayList<>();
        for (int k = 0; k <= spec.constraints().size(); k++) {
            stages.add(StageAnalysis.run(new StageSpec(spec.base(), spec.constraints().subList(0, k)), token, progress));
        }
        return stages;
    }

    /** Work for the angels: given a cancellation token and a progress sink, what it makes. */
    @FunctionalInterface
    interface Question<T> {
        T ask(CancellationToken token, Consumer<String> progress);
    }

    private <T> void submit(String title, Question<T> work, Consumer<T> done) {
        if (busy.get()) {
            status.set("Still asking the angels: wait for the answer or press Cancel.");
            return;
        }
        busy.set(true);
        status.set(title + "…");
        running = workbench.tasks().submit(title, ctx -> {
            return CancelWatch.call(ctx, token -> work.ask(token, message -> ctx.progress(message, -1)));
        }, stage -> {
            busy.set(false);
            done.accept(stage);
        }, e -> {
            busy.set(false);
            if (e instanceof SearchCancelled) status.set("Cancelled: the stages are as they were.");
            else if (e instanceof IllegalArgumentException) status.set("Not added: " + e.getMessage());
            else workbench.report(title, e);
        });
    }

    public ObservableList<Crumb> crumbs() {
        return crumbs;
    }

    public ObjectProperty<Stage> currentProperty() {
        return current;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public BooleanProperty busyProperty() {
        return busy;
    }

    public WorkbenchModel workbench() {
        return workbench;
    }

    /** The session (null before the first stage). */
    public DiscoverySession session() {
        return session;
    }
}
