package org.entangle.app.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import org.entangle.app.ChartAxes;
import org.entangle.app.UiTest;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The throughput chart's GB/s axis is fitted to the benchmark's points as they come ({@link ChartAxes}): every point
 * inside it, at most {@link ChartAxes#MAX_STEPS} steps, no auto-ranging; a missing CUB figure draws no point.
 */
@UiTest
class ThroughputChartTest {

    @Test
    void theGigabytesAxisFollowsThePoints() throws Exception {
        ObservableList<Throughput> points = FXCollections.observableArrayList();
        ThroughputChart chart = WaitForAsyncUtils.asyncFx(() -> new ThroughputChart(points)).get();
        WaitForAsyncUtils.asyncFx(() -> points.setAll(List.of(new Throughput(1 << 16, 41.5, Double.NaN, 120.2),
                new Throughput(1 << 20, 700.4, 650.0, 1_900.7)))).get();
        assertInside(chart);
        assertEquals(1, chart.getData().get(1).getData().size(), "CUB's missing figure drew a point");
        WaitForAsyncUtils.asyncFx(() -> points.add(new Throughput(1 << 28, 2_950.3, 3_010.9, 3_120.0))).get();
        assertInside(chart);
    }

    @Test
    void theLegendNamesTheThreeLinesInsideAShortChart() throws Exception {
        ObservableList<Throughput> points = FXCollections.observableArrayList(new Throughput(1 << 16, 41.5, 50.0, 120.2),
                new Throughput(1 << 28, 2_950.3, 3_010.9, 3_120.0));
        Node legend = WaitForAsyncUtils.asyncFx(() -> {
            ThroughputChart chart = new ThroughputChart(points);
            StackPane root = new StackPane(chart);
            new Scene(root, 700, 210);
            root.applyCss();
            root.layout();
            Node l = chart.lookup(".chart-legend");
            Bounds inChart = chart.sceneToLocal(l.localToScene(l.getBoundsInLocal()));
            assertTrue(chart.getLayoutBounds().contains(inChart), "legend " + inChart + " outside the chart " + chart.getLayoutBounds());
            return l;
        }).get();
        assertTrue(legend.isVisible());
        assertEquals(List.of("ours", "CUB", "memcpy"), legend.lookupAll(".chart-legend-item").stream()
                .map(n -> ((Label) n).getText()).toList());
    }

    private static void assertInside(ThroughputChart chart) {
        NumberAxis y = (NumberAxis) chart.getYAxis();
        assertFalse(y.isAutoRanging());
        assertFalse(y.isMinorTickVisible());
        assertTrue((y.getUpperBound() - y.getLowerBound()) / y.getTickUnit() <= ChartAxes.MAX_STEPS + 1e-9,
                y.getLowerBound() + ".." + y.getUpperBound() + " by " + y.getTickUnit());
        for (XYChart.Series<Number, Number> series : chart.getData()) {
            for (XYChart.Data<Number, Number> point : series.getData()) {
                double v = point.getYValue().doubleValue();
                assertTrue(v >= y.getLowerBound() && v <= y.getUpperBound(), v + " outside " + y.getLowerBound() + ".." + y.getUpperBound());
            }
        }
    }
}
