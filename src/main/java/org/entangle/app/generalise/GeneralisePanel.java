package org.entangle.app.generalise;

import static org.entangle.app.Controls.button;
import static org.entangle.app.Controls.tip;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import org.entangle.app.diagram.DiagramView;
import org.entangle.app.diagram.DiagramViewModel;
import org.entangle.diagram.DiagramOptions;
import org.entangle.generalize.Verification;
import org.entangle.network.families.Families;

/**
 * The generalise panel: pick an algorithm, verify it over N (table and chart of size(N), depth(N), with closed
 * forms), and see its instance at the example's width diff-coloured against the example.
 */
public final class GeneralisePanel extends BorderPane {

    public GeneralisePanel(GeneraliseViewModel model) {
        ComboBox<String> family = tip(new ComboBox<>(FXCollections.observableArrayList(Families.names())),
                "The algorithm to generalise");
        family.valueProperty().bindBidirectional(model.familyProperty());
        Spinner<Integer> upTo = tip(new Spinner<>(1, 14, model.maxExponentProperty().get()), "Verify N = 2, 4, … up to 2^k");
        upTo.valueProperty().addListener((o, a, b) -> model.maxExponentProperty().set(b));
        upTo.setPrefWidth(70);
        Label diff = new Label();
        diff.textProperty().bind(model.diffProperty());
        FlowPane bar = new FlowPane(8, 6, new Label("algorithm"), family, new Label("up to 2^"), upTo,
                button("Verify", "Check the algorithm is a correct scan at every N (cancellable)", e -> model.verify()), diff);
        bar.setPadding(new Insets(6));
        TableView<Verification.Row> table = new TableView<>(model.rows());
        table.setId("verification-table");
        table.setPlaceholder(new Label("Not verified yet"));
        table.getColumns().add(column("N", r -> r.n()));
        table.getColumns().add(column("correct", r -> r.correct() ? "yes" : "NO"));
        table.getColumns().add(column("size", r -> r.size()));
        table.getColumns().add(column("depth", r -> r.depth()));
        table.getColumns().add(column("steps", r -> r.steps()));
        Label forms = new Label();
        forms.setWrapText(true);
        forms.textProperty().bind(model.formsProperty());
        forms.setPadding(new Insets(6));
        forms.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        javafx.scene.layout.VBox.setVgrow(table, javafx.scene.layout.Priority.ALWAYS);
        NumberAxis x = new NumberAxis();
        x.setLabel("log2 N");
        LineChart<Number, Number> chart = new LineChart<>(x, new NumberAxis());
        chart.setAnimated(false);
        chart.setTitle("size(N) and depth(N), log scale");
        model.rows().addListener((ListChangeListener<Verification.Row>) c -> plot(chart, model));
        DiagramViewModel diagram = new DiagramViewModel();
        Runnable redraw = () -> {
            var example = model.workbench().selectedProperty().get();
            if (model.instanceProperty().get() != null && example != null) {
                diagram.show(model.instanceProperty().get(), DiagramOptions.DEFAULT.withDiffAgainst(example)
                        .withColourBy(DiagramOptions.ColourBy.DIFF));
            }
        };
        model.instanceProperty().addListener((o, a, b) -> redraw.run());
        redraw.run();
        SplitPane left = new SplitPane(new VBox(table, forms), chart);
        left.setOrientation(Orientation.VERTICAL);
        DiagramView diagramView = new DiagramView(diagram);
        diagramView.canvas().widthProperty().addListener(o -> javafx.application.Platform.runLater(diagram::fit));
        diagramView.canvas().heightProperty().addListener(o -> javafx.application.Platform.runLater(diagram::fit));
        SplitPane body = new SplitPane(left, diagramView);
        body.setDividerPositions(0.42);
        setTop(bar);
        setCenter(body);
    }

    private static void plot(LineChart<Number, Number> chart, GeneraliseViewModel model) {
        XYChart.Series<Number, Number> size = new XYChart.Series<>();
        size.setName("log2 size");
        XYChart.Series<Number, Number> depth = new XYChart.Series<>();
        depth.setName("log2 depth");
        for (Verification.Row r : model.rows()) {
            double log = Math.log(r.n()) / Math.log(2);
            size.getData().add(new XYChart.Data<>(log, Math.log(Math.max(1, r.size())) / Math.log(2)));
            depth.getData().add(new XYChart.Data<>(log, Math.log(Math.max(1, r.depth())) / Math.log(2)));
        }
        chart.getData().setAll(size, depth);
    }

    private static TableColumn<Verification.Row, Object> column(String title, java.util.function.Function<Verification.Row, Object> value) {
        TableColumn<Verification.Row, Object> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        return c;
    }
}
