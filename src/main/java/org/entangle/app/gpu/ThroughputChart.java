package org.entangle.app.gpu;

import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.DoubleStream;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Side;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.util.StringConverter;
import org.entangle.app.ChartAxes;

/**
 * The benchmark's chart: GB/s against n on a log2 axis, our kernel, CUB's DeviceScan and memcpy; the GB/s axis fitted
 * to the points ({@link ChartAxes}), not auto-ranged.
 */
final class ThroughputChart extends LineChart<Number, Number> {

    ThroughputChart(ObservableList<Throughput> points) {
        super(log2Axis(), ChartAxes.fixed("GB/s"));
        setTitle("Throughput, read + write (int32 inclusive sum)");
        setAnimated(false);
        setCreateSymbols(true);
        setLegendSide(Side.RIGHT);
        setId("throughput-chart");
        points.addListener((ListChangeListener<Throughput>) c -> plot(points));
        plot(points);
    }

    private void plot(List<Throughput> points) {
        DoubleSummaryStatistics values = points.stream().flatMapToDouble(p -> DoubleStream.of(p.ours(), p.cub(), p.memcpy()))
                .filter(v -> !Double.isNaN(v)).summaryStatistics();
        ChartAxes.fit((NumberAxis) getYAxis(), values);
        getData().setAll(series("ours", points, Throughput::ours), series("CUB", points, Throughput::cub),
                series("memcpy", points, Throughput::memcpy));
    }

    private static XYChart.Series<Number, Number> series(String name, List<Throughput> points, ToDoubleFunction<Throughput> value) {
        XYChart.Series<Number, Number> s = new XYChart.Series<>();
        s.setName(name);
        for (Throughput p : points) {
            double v = value.applyAsDouble(p);
            if (!Double.isNaN(v)) s.getData().add(new XYChart.Data<>(Math.log(p.n()) / Math.log(2), v));
        }
        return s;
    }

    private static NumberAxis log2Axis() {
        NumberAxis x = new NumberAxis(16, 28, 2);
        x.setAutoRanging(false);
        x.setMinorTickVisible(false);
        x.setLabel("n (elements, log scale)");
        x.setTickLabelFormatter(new StringConverter<>() {
            @Override
            public String toString(Number k) {
                return "2^" + Math.round(k.doubleValue());
            }

            @Override
            public Number fromString(String s) {
                return Double.parseDouble(s.substring(2));
            }
        });
        return x;
    }
}
