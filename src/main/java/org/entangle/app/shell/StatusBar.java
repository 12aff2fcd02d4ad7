package org.entangle.app.shell;

import java.util.function.Consumer;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.value.ObservableValue;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.util.Duration;
import org.entangle.app.Controls;
import org.entangle.app.task.FxTaskRunner;
import org.entangle.app.task.TrackingTaskRunner;

/**
 * The status bar, bound to the {@link FxTaskRunner}: the latest job's message, a progress bar while the job knows how
 * far it is, otherwise the seconds since the work began (ticking once a second), and Cancel. The seconds stand in for
 * an indeterminate progress bar, which JavaFX animates, and so redraws, at every pulse. Between jobs the message is
 * the latest notice of something done (an export's file), until the next job starts.
 */
final class StatusBar extends HBox {

    StatusBar(FxTaskRunner runner, TrackingTaskRunner tracker, ObservableValue<String> notice) {
        super(10);
        Label message = new Label("Ready");
        message.setId("status-message");
        message.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(message, Priority.ALWAYS);
        runner.messageProperty().addListener((o, a, b) -> message.setText(b));
        runner.busyProperty().addListener((o, a, busy) -> {
            if (!busy) message.setText("Ready");
        });
        notice.addListener((o, a, text) -> {
            if (!text.isEmpty()) message.setText(text);
        });
        ProgressBar progress = new ProgressBar(0);
        progress.setId("status-progress");
        progress.setPrefWidth(180);
        progress.progressProperty().bind(runner.fractionProperty());
        progress.visibleProperty().bind(runner.busyProperty().and(runner.fractionProperty().greaterThanOrEqualTo(0)));
        progress.managedProperty().bind(progress.visibleProperty());
        Label elapsed = elapsedSeconds(runner);
        Button cancel = Controls.button("Cancel", "Stop the running task; it keeps what it has found", e -> tracker.cancelAll());
        cancel.setId("status-cancel");
        cancel.disableProperty().bind(runner.busyProperty().not());
        getChildren().addAll(message, progress, elapsed, cancel);
        setAlignment(Pos.CENTER_LEFT);
        setPadding(new Insets(3, 8, 3, 8));
        getStyleClass().add("status-bar");
    }

    /** "12 s": the seconds since the runner became busy, shown while the running job's fraction is unknown. */
    private static Label elapsedSeconds(FxTaskRunner runner) {
        Label elapsed = new Label();
        elapsed.setId("status-elapsed");
        Controls.tip(elapsed, "Seconds since the running task began (its end cannot be foreseen)");
        elapsed.visibleProperty().bind(runner.busyProperty().and(runner.fractionProperty().lessThan(0)));
        elapsed.managedProperty().bind(elapsed.visibleProperty());
        long[] since = new long[1];
        Timeline tick = new Timeline(new KeyFrame(Duration.seconds(1),
                e -> elapsed.setText((System.nanoTime() - since[0]) / 1_000_000_000L + " s")));
        tick.setCycleCount(Animation.INDEFINITE);
        Consumer<Boolean> follow = busy -> {
            if (busy) {
                since[0] = System.nanoTime();
                elapsed.setText("0 s");
                tick.playFromStart();
            } else {
                tick.stop();
            }
        };
        runner.busyProperty().addListener((o, a, busy) -> follow.accept(busy));
        follow.accept(runner.busyProperty().get());
        return elapsed;
    }
}
