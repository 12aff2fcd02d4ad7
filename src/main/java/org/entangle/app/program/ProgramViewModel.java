package org.entangle.app.program;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.CancelWatch;
import org.entangle.app.task.JobContext;
import org.entangle.app.task.RunningJob;
import org.entangle.lang.LangError;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.oracle.Trace;
import org.entangle.oracle.TraceCounter;
import org.entangle.oracle.TraceEnumerator;
import org.entangle.oracle.TraceSampler;
import org.entangle.work.CancellationToken;
import org.entangle.work.Failures;
import org.entangle.work.Progress;
import org.entangle.work.ProgressListener;
import org.entangle.work.SearchCancelled;
import java.util.Optional;
import org.entangle.oracle.TraceOracle;
import org.entangle.oracle.engine.TraceOracles;

/**
 * The program editor's state and "Ask the angels": the program text, its problems (parse errors located
 * as line:column), and a background search that counts the safe traces exactly, then keeps every trace when there
 * are at most {@link #SHOWN} or a uniform seeded sample of {@link #SHOWN}; their networks replace the gallery's. A
 * program that is the talk's spec form is searched by the forest engine ({@link TraceOracles#forest}), which scales
 * to N = 16; any other by the interpreter's oracle ({@link TraceCounter}, {@link TraceEnumerator},
 * {@link TraceSampler}). Cancel reaches the oracle's
 * {@link CancellationToken} within {@link CancelWatch#POLL_MILLIS} ms, and the search keeps what it found. The spec
 * form follows the text both ways ({@link SpecFormViewModel}).
 */
public final class ProgramViewModel {

    /** The most traces kept for the gallery. */
    public static final int SHOWN = 1000;
    /** The seed of the uniform sample. */
    public static final long SEED = 1;

    /** The talk's program (seed 002) at N = 16: 8 steps, at most 32 ops; the editor's first program. */
    public static final String TALK_16 = ProgramTemplates.TALK_16;
    /** The talk's program at N = 8: 6 steps, at most 16 ops (247,478,238 safe traces). */
    public static final String TALK_8 = ProgramTemplates.TALK_8;

    private final WorkbenchModel workbench;
    private final StringProperty text;
    private final ObservableList<LangError> problems = FXCollections.observableArrayList();
    private final StringProperty progress = new SimpleStringProperty("");
    private final ObjectProperty<AngelsResult> result = new SimpleObjectProperty<>();
    private final SpecFormViewModel spec;
    private final ObservableList<ProgramTemplates.Template> templates = FXCollections.observableArrayList(ProgramTemplates.talk());
    private RunningJob running;

    public ProgramViewModel(WorkbenchModel workbench) {
        this.workbench = workbench;
        if (workbench.programProperty().get().isBlank()) workbench.programProperty().set(TALK_16);
        text = workbench.programProperty();
        text.addListener((o, a, b) -> check());
        check();
        spec = new SpecFormViewModel(text);
        workbench.tasks().submit("Reading the catalogue's programs", ctx -> ProgramTemplates.fromCatalogue(),
                templates::addAll, e -> workbench.report("Reading the catalogue's programs", e));
    }

    /** The Templates menu's programs: the talk's at once, the catalogue's once a background task has read them. */
    public ObservableList<ProgramTemplates.Template> templates() {
        return templates;
    }

    /** Parses the text and lists its problems (none when it parses and its names resolve). */
    public void check() {
        problems.clear();
        try {
            Machine.of(Program.parse(text.get()), Map.of());
        } catch (LangError e) {
            problems.add(e);
        }
    }

    /** Runs the oracle on the program in the background; the gallery gets the networks found. */
    public void askTheAngels() {
        String source = text.get();
        progress.set("asking the angels…");
        running = workbench.tasks().submit("Asking the angels", ctx -> search(source, ctx), r -> {
            running = null;
            result.set(r);
            progress.set(r.summary());
            if (!r.networks().isEmpty()) workbench.replaceNetworks(r.networks());
        }, e -> {
            running = null;
            progress.set("");
            if (e instanceof LangError lang) problems.setAll(lang);
            workbench.report("Asking the angels", e);
        });
    }

    /** Stops the search; it keeps what it found. */
    public void cancel() {
        if (running != null) running.cancel();
    }

    private AngelsResult search(String source, JobContext ctx) throws InterruptedException {
        Machine machine = Machine.of(Program.parse(source), Map.of());
        try (CancelWatch watch = new CancelWatch(ctx)) {
            AngelsResult found = search(source, machine, watch.token(), ctx);
            if (watch.stoppedForMemory()) throw new Failures.Advice(CancelWatch.lowMemoryAdvice());
            return found;
        }
    }

