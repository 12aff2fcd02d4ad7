package org.entangle.app;

import javafx.event.ActionEvent;
import javafx.event.EventHandler;
import javafx.scene.control.Button;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;

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

    /** Attaches a tooltip and returns the control. */
    public static <C extends Control> C tip(C control, String tip) {
        control.setTooltip(new Tooltip(tip));
        return control;
    }
}
