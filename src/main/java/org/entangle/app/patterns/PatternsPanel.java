package org.entangle.app.patterns;

import static org.entangle.app.Controls.button;
import static org.entangle.app.Controls.tip;

import java.util.Locale;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;
import org.entangle.app.Controls;
import org.entangle.gpu.patterns.PatternBenchRow;
import org.entangle.gpu.patterns.PatternCheck;

/**
 * The Patterns panel: a GPU parallel pattern and its options for the selected network, Check and Bench on the
 * device, a pass/fail table and a throughput chart (GB/s) of our kernels against the library and memcpy; the
 * device, or "no CUDA driver found". Check and Bench run on background tasks ({@link PatternsViewModel}).
 */
public final class PatternsPanel extends BorderPane {

    public PatternsPanel(PatternsViewModel model) {
        ComboBox<String> pattern = tip(new ComboBox<>(model.patterns()), "The pattern, built around the selected network");
        pattern.setId("patterns-pattern");
        pattern.valueProperty().bindBidirectional(model.patternProperty());
        TextField type = tip(new TextField(), "Element type (int32, int64, float32, float64; blank: the pattern's defaults)");
        type.setPromptText("type");
        type.setPrefColumnCount(7);
        type.textProperty().bindBidirectional(model.typeProperty());
        TextField options = tip(new TextField(), "Pattern options as k=v, e.g. op=add, bins=256 mode=even, predicate=flags");
        options.setPromptText("options k=v");
        options.setPrefColumnCount(18);
        options.textProperty().bindBidirectional(model.optionsProperty());
        ChoiceBox<PatternsViewModel.CheckSizes> sizes = tip(new ChoiceBox<>(), "Check sizes: quick (to 10^6 + 7) or the full protocol (to 2^28)");
        sizes.getItems().setAll(PatternsViewModel.CheckSizes.values());
        sizes.setValue(PatternsViewModel.CheckSizes.QUICK);
        sizes.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(PatternsViewModel.CheckSizes s) {
                return s == null ? "" : s == PatternsViewModel.CheckSizes.QUICK ? "quick sizes (to 10^6 + 7)" : "full protocol (to 2^28)";
            }

            @Override
            public PatternsViewModel.CheckSizes fromString(String text) {
                return text.startsWith("quick") ? PatternsViewModel.CheckSizes.QUICK : PatternsViewModel.CheckSizes.FULL;
            }
        });
        ChoiceBox<Long> benchSize = tip(new ChoiceBox<>(), "Benchmark size (elements)");
        benchSize.getItems().setAll(1L << 20, 1L << 24, 1L << 28);
        benchSize.setValue(1L << 24);
        benchSize.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(Long n) {
                return n == null ? "" : "n = 2^" + Long.numberOfTrailingZeros(n);
            }

            @Override
            public Long fromString(String text) {
                return 1L << Integer.parseInt(text.substring(text.indexOf('^') + 1).strip());
            }
        });
        Button check = button("Check on GPU", "Compile the pattern, run it and compare every element with the CPU reference",
                e -> model.check(sizes.getValue()));
        check.setId("patterns-check");
        Button bench = button("Bench", "Time the pattern against the library (CUB) and memcpy; median of " + PatternsViewModel.RUNS + " runs",
                e -> model.bench(benchSize.getValue()));
        bench.setId("patterns-bench");
        check.disableProperty().bind(model.availableProperty().not().or(model.runningProperty()));
        bench.disableProperty().bind(check.disableProperty());
        Label device = new Label();
        device.setId("patterns-device");
        device.textProperty().bind(model.deviceProperty());
        device.setStyle("-fx-font-weight: bold");
        device.setWrapText(true);
        Label deviceLine = new Label("device:", device);
        deviceLine.setContentDisplay(javafx.scene.control.ContentDisplay.RIGHT);
        Label status = new Label();
        status.setId("patterns-status");
        status.textProperty().bind(model.statusProperty());
        FlowPane bar = new FlowPane(8, 6, Controls.row(pattern, type, options), Controls.row(sizes, check),
                Controls.row(benchSize, bench));
        bar.setPadding(new Insets(6));
        VBox top = new VBox(bar, deviceLine, status);
        setTop(top);
        VBox.setMargin(deviceLine, new Insets(0, 6, 4, 8));
        VBox.setMargin(status, new Insets(0, 6, 6, 8));

        TableView<PatternCheck> table = new TableView<>(model.checks());
        table.setId("patterns-checks");
        table.setPlaceholder(new Label("Check runs every configuration at each size against the CPU reference"));
        table.getColumns().add(column("result", c -> c.passed() ? "PASS" : "FAIL", 60));
        table.getColumns().add(column("configuration", PatternCheck::config, 260));
        table.getColumns().add(column("n", c -> String.format(Locale.ROOT, "%,d", c.n()), 110));
        table.getColumns().add(column("seed", c -> Long.toString(c.seed()), 140));
        table.getColumns().add(column("detail", PatternCheck::detail, 420));

        CategoryAxis x = new CategoryAxis();
        NumberAxis y = new NumberAxis();
        y.setLabel("GB/s (read + write)");
        BarChart<String, Number> chart = new BarChart<>(x, y);
        chart.setId("patterns-chart");
        chart.setTitle("Throughput: ours vs library vs memcpy");
        chart.setAnimated(false);
        Tooltip.install(chart, new Tooltip("Bytes the pattern must move over the median time; library and memcpy move the same bytes"));
        model.benchRows().addListener((ListChangeListener<PatternBenchRow>) c -> chart.getData().setAll(series(model)));
        SplitPane body = new SplitPane(table, chart);
        body.setOrientation(javafx.geometry.Orientation.VERTICAL);
        body.setDividerPositions(0.55);
        setCenter(body);
        model.probe();
    }

    private static TableColumn<PatternCheck, String> column(String title, java.util.function.Function<PatternCheck, String> value, double width) {
        TableColumn<PatternCheck, String> col = new TableColumn<>(title);
        col.setCellValueFactory(cell -> new javafx.beans.property.ReadOnlyStringWrapper(value.apply(cell.getValue())));
        col.setPrefWidth(width);
        return col;
    }

    private static java.util.List<XYChart.Series<String, Number>> series(PatternsViewModel model) {
        XYChart.Series<String, Number> ours = new XYChart.Series<>();
        ours.setName("ours");
        XYChart.Series<String, Number> library = new XYChart.Series<>();
        library.setName("library");
        XYChart.Series<String, Number> memcpy = new XYChart.Series<>();
        memcpy.setName("memcpy");
        for (PatternBenchRow r : model.benchRows()) {
            String label = r.config();
            ours.getData().add(new XYChart.Data<>(label, r.gigabytesPerSecond()));
            if (!Double.isNaN(r.libraryMs())) library.getData().add(new XYChart.Data<>(label, r.bytesMoved() / (r.libraryMs() * 1e6)));
            memcpy.getData().add(new XYChart.Data<>(label, r.bytesMoved() / (r.memcpyMs() * 1e6)));
        }
        return java.util.List.of(ours, library, memcpy);
    }
}
