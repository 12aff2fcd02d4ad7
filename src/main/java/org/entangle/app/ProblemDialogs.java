package org.entangle.app;

import javafx.scene.control.Alert;
import javafx.scene.control.TextArea;
import javafx.stage.Window;

/**
 * Shows a {@link Problem} as a dialog: the summary in plain words, the technical details folded away under
 * "Show details". The dialog does not block, so a failed background task leaves the workbench usable.
 */
final class ProblemDialogs {

    private ProblemDialogs() {
    }

    static void show(Window owner, Problem problem) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        if (owner != null) alert.initOwner(owner);
        alert.setTitle("Entangle");
        alert.setHeaderText(null);
        alert.setContentText(problem.summary());
        if (!problem.details().isBlank()) {
            TextArea details = new TextArea(problem.details());
            details.setEditable(false);
            details.setPrefRowCount(14);
            alert.getDialogPane().setExpandableContent(details);
        }
        alert.show();
    }
}
