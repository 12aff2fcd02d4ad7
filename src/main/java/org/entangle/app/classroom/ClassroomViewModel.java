package org.entangle.app.classroom;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.entangle.network.Algebra;
import org.entangle.network.Network;
import org.entangle.network.NetworkInterpreter;
import org.entangle.network.Op;
import org.entangle.network.ValueAlgebra;

/**
 * Classroom mode: concrete values flowing through a network one step at a time. Values are the teacher's (typed,
 * comma-separated) or random small integers; integers add, strings concatenate (so the order of operands shows);
 * a network that needs an idempotent operator (its spec's algebra) takes max, or the union of letters.
 * The wire values after k steps are the outputs of the network cut after step k, run by {@link NetworkInterpreter}
 * (the single definition of op semantics). "Ask the class" hides the next step's ops until it is taken.
 */
public final class ClassroomViewModel {

    /** How values combine. */
    public enum Mode { INTEGERS, STRINGS }

    private final ObjectProperty<Network> network = new SimpleObjectProperty<>();
    private final ObjectProperty<Mode> mode = new SimpleObjectProperty<>(Mode.INTEGERS);
    private final StringProperty inputs = new SimpleStringProperty("");
    private final IntegerProperty step = new SimpleIntegerProperty();
    private final BooleanProperty askTheClass = new SimpleBooleanProperty();
    private final StringProperty caption = new SimpleStringProperty("");
    private List<List<String>> history = List.of();
    private final Random random = new Random(7);

    public ClassroomViewModel() {
        network.addListener((o, a, b) -> {
            randomInputs();
            rebuild();
        });
        mode.addListener((o, a, b) -> {
            randomInputs();
            rebuild();
        });
        inputs.addListener((o, a, b) -> rebuild());
        step.addListener((o, a, b) -> updateCaption());
        askTheClass.addListener((o, a, b) -> updateCaption());
    }

    /** Fills the inputs with random small integers (0..9), or letters a, b, c, … in string mode. */
    public void randomInputs() {
        Network n = network.get();
        if (n == null) return;
        List<String> values = new ArrayList<>();
        for (int w = 0; w < n.width(); w++) {
            values.add(mode.get() == Mode.STRINGS ? String.valueOf((char) ('a' + w % 26)) : String.valueOf(random.nextInt(10)));
        }
        inputs.set(String.join(", ", values));
    }

    private void rebuild() {
        Network n = network.get();
        if (n == null) return;
        List<String> start = parseInputs(n.width());
        boolean idempotent = n.spec().algebra() == Algebra.IDEMPOTENT;
        ValueAlgebra<String> algebra = new ValueAlgebra<>() {
            @Override
            public String input(int wire) {
                return start.get(wire);
            }

            @Override
            public String identity() {
                return mode.get() == Mode.STRINGS ? "" : "0";
            }

            @Override
            public String combine(String left, String right) {
                if (mode.get() == Mode.STRINGS) return idempotent ? union(left, right) : left + right;
                long a = Long.parseLong(left);
                long b = Long.parseLong(right);
                return String.valueOf(idempotent ? Math.max(a, b) : a + b);
            }
        };
        List<List<String>> states = new ArrayList<>();
        for (int k = 0; k <= n.stepCount(); k++) {
            states.add(NetworkInterpreter.run(n.withSteps(n.steps().subList(0, k)), algebra));
        }
        history = states;
        step.set(Math.min(step.get(), n.stepCount()));
        updateCaption();
    }

    /** The characters of both strings, each once, in order: an idempotent stand-in for concatenation. */
    private static String union(String left, String right) {
        StringBuilder s = new StringBuilder();
        (left + right).chars().sorted().distinct().forEach(c -> s.append((char) c));
        return s.toString();
    }

    /** What combining means for the current network and mode, for the caption. */
    public String operator() {
        Network n = network.get();
        boolean idempotent = n != null && n.spec().algebra() == Algebra.IDEMPOTENT;
        if (mode.get() == Mode.STRINGS) return idempotent ? "union of letters" : "concatenation";
        return idempotent ? "max" : "+";
    }

    private List<String> parseInputs(int width) {
        String[] parts = inputs.get().split(",");
        List<String> values = new ArrayList<>();
        for (int w = 0; w < width; w++) {
            String v = w < parts.length ? parts[w].trim() : "";
            if (mode.get() == Mode.INTEGERS) {
                try {
                    v = String.valueOf(Long.parseLong(v));
                } catch (NumberFormatException e) {
                    v = "0";
                }
            }
            values.add(v);
        }
        return values;
    }

    /** Takes the next step, if any. */
    public void forward() {
        if (network.get() != null && step.get() < network.get().stepCount()) step.set(step.get() + 1);
    }

    /** Goes one step back, if any. */
    public void back() {
        if (step.get() > 0) step.set(step.get() - 1);
    }

    /** The value on each wire after the current step. */
    public List<String> values() {
        return history.isEmpty() ? List.of() : history.get(step.get());
    }

    /** The ops of step {@code s} (0-based). */
    public List<Op> opsOf(int s) {
        return network.get().step(s).ops();
    }

    /** The wires an op of step {@code s} reads or writes. */
    public Set<Integer> busyLanes(int s) {
        Set<Integer> lanes = new HashSet<>();
        for (Op op : opsOf(s)) {
            lanes.add(op.dst());
            if (op.src() >= 0) lanes.add(op.src());
        }
        return lanes;
    }

    /** Whether the ops of step {@code s} are drawn: taken steps always, the next one unless the class is asked. */
    public boolean visible(int s) {
        return s < step.get() || (s == step.get() && !askTheClass.get());
    }

    private void updateCaption() {
        Network n = network.get();
        if (n == null) return;
        int done = 0;
        for (int s = 0; s < step.get(); s++) done += opsOf(s).size();
        String next = step.get() >= n.stepCount() ? "done: every output holds its prefix"
                : askTheClass.get() ? "next step: what will it do?"
                : "next step: " + opsOf(step.get()).size() + " ops, " + busyLanes(step.get()).size() + " busy lanes";
        caption.set(n.name() + " (" + operator() + ") · step " + step.get() + " of " + n.stepCount() + " · " + done + " ops so far · " + next);
    }

    public ObjectProperty<Network> networkProperty() {
        return network;
    }

    public ObjectProperty<Mode> modeProperty() {
        return mode;
    }

    public StringProperty inputsProperty() {
        return inputs;
    }

    public IntegerProperty stepProperty() {
        return step;
    }

    public BooleanProperty askTheClassProperty() {
        return askTheClass;
    }

    public StringProperty captionProperty() {
        return caption;
    }
}
