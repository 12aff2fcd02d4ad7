package org.entangle.app.classroom;

import static org.entangle.app.Controls.button;
import static org.entangle.app.Controls.tip;

import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;

/**
 * Classroom mode: the selected network filling the window in large type, stepped with the arrow keys (Right/Space
 * forward, Left back) while values flow along the wires; the caption tells the step, ops so far and busy lanes.
 */
public final class ClassroomView extends BorderPane {

    public ClassroomView(ClassroomViewModel model, Runnable leave) {
        getStyleClass().add("classroom");
        ClassroomCanvas canvas = new ClassroomCanvas(model);
        Label caption = new Label();
        caption.setId("classroom-caption");
        caption.getStyleClass().add("classroom-caption");
        caption.textProperty().bind(model.captionProperty());
        caption.setWrapText(true);
        TextField inputs = tip(new TextField(), "The input values, comma-separated; edit them for your class");
        inputs.textProperty().bindBidirectional(model.inputsProperty());
        inputs.setPrefColumnCount(36);
        ComboBox<ClassroomViewModel.Mode> mode = tip(new ComboBox<>(FXCollections.observableArrayList(ClassroomViewModel.Mode.values())),
                "Integers add; strings concatenate, which shows why the order of operands matters");
        mode.valueProperty().bindBidirectional(model.modeProperty());
        CheckBox ask = tip(new CheckBox("ask the class"), "Hide the next step's ops until you take it");
        ask.selectedProperty().bindBidirectional(model.askTheClassProperty());
        FlowPane bar = new FlowPane(10, 6,
                button("◀", "Step back (Left arrow)", e -> model.back()),
                button("▶", "Step forward (Right arrow or Space)", e -> model.forward()),
                button("Random", "Random small values", e -> model.randomInputs()),
                inputs, mode, ask, button("Leave", "Leave classroom mode (Esc or F11)", e -> leave.run()));
        bar.setPadding(new Insets(8));
        setTop(caption);
        setCenter(canvas);
        setBottom(bar);
        setPadding(new Insets(10));
        model.stepProperty().addListener(o -> canvas.draw());
        model.inputsProperty().addListener(o -> canvas.draw());
        model.askTheClassProperty().addListener(o -> canvas.draw());
        model.networkProperty().addListener(o -> canvas.draw());
        addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getTarget() instanceof TextField) return;
            if (e.getCode() == KeyCode.RIGHT || e.getCode() == KeyCode.SPACE) model.forward();
            else if (e.getCode() == KeyCode.LEFT) model.back();
            else if (e.getCode() == KeyCode.ESCAPE) leave.run();
            else return;
            e.consume();
        });
    }
}
