package org.entangle.app.generalise;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.concurrent.Executor;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.entangle.app.PanelState;
import org.entangle.app.WorkbenchModel;
import org.entangle.banks.BankAnalysis;
import org.entangle.banks.BankModel;
import org.entangle.banks.LaneMapping;
import org.entangle.banks.RemapSearch;
import org.entangle.generalize.ProgramInstances;
import org.entangle.generalize.Verification;
import org.entangle.generalize.Verifier;
import org.entangle.generalize.synth.Synthesizer;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.io.NetworkJsonReader;
import org.entangle.network.io.NetworkJsonWriter;

/**
 * The generalise panel's state (generalising example networks to programs that build one for every N): the user's program or sketch, the
 * example network it is compared with live ({@link LiveDiff}), and its long work on background tasks
 * ({@link LongWork}): verification over a range of N ({@link Verifier}, table rows and closed forms), synthesis
 * of a sketch's holes from the example ({@link Synthesizer}), variants of its network ({@link VariantTarget}) and
 * shared-memory bank conflicts at the range's largest N ({@link BankAnalysis}, {@link RemapSearch}). The text, the range
 * and the example are saved with the workspace ({@link #panelState()}).
 */
public final class GeneraliseViewModel {

    /** The program the panel opens with: the talk's Brent–Kung program (networks/brent-kung.angel). */
    public static final String START_PROGRAM = "brent-kung.angel";
    /** A sketch of the same program with its holes (networks/sketch-brent-kung.angel). */
    public static final String START_SKETCH = "sketch-brent-kung.angel";

    private final WorkbenchModel workbench;
    private final StringProperty source = new SimpleStringProperty(resource(START_PROGRAM));
    private final ObjectProperty<Network> example = new SimpleObjectProperty<>();
    private final IntegerProperty fromN = new SimpleIntegerProperty(1);
    private final IntegerProperty toN = new SimpleIntegerProperty(64);
    private final BooleanProperty powersOfTwo = new SimpleBooleanProperty();
    private final LiveDiff live;
    private final LongWork work;
    private final ObservableList<VerificationRow> rows = FXCollections.observableArrayList();
    private final ObjectProperty<Verification> verification = new SimpleObjectProperty<>();
    private final ObjectProperty<Synthesizer.Result> synthesis = new SimpleObjectProperty<>();
    private final ObjectProperty<BankView> banks = new SimpleObjectProperty<>();
    private final ObjectProperty<Network> variant = new SimpleObjectProperty<>();

    public GeneraliseViewModel(WorkbenchModel workbench) {
        this(workbench, Platform::runLater);
    }

    /** A model whose progress updates run on {@code ui} (tests pass {@code Runnable::run}). */
    public GeneraliseViewModel(WorkbenchModel workbench, Executor ui) {
        this.workbench = workbench;
        this.live = new LiveDiff(workbench.tasks());
        this.work = new LongWork(workbench.tasks(), ui);
        example.set(workbench.selectedProperty().get());
        workbench.selectedProperty().addListener((o, a, b) -> {
            if (example.get() == null) example.set(b);
        });
        source.addListener((o, a, b) -> refresh());
        example.addListener((o, a, b) -> refresh());
        refresh();
    }

    /** Compares the text with the example again (the view calls it through the source, debounced). */
    private void refresh() {
        variant.set(null);
        live.refresh(source.get(), example.get());
    }

    /** The N the range names: from..to, or only its powers of two. */
    public List<Integer> range() {
        List<Integer> ns = new ArrayList<>();
        for (int n = Math.max(1, fromN.get()); n <= toN.get(); n++) {
            if (!powersOfTwo.get() || Integer.bitCount(n) == 1) ns.add(n);
        }
        return ns;
    }

    /** Runs the program at every N of the range and checks each network (stops at the first failure). */
    public void verify() {
        Program program = parsed();
        if (program == null) return;
        List<Integer> ns = range();
        rows.clear();
        work.start("Verifying over N = " + fromN.get() + " … " + toN.get(), (ctx, token) -> Verifier.verify(n -> {
            ctx.progress("N = " + n + " of " + ns.get(ns.size() - 1), ns.indexOf(n) / (double) ns.size());
            return ProgramInstances.at(program, n, token);
        }, ns, null, ctx::isCancelled), v -> {
            verification.set(v);
            rows.setAll(VerificationRow.of(v));
        });
    }

    /** Fills the sketch's holes from the example, verified at the powers of two up to the range's end. */
    public void synthesize() {
        Network ex = example.get();
        if (ex == null) {
            work.say("Choose an example network first.");
            return;
        }
        String text = source.get();
        List<Integer> ns = new ArrayList<>();
        for (int n = 1; n <= toN.get(); n *= 2) ns.add(n);
        synthesis.set(null);
        Synthesizer.Options options = new Synthesizer.Options(ns, false, 40, 400_000);
        work.start("Synthesizing the holes from " + ex.name(), (ctx, token) -> new Synthesizer(text, ex, options).run(new Synthesizer.Listener() {
            @Override
            public void progress(Synthesizer.Progress p) {
                ctx.progress("Fillings of size " + p.size() + ": " + p.candidatesTried() + " candidate(s) tried, counterexamples "
                        + p.counterexamples(), p.size() / (double) p.maxSize());
            }

            @Override
            public boolean isCancelled() {
                return ctx.isCancelled();
            }
        }), synthesis::set);
    }

