package org.entangle.app.gallery;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.ScatterChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Tooltip;
import org.entangle.app.ChartAxes;

/**
 * Size against depth of the gallery's networks: the Pareto front in one series, the rest in another, one point per
 * distinct (depth, size), so 100,000 networks make a few dozen chart nodes. Clicking a point selects the first
 * network (in the gallery's order) at that point; its tooltip says how many share it. One tooltip serves every point,
 * its text set as the pointer enters one (a tooltip is a popup window with its own scene). The legend's symbols take
 * their series' style from its first point ({@link #updateLegend}).
 */
final class ParetoChart extends ScatterChart<Number, Number> {

    private final GalleryViewModel model;
    private final Tooltip pointTip = new Tooltip();
    private final XYChart.Series<Number, Number> front = new XYChart.Series<>();
    private final XYChart.Series<Number, Number> rest = new XYChart.Series<>();
    private boolean redrawQueued;

    ParetoChart(GalleryViewModel model) {
        super(ChartAxes.fixed("depth"), ChartAxes.fixed("size"));
        this.model = model;
        setAnimated(false);
        setId("pareto-chart");
        front.setName("Pareto front");
        rest.setName("dominated");
        getData().setAll(front, rest);
        fitAxes();
        model.shown().addListener((ListChangeListener<GalleryEntry>) c -> redrawSoon());
        redraw();
    }

    /**
     * Redraws the points now while the chart is not shown, else once for any number of changes in one turn of the UI
     * thread ({@link Platform#runLater}): a sort or a filter changes the entries several times in a row.
     */
    private void redrawSoon() {
        if (getScene() == null) {
            redraw();
            return;
        }
        if (redrawQueued) return;
        redrawQueued = true;
        Platform.runLater(() -> {
            redrawQueued = false;
            redraw();
        });
    }

    /** Bounds both axes to the gallery's networks as they are (a no-op where they already hold those bounds). */
    private void fitAxes() {
        ChartAxes.fit((NumberAxis) getXAxis(), model.shown().stream().mapToDouble(e -> e.metrics().depth()).summaryStatistics());
        ChartAxes.fit((NumberAxis) getYAxis(), model.shown().stream().mapToDouble(e -> e.metrics().size()).summaryStatistics());
    }

    private void redraw() {
        Map<List<Integer>, GalleryEntry> first = new LinkedHashMap<>();
        Map<List<Integer>, Integer> count = new HashMap<>();
        for (GalleryEntry e : model.shown()) {
            List<Integer> point = List.of(e.metrics().depth(), e.metrics().size(), e.pareto() ? 1 : 0);
            first.putIfAbsent(point, e);
            count.merge(point, 1, Integer::sum);
        }
        List<XYChart.Data<Number, Number>> frontPoints = new ArrayList<>();
        List<XYChart.Data<Number, Number>> restPoints = new ArrayList<>();
        for (Map.Entry<List<Integer>, GalleryEntry> p : first.entrySet()) {
            XYChart.Data<Number, Number> point = new XYChart.Data<>(p.getKey().get(0), p.getKey().get(1));
            point.setExtraValue(p.getKey());
            (p.getValue().pareto() ? frontPoints : restPoints).add(point);
        }
        fitAxes();
        front.getData().setAll(frontPoints);
        rest.getData().setAll(restPoints);
        updateLegend();
        for (XYChart.Series<Number, Number> s : getData()) {
            for (XYChart.Data<Number, Number> d : s.getData()) {
                GalleryEntry e = first.get(d.getExtraValue());
                int k = count.get(d.getExtraValue());
                String tip = (k == 1 ? e.network().name() : String.format(Locale.ROOT, "%,d networks, first %s", k,
                        e.network().name())) + ": " + e.badges();
                Tooltip.install(d.getNode(), pointTip);
                d.getNode().setOnMouseEntered(ev -> pointTip.setText(tip));
                d.getNode().setOnMouseClicked(ev -> model.select(e));
            }
        }
    }
}
