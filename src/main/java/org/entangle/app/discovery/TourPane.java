package org.entangle.app.discovery;

import static org.entangle.app.Controls.button;

import javafx.geometry.Insets;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import org.entangle.app.WorkbenchModel;

/**
 * "Reproduce the talk": N (8 or 16), Next, Run all, Cancel and Classroom, and a table with one row per step done: what
 * the talk claims beside what the tool found. The state is {@link TourViewModel}'s.
 */
public final class TourPane extends BorderPane {

    private final TourViewModel model;

    public TourPane(TourViewModel model) {
        this(model, null);
    }

    /** With {@code workbench}, the Classroom button shows the step's network in classroom mode. */
    public TourPane(TourViewModel model, WorkbenchModel workbench) {
        this.model = model;
        ComboBox<Integer> n = new ComboBox<>();
        n.getItems().setAll(8, 16);
        n.setValue(model.nProperty().get());
        n.valueProperty().addListener((o, a, b) -> {
            if (b == null || b == model.nProperty().get()) return;
            model.nProperty().set(b);
            model.restart();
        });
        model.nProperty().addListener((o, a, b) -> n.setValue(b.intValue()));
        n.setId("tour-n");
        n.setTooltip(new javafx.scene.control.Tooltip("The width the tour runs at: the talk's N = 16, or N = 8 (quicker)"));
        Label status = new Label();
        status.setId("tour-status");
        status.setWrapText(true);
        status.textProperty().bind(model.statusProperty());
        FlowPane bar = new FlowPane(8, 6, new Label("Reproduce the talk at N ="), n,
                button("Next", "Do the tour's next step", e -> model.next()),
                button("Run all", "Do every remaining step", e -> model.runAll()),
                button("Cancel", "Stop the running step", e -> model.cancel()),
                button("Restart", "Start the tour again from the talk's program", e -> model.restart()), status);
        bar.getChildren().get(2).setId("tour-next");
        bar.getChildren().get(2).disableProperty().bind(model.busyProperty().or(model.finishedProperty()));
        bar.getChildren().get(3).disableProperty().bind(model.busyProperty().or(model.finishedProperty()));
        bar.getChildren().get(3).setId("tour-run-all");
        if (workbench != null) {
            bar.getChildren().add(5, button("Classroom", "Show the step's network in classroom mode (F11 to come back)",
                    e -> workbench.classroomProperty().set(true)));
        }
        bar.setPadding(new Insets(6));
        TableView<TourViewModel.Row> table = new TableView<>(model.rows());
        table.setId("tour-table");
        table.getColumns().add(column("Step", TourViewModel.Row::title, 170));
        table.getColumns().add(column("The talk", TourViewModel.Row::claim, 330));
        table.getColumns().add(column("What the tool found", TourViewModel.Row::found, 700));
        model.rows().addListener((javafx.collections.ListChangeListener<TourViewModel.Row>) c -> {
            if (!model.rows().isEmpty()) javafx.application.Platform.runLater(() -> table.scrollTo(model.rows().size() - 1));
        });
        table.setPlaceholder(new Label("Press Next: the tour starts from the talk's program."));
        setTop(bar);
        setCenter(table);
    }

    /** The tour's state (for tests). */
    public TourViewModel model() {
        return model;
    }

    private static TableColumn<TourViewModel.Row, String> column(String title,
                                                                java.util.function.Function<TourViewModel.Row, String> value,
                                                                double width) {
        TableColumn<TourViewModel.Row, String> c = new TableColumn<>(title);
        c.setCellValueFactory(d -> new javafx.beans.property.ReadOnlyStringWrapper(value.apply(d.getValue())));
        c.setPrefWidth(width);
        c.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            private final javafx.scene.text.Text text = new javafx.scene.text.Text();

            {
                text.wrappingWidthProperty().bind(col.widthProperty().subtract(10));
                text.getStyleClass().add("text");
                setGraphic(text);
            }

            @Override
            protected void updateItem(String value, boolean empty) {
                super.updateItem(value, empty);
                text.setText(empty || value == null ? "" : value);
            }
        });
        return c;
    }
}
