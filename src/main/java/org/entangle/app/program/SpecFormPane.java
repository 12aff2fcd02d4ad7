package org.entangle.app.program;

import static org.entangle.app.Controls.button;
import static org.entangle.app.Controls.tip;

import java.util.List;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.layout.FlowPane;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.ResultKind;
import org.entangle.oracle.Constraints;

/**
 * The spec form (n, steps, budget, fan-out, algebra, kind, direction): "Write program" replaces the editor's text
 * with the equivalent angelic program ({@link ProgramViewModel#useSpec}), so both paths share one semantics.
 */
final class SpecFormPane extends FlowPane {

    SpecFormPane(ProgramViewModel model) {
        super(8, 6);
        Spinner<Integer> n = spinner(2, 64, 8, "n: the width");
        Spinner<Integer> steps = spinner(1, 32, 6, "steps: SIMD steps, each lane may combine in one other lane");
        Spinner<Integer> budget = spinner(1, 4096, 16, "budget: the most ops in all");
        Spinner<Integer> fanout = spinner(0, 64, 0, "fan-out: the most ops reading one value (0: no limit)");
        ComboBox<Algebra> algebra = tip(new ComboBox<>(FXCollections.observableArrayList(Algebra.values())),
                "algebra: what the operator may be assumed to satisfy");
        algebra.setValue(Algebra.ASSOCIATIVE);
        ComboBox<ResultKind> kind = tip(new ComboBox<>(FXCollections.observableArrayList(ResultKind.values())),
                "kind: inclusive, exclusive or reduce");
        kind.setValue(ResultKind.INCLUSIVE);
        ComboBox<Direction> direction = tip(new ComboBox<>(FXCollections.observableArrayList(Direction.values())),
                "direction: forward or backward scan");
        direction.setValue(Direction.FORWARD);
        getChildren().addAll(new Label("spec: n"), n, new Label("steps"), steps, new Label("budget"), budget,
                new Label("fan-out"), fanout, algebra, kind, direction,
                button("Write program", "Replace the program with the one this spec describes", e -> {
                    Constraints c = new Constraints(fanout.getValue(), 0, 0, algebra.getValue(), kind.getValue(),
                            direction.getValue(), List.of());
                    model.useSpec(n.getValue(), steps.getValue(), budget.getValue(), c);
                }));
        setPadding(new Insets(0, 6, 6, 6));
    }

    private static Spinner<Integer> spinner(int min, int max, int value, String tip) {
        Spinner<Integer> s = tip(new Spinner<>(min, max, value), tip);
        s.setEditable(true);
        s.setPrefWidth(80);
        return s;
    }
}
