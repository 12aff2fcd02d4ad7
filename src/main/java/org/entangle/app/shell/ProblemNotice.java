package org.entangle.app.shell;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import javafx.beans.property.ObjectProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.entangle.app.Controls;
import org.entangle.app.Problem;

/**
 * Shows the workbench's latest {@link Problem} inside the window, as a notice in the bottom-right corner over the
 * panels, saying what happened and what to do, with the details on request: the summary in
 * plain words, "Show details" for the technical details (the stack trace, in a read-only text area built on first
 * request), and a close button (or Escape while the notice has the focus) that dismisses it. A problem that arrives
 * while another shows does not drop it: the notice counts the problems not yet dismissed (the latest
 * {@value #KEPT}) and dismissing one shows the one before it, which becomes the model's problem again; clearing the
 * model's problem dismisses them all. It takes no focus and blocks nothing, so a failed background task leaves the
 * workbench usable. A notice rather than a dialog window: JavaFX's {@code Alert} built and showed its own window in
 * one UI-thread turn of 110 ms or more on its first use.
 */
final class ProblemNotice extends VBox {

    /** The notice's widest, in px; the summary wraps within it. */
    static final double WIDTH = 460;
    /** The most problems kept for dismissing one by one; older ones are dropped. */
    static final int KEPT = 20;

    private final ObjectProperty<Problem> problem;
    private final Deque<Problem> undismissed = new ArrayDeque<>();
    private final Label summary = new Label();
    private final Label count = new Label();
    private final Button details = Controls.button("Show details", "Show or hide the technical details",
            e -> toggleDetails());
    private TextArea detailText;

    ProblemNotice(ObjectProperty<Problem> problem) {
        this.problem = problem;
        getStyleClass().add("problem-notice");
        setId("problem-notice");
        summary.setId("problem-summary");
        summary.setWrapText(true);
        HBox.setHgrow(summary, Priority.ALWAYS);
        summary.setMaxWidth(Double.MAX_VALUE);
        count.setId("problem-count");
        count.getStyleClass().add("problem-count");
        count.setTooltip(new Tooltip("This problem, the newest, of those not yet dismissed"));
        Button close = Controls.button("✕", "Dismiss this problem (Esc); an earlier one not yet dismissed shows next",
                e -> dismiss());
        close.setId("problem-dismiss");
        close.getStyleClass().add("problem-dismiss");
        details.setId("problem-details-toggle");
        count.setMinWidth(Region.USE_PREF_SIZE);
        close.setMinWidth(Region.USE_PREF_SIZE);
        HBox heading = new HBox(8, summary, count, close);
        heading.setAlignment(Pos.TOP_LEFT);
        getChildren().addAll(heading, details);
        setMaxSize(WIDTH, Region.USE_PREF_SIZE);
        setPrefWidth(WIDTH);
        setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) dismiss();
        });
        problem.addListener((o, a, p) -> show(p));
        show(problem.get());
    }

    private void dismiss() {
        undismissed.pollLast();
        problem.set(undismissed.peekLast());
    }

    private void show(Problem p) {
        if (p == null) undismissed.clear();
        else if (undismissed.peekLast() != p) undismissed.addLast(p);
        if (undismissed.size() > KEPT) undismissed.pollFirst();
        setVisible(p != null);
        if (p == null) return;
        count.setText(undismissed.size() > 1 ? String.format(Locale.ROOT, "1 of %d", undismissed.size()) : "");
        summary.setText(p.summary());
        details.setVisible(!p.details().isBlank());
        details.setManaged(!p.details().isBlank());
        hideDetails();
    }

    private void toggleDetails() {
        if (detailText != null && getChildren().contains(detailText)) {
            hideDetails();
            return;
        }
        if (detailText == null) {
            detailText = new TextArea();
            detailText.setId("problem-details");
            detailText.setEditable(false);
            detailText.setPrefRowCount(14);
            detailText.getStyleClass().add("problem-details");
        }
        detailText.setText(problem.get().details());
        getChildren().add(detailText);
        details.setText("Hide details");
    }

    private void hideDetails() {
        if (detailText != null) getChildren().remove(detailText);
        details.setText("Show details");
    }
}