    private AngelsResult search(String source, Machine machine, CancellationToken token, JobContext ctx) {
        Optional<TraceOracle> forest = TraceOracles.forest(machine.program());
        if (forest.isPresent()) return search(source, forest.get(), token, ctx);
        long start = System.nanoTime();
        AtomicBoolean counting = new AtomicBoolean(true);
        ctx.progress("counting the safe traces", -1);
        ProgressListener listener = p -> ctx.progress(describe(p, counting.get()), fraction(p));
        TraceCounter counter = new TraceCounter(machine, token, listener);
        BigInteger total;
        try {
            total = counter.countAll();
        } catch (SearchCancelled c) {
            return new AngelsResult(source, null, List.of(), false, false, seconds(start));
        }
        counting.set(false);
        List<Trace> traces = new ArrayList<>();
        if (total.signum() == 0) return new AngelsResult(source, total, traces, false, true, seconds(start));
        try {
            if (total.compareTo(BigInteger.valueOf(SHOWN)) <= 0) {
                new TraceEnumerator(counter, false, token, listener).run(trace -> traces.add(named(trace, traces.size())));
                return new AngelsResult(source, total, traces, false, true, seconds(start));
            }
            TraceSampler sampler = new TraceSampler(counter, SEED);
            for (int i = 0; i < SHOWN; i++) {
                if (ctx.isCancelled()) return new AngelsResult(source, total, traces, true, false, seconds(start));
                traces.add(named(sampler.sample(), i));
                if (i % 50 == 0) ctx.progress(String.format(Locale.ROOT, "sampling: %,d of %,d", i, SHOWN), i / (double) SHOWN);
            }
            return new AngelsResult(source, total, traces, true, true, seconds(start));
        } catch (SearchCancelled c) {
            return new AngelsResult(source, total, traces, false, false, seconds(start));
        }
    }

    /**
     * Counts with the forest engine, then keeps every trace when there are at most {@link #SHOWN}, else a uniform
     * sample of {@link #SHOWN} drawn in batches (seeds {@link #SEED}, {@link #SEED} + 1, …) so that progress shows.
     */
    private AngelsResult search(String source, TraceOracle oracle, CancellationToken token, JobContext ctx) {
        long start = System.nanoTime();
        ctx.progress("counting the safe traces (forest engine)", -1);
        List<Trace> traces = new ArrayList<>();
        BigInteger total;
        try {
            total = oracle.count(token);
        } catch (SearchCancelled c) {
            return new AngelsResult(source, null, List.of(), false, false, seconds(start));
        }
        if (total.signum() == 0) return new AngelsResult(source, total, traces, false, true, seconds(start));
        try {
            if (total.compareTo(BigInteger.valueOf(SHOWN)) <= 0) {
                oracle.enumerate(trace -> traces.add(named(trace, traces.size())), token);
                return new AngelsResult(source, total, traces, false, true, seconds(start));
            }
            int batch = 50;
            for (int i = 0; i < SHOWN; i += batch) {
                if (ctx.isCancelled()) return new AngelsResult(source, total, traces, true, false, seconds(start));
                ctx.progress(String.format(Locale.ROOT, "sampling: %,d of %,d from %,d safe traces", i, SHOWN, total), i / (double) SHOWN);
                for (Trace t : oracle.sample(Math.min(batch, SHOWN - i), SEED + i / batch, token)) traces.add(named(t, traces.size()));
            }
            return new AngelsResult(source, total, traces, true, true, seconds(start));
        } catch (SearchCancelled c) {
            return new AngelsResult(source, total, traces, traces.size() > 0, false, seconds(start));
        }
    }

    private static Trace named(Trace trace, int index) {
        Network network = trace.network();
        return new Trace(trace.choices(), network.withName("angels-" + network.width() + "-" + (index + 1)));
    }

    private static String describe(Progress p, boolean counting) {
        String eta = p.estimatedTotal() != null && p.ratePerSecond() > 0
                ? String.format(Locale.ROOT, ", ETA %.0f s", Math.max(0, (p.estimatedTotal().doubleValue() - p.tracesFound()) / p.ratePerSecond()))
                : "";
        return String.format(Locale.ROOT, "%s: %,d states, %,d traces, %,.0f traces/s%s", counting ? "counting" : "enumerating",
                p.statesExplored(), p.tracesFound(), p.ratePerSecond(), eta);
    }

    private static double fraction(Progress p) {
        if (p.estimatedTotal() == null || p.estimatedTotal().signum() == 0) return -1;
        return Math.min(1, p.tracesFound() / p.estimatedTotal().doubleValue());
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    /** The spec form, kept in sync with the text. */
    public SpecFormViewModel spec() {
        return spec;
    }

    public StringProperty textProperty() {
        return text;
    }

    public ObservableList<LangError> problems() {
        return problems;
    }

    public StringProperty progressProperty() {
        return progress;
    }

    public ObjectProperty<AngelsResult> resultProperty() {
        return result;
    }
}
