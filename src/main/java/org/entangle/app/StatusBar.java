package org.entangle.app;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.entangle.app.task.FxTaskRunner;
import org.entangle.app.task.TrackingTaskRunner;

/** The status bar: the latest job's message and progress, and Cancel, bound to the {@link FxTaskRunner}. */
final class StatusBar extends HBox {

    StatusBar(FxTaskRunner runner, TrackingTaskRunner tracker) {
        super(10);
        Label message = new Label("Ready");
        message.setId("status-message");
        message.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(message, Priority.ALWAYS);
        runner.messageProperty().addListener((o, a, b) -> message.setText(b));
        runner.busyProperty().addListener((o, a, busy) -> {
            if (!busy) message.setText("Ready");
        });
        ProgressBar progress = new ProgressBar();
        progress.setPrefWidth(180);
        progress.progressProperty().bind(runner.fractionProperty());
        progress.visibleProperty().bind(runner.busyProperty());
        Button cancel = Controls.button("Cancel", "Stop the running task; it keeps what it has found", e -> tracker.cancelAll());
        cancel.setId("status-cancel");
        cancel.disableProperty().bind(runner.busyProperty().not());
        getChildren().addAll(message, progress, cancel);
        setAlignment(Pos.CENTER_LEFT);
        setPadding(new Insets(3, 8, 3, 8));
        getStyleClass().add("status-bar");
    }
}
