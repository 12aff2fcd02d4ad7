package org.entangle.app;

import javafx.event.ActionEvent;
import javafx.event.EventHandler;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;

/** Small helpers so that every control the workbench builds carries a tooltip. */
public final class Controls {

    private Controls() {
    }

    /** A button with its tooltip and action. */
    public static Button button(String text, String tip, EventHandler<ActionEvent> action) {
        Button b = new Button(text);
        b.setTooltip(new Tooltip(tip));
        b.setOnAction(action);
        return b;
    }

    /**
     * How many rows a long list's combo box measures for the width of its popup. JavaFX measures every row by default
     * (the key below, documented in {@code ComboBoxListViewSkin}), which for the workbench's list of networks took tens
     * of ms each time the box was first styled.
     */
    static final int MEASURED_ROWS = 20;

    /** Makes {@code box}, whose list may grow long, measure its popup's width on its first {@value #MEASURED_ROWS} rows. */
    public static <T> ComboBox<T> longList(ComboBox<T> box) {
        box.getProperties().put("comboBoxRowsToMeasureWidth", MEASURED_ROWS);
        return box;
    }

    /** Attaches a tooltip and returns the control. */
    public static <C extends Control> C tip(C control, String tip) {
        control.setTooltip(new Tooltip(tip));
        return control;
    }

    /** {@code controls} side by side, centred vertically, 8 px apart: one group of a wrapping toolbar. */
    public static HBox row(Node... controls) {
        HBox row = new HBox(8, controls);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }
}
