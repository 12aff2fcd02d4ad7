package org.entangle.app.generalise;

import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.geometry.Insets;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.entangle.app.ChartAxes;
import org.entangle.generalize.ClosedForm;
import org.entangle.generalize.Verification;

/**
 * Verification results: the table (N, correct, size, depth, steps, first failure with its explanation), the
 * verdict with the closed forms, and charts of size(N) and depth(N), measured points with the fitted forms, on axes
 * fitted to them ({@link ChartAxes}: left to auto-range, they measured their labels for every unit they tried).
 * A chart marks each point with a symbol only up to {@value #MOST_SYMBOLS} points: every symbol is a styled node of
 * its own, and a long range is clearer as the line alone.
 */
final class VerificationPane extends SplitPane {

    /** The most measured points a chart marks each with a symbol; more are drawn as the line alone. */
    static final int MOST_SYMBOLS = 24;

    VerificationPane(GeneraliseViewModel model) {
        TableView<VerificationRow> table = new TableView<>(model.rows());
        table.setId("verification-table");
        table.setPlaceholder(new Label("Verify runs the program at every N of the range and checks each network"));
        table.getColumns().add(column("N", VerificationRow::n, 50));
        table.getColumns().add(column("correct", r -> r.correct() ? "yes" : "NO", 60));
        table.getColumns().add(column("size", VerificationRow::size, 60));
        table.getColumns().add(column("depth", VerificationRow::depth, 55));
        table.getColumns().add(column("steps", VerificationRow::steps, 55));
        TableColumn<VerificationRow, Object> failure = column("first failure", VerificationRow::failure, 320);
        table.getColumns().add(failure);
        Label verdict = new Label("Not verified yet.");
        verdict.setId("verification-verdict");
        verdict.setWrapText(true);
        verdict.setPadding(new Insets(4, 6, 4, 6));
        verdict.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        LineChart<Number, Number> size = chart("size(N)");
        LineChart<Number, Number> depth = chart("depth(N)");
        java.util.function.Consumer<Verification> show = v -> {
            verdict.setText(verdict(v));
            plot(size, v, Verification.Row::size, v.sizeForm());
            plot(depth, v, Verification.Row::depth, v.depthForm());
        };
        model.verificationProperty().addListener((o, a, v) -> show.accept(v));
        if (model.verificationProperty().get() != null) show.accept(model.verificationProperty().get());
        HBox charts = new HBox(size, depth);
        HBox.setHgrow(size, Priority.ALWAYS);
        HBox.setHgrow(depth, Priority.ALWAYS);
        VBox.setVgrow(table, Priority.ALWAYS);
        getItems().setAll(new VBox(table, verdict), charts);
        setOrientation(javafx.geometry.Orientation.VERTICAL);
        setDividerPositions(0.55);
    }

    private static String verdict(Verification v) {
        String head = v.passed() ? "Correct for every N tried (" + v.rows().size() + " values, up to " + v.verifiedUpTo() + ")."
                : "FAILS — " + v.firstFailure().orElseThrow().message();
        return head + "\nsize(N) = " + form(v.sizeForm()) + ";   depth(N) = " + form(v.depthForm())
                + ";   steps(N) = " + form(v.stepsForm());
    }

    private static String form(Optional<ClosedForm> f) {
        return f.map(c -> c + (c.validFrom() > 1 ? " (N ≥ " + c.validFrom() + ")" : "")).orElse("no closed form fits");
    }

    private static LineChart<Number, Number> chart(String title) {
        LineChart<Number, Number> chart = new LineChart<>(ChartAxes.fixed("N"), ChartAxes.fixed(null));
        chart.setTitle(title);
        chart.setAnimated(false);
        chart.setMinWidth(120);
        return chart;
    }

    private static void plot(LineChart<Number, Number> chart, Verification v, ToIntFunction<Verification.Row> measure,
                             Optional<ClosedForm> form) {
        XYChart.Series<Number, Number> measured = new XYChart.Series<>();
        measured.setName("measured");
        DoubleSummaryStatistics ns = new DoubleSummaryStatistics();
        DoubleSummaryStatistics values = new DoubleSummaryStatistics();
        for (Verification.Row r : v.rows()) {
            if (!r.correct()) continue;
            int value = measure.applyAsInt(r);
            measured.getData().add(new XYChart.Data<>(r.n(), value));
            ns.accept(r.n());
            values.accept(value);
        }
        List<XYChart.Series<Number, Number>> series = new ArrayList<>(List.of(measured));
        form.ifPresent(f -> {
            XYChart.Series<Number, Number> fit = new XYChart.Series<>();
            fit.setName(f.toString());
            for (Verification.Row r : v.rows()) {
                if (r.correct() && Integer.bitCount(r.n()) == 1 && r.n() >= f.validFrom()) {
                    double value = f.valueAt(r.n());
                    fit.getData().add(new XYChart.Data<>(r.n(), value));
                    values.accept(value);
                }
            }
            series.add(fit);
        });
        chart.setCreateSymbols(measured.getData().size() <= MOST_SYMBOLS);
        ChartAxes.fit((NumberAxis) chart.getXAxis(), ns);
        ChartAxes.fit((NumberAxis) chart.getYAxis(), values);
        chart.getData().setAll(series);
    }

    private static TableColumn<VerificationRow, Object> column(String title, Function<VerificationRow, Object> value, double width) {
        TableColumn<VerificationRow, Object> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
