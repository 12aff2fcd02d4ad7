package org.entangle.app.program;

import static org.entangle.app.Controls.tip;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import org.entangle.app.Controls;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.ResultKind;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.Pin;
import org.entangle.oracle.SpecForm;

/**
 * The spec form (n, steps, budget, fan-out, fan-out per step, ops per step, algebra, model, kind, direction), kept
 * in sync with the program text by {@link SpecFormViewModel}: editing a field rewrites the program; a program that
 * is not in spec form disables the fields, blanks them and says why in the "custom program" label's tooltip.
 */
final class SpecFormPane extends HBox {

    private final SpecFormViewModel model;
    private final Label status = new Label();
    private final Label pins = new Label();
    private final FlowPane fields = new FlowPane(8, 6);
    private final List<Runnable> refreshers = new ArrayList<>();
    private boolean refreshing;

    SpecFormPane(SpecFormViewModel model) {
        super(8);
        this.model = model;
        status.setId("spec-status");
        status.setTooltip(new Tooltip());
        fields.setId("spec-fields");
        fields.getChildren().addAll(
                Controls.row(
                        spinner("n", "spec-n", 1, 64, "n: the width", SpecForm::n, (f, v) -> new SpecForm(v, f.steps(), f.budget(), f.constraints()))),
                Controls.row(
                        spinner("steps", "spec-steps", 0, 32, "steps: SIMD steps, each lane may combine in one other lane", SpecForm::steps,
                                (f, v) -> new SpecForm(f.n(), v, f.budget(), f.constraints())),
                        spinner("budget", "spec-budget", 0, 4096, "budget: the most ops in all", SpecForm::budget,
                                (f, v) -> new SpecForm(f.n(), f.steps(), v, f.constraints()))),
                Controls.row(
                        spinner("fan-out", "spec-fanout", 0, 64, "fan-out: the most ops reading one value (0: no limit)",
                                f -> f.constraints().maxFanout(), (f, v) -> with(f, f.constraints().withMaxFanout(v))),
                        spinner("per step", "spec-step-fanout", 0, 64, "fan-out per step: the most ops of one step reading one value (0: no limit)",
                                f -> f.constraints().maxStepFanout(), (f, v) -> with(f, f.constraints().withMaxStepFanout(v))),
                        spinner("ops/step", "spec-ops-per-step", 0, 64, "ops per step: the most ops in one step (0: no limit)",
                                f -> f.constraints().maxOpsPerStep(), (f, v) -> with(f, f.constraints().withMaxOpsPerStep(v)))),
                Controls.row(
                        choice(Algebra.values(), "spec-algebra", "algebra: what the operator may be assumed to satisfy",
                                f -> f.constraints().algebra(), (f, v) -> with(f, f.constraints().withAlgebra(v))),
                        choice(ResultKind.values(), "spec-kind", "kind: inclusive, exclusive or reduce",
                                f -> f.constraints().kind(), (f, v) -> with(f, f.constraints().withKind(v))),
                        choice(Direction.values(), "spec-direction", "direction: forward or backward scan",
                                f -> f.constraints().direction(), (f, v) -> with(f, f.constraints().withDirection(v))),
                        modelLabel(), pins));
        getChildren().addAll(status, fields);
        HBox.setHgrow(fields, javafx.scene.layout.Priority.ALWAYS);
        status.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        setPadding(new Insets(0, 6, 6, 6));
        model.specProperty().addListener((o, a, b) -> refresh());
        refresh();
    }

    private static SpecForm with(SpecForm f, Constraints c) {
        return new SpecForm(f.n(), f.steps(), f.budget(), c);
    }

    private static Label modelLabel() {
        Label model = new Label("model: in-place");
        model.setTooltip(new Tooltip("Angelic programs are SIMD programs: reads of a step happen before its writes"
                + " (the in-place model); circuit-model searches are the optimiser's"));
        return model;
    }

    private void refresh() {
        SpecForm spec = model.specProperty().get();
        refreshing = true;
        fields.setDisable(spec == null);
        refreshers.forEach(Runnable::run);
        refreshing = false;
        status.setText(spec == null ? "custom program" : "spec:");
        status.getTooltip().setText(spec == null
                ? "The program is not in spec form (" + model.reasonProperty().get() + "); edit it as text"
                : "The program is this spec form: editing a field rewrites the program");
        pins.setText(spec == null || spec.constraints().pins().isEmpty() ? ""
                : "pinned " + String.join(" ", spec.constraints().pins().stream().map(Pin::format).toList()));
    }

    private void apply(java.util.function.UnaryOperator<SpecForm> change) {
        if (refreshing) return;
        String refused = model.edit(change);
        if (refused != null) {
            status.getTooltip().setText("Not applied: " + refused);
            refresh();
        }
    }

    private HBox spinner(String label, String id, int min, int max, String tip, Function<SpecForm, Integer> get,
                         BiFunction<SpecForm, Integer, SpecForm> set) {
        Spinner<Integer> s = tip(new Spinner<>(min, max, min), tip);
        s.setId(id);
        s.setEditable(true);
        s.setPrefWidth(70);
        SpecFormViewModel vm = model;
        refreshers.add(() -> {
            SpecForm spec = vm.specProperty().get();
            SpinnerValueFactory<Integer> values = s.getValueFactory();
            values.setValue(spec == null ? null : get.apply(spec));
            if (spec == null) s.getEditor().setText("");
        });
        s.valueProperty().addListener((o, a, v) -> {
            if (v != null) apply(f -> set.apply(f, v));
        });
        HBox box = new HBox(4, new Label(label), s);
        box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        return box;
    }

    /**
     * A choice among an enum's few values. A choice box, not a combo box: a combo box measures its width on the cells
     * of a hidden list, made and styled in the window's scene as the form is laid out.
     */
    private <T> ChoiceBox<T> choice(T[] values, String id, String tip, Function<SpecForm, T> get, BiFunction<SpecForm, T, SpecForm> set) {
        ChoiceBox<T> c = tip(new ChoiceBox<>(FXCollections.observableArrayList(values)), tip);
        c.setId(id);
        c.setConverter(new javafx.util.StringConverter<T>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : value.toString().toLowerCase(java.util.Locale.ROOT);
            }

            @Override
            public T fromString(String text) {
                return null;
            }
        });
        refreshers.add(() -> {
            SpecForm spec = model.specProperty().get();
            c.setValue(spec == null ? null : get.apply(spec));
        });
        c.valueProperty().addListener((o, a, v) -> {
            if (v != null) apply(f -> set.apply(f, v));
        });
        return c;
    }
}