    /** Replaces the editor's text by the synthesised program. */
    public void useSynthesis() {
        Synthesizer.Result r = synthesis.get();
        if (r != null && r.found()) source.set(r.fillings().get(0).program());
    }

    /** Shows {@code target}'s variant of the program's network against the example, and adds it to the gallery. */
    public void applyVariant(VariantTarget target) {
        Network net = live.resultProperty().get().instance();
        if (net == null) {
            work.say("No network to vary: " + live.resultProperty().get().message());
            return;
        }
        try {
            Network v = target.transform().apply(net);
            variant.set(v);
            workbench.networks().add(v);
            work.say(target.name() + " variant " + v.name() + " added to the gallery.");
        } catch (RuntimeException e) {
            work.say(target.name() + " variant: " + LiveDiff.message(e));
        }
    }

    /** Counts the bank conflicts of the program's network at the range's largest N, with the best remap found. */
    public void bankConflicts() {
        Program program = parsed();
        if (program == null) return;
        int n = toN.get();
        work.start("Bank conflicts at N = " + n, (ctx, token) -> {
            Network net = ProgramInstances.at(program, n, token).withName("program-" + n);
            ctx.progress("searching remaps at N = " + n, -1);
            RemapSearch.Result best = RemapSearch.search(net, BankModel.DEFAULT, LaneMapping.COMPACT, ctx::isCancelled);
            return new BankView(net, best.original(), best.best());
        }, banks::set);
    }

    private Program parsed() {
        try {
            return Program.parse(source.get());
        } catch (RuntimeException e) {
            work.say(LiveDiff.message(e));
            return null;
        }
    }

    /** Stops the running verify, synthesis or bank search. */
    public void cancel() {
        work.cancel();
    }

    /** A catalogue program packed into the jar from networks/, by file name ({@link #START_PROGRAM}, {@link #START_SKETCH}). */
    public static String resource(String name) {
        try (InputStream in = GeneraliseViewModel.class.getResourceAsStream("/org/entangle/app/program/templates/" + name)) {
            if (in == null) throw new IllegalStateException("missing resource " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The panel's part of the workspace: the editor's text (a synthesised program comes back as it was), the range of
     * N, and the example network (as a network file's JSON, the gallery's own network when it holds the same one).
     */
    public PanelState panelState() {
        return new PanelState() {
            @Override
            public String key() {
                return "generalise";
            }

            @Override
            public Supplier<Map<String, String>> capture() {
                Map<String, String> fields = new HashMap<>(Map.of("source", source.get(), "fromN", Integer.toString(fromN.get()),
                        "toN", Integer.toString(toN.get()), "powersOfTwo", Boolean.toString(powersOfTwo.get())));
                Network ex = example.get();
                return () -> {
                    if (ex != null) fields.put("example", NetworkJsonWriter.write(ex));
                    return fields;
                };
            }

            @Override
            public void restore(Map<String, String> fields) {
                if (fields.containsKey("fromN")) fromN.set(Integer.parseInt(fields.get("fromN")));
                if (fields.containsKey("toN")) toN.set(Integer.parseInt(fields.get("toN")));
                if (fields.containsKey("powersOfTwo")) powersOfTwo.set(Boolean.parseBoolean(fields.get("powersOfTwo")));
                if (fields.containsKey("example")) {
                    Network saved = NetworkJsonReader.read("the workspace's example network", fields.get("example"));
                    example.set(workbench.networks().stream().filter(saved::equals).findFirst().orElse(saved));
                }
                if (fields.containsKey("source")) source.set(fields.get("source"));
            }
        };
    }

    public StringProperty sourceProperty() {
        return source;
    }

    public ObjectProperty<Network> exampleProperty() {
        return example;
    }

    public IntegerProperty fromNProperty() {
        return fromN;
    }

    public IntegerProperty toNProperty() {
        return toN;
    }

    public BooleanProperty powersOfTwoProperty() {
        return powersOfTwo;
    }

    /** The latest live comparison of the text with the example. */
    public ObjectProperty<LiveResult> liveProperty() {
        return live.resultProperty();
    }

    public ObservableList<VerificationRow> rows() {
        return rows;
    }

    public ObjectProperty<Verification> verificationProperty() {
        return verification;
    }

    public ObjectProperty<Synthesizer.Result> synthesisProperty() {
        return synthesis;
    }

    public ObjectProperty<BankView> banksProperty() {
        return banks;
    }

    /** The variant shown instead of the program's network, or null. */
    public ObjectProperty<Network> variantProperty() {
        return variant;
    }

    public BooleanProperty busyProperty() {
        return work.busyProperty();
    }

    /** Progress, notes and inline errors of the long work, one line. */
    public StringProperty messageProperty() {
        return work.messageProperty();
    }

    public javafx.beans.property.DoubleProperty fractionProperty() {
        return work.fractionProperty();
    }

    public WorkbenchModel workbench() {
        return workbench;
    }
}
