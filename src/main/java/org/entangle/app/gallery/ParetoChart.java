package org.entangle.app.gallery;

import javafx.collections.ListChangeListener;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.ScatterChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Tooltip;

/**
 * Size against depth of the gallery's networks: the Pareto front in one series, the rest in another. Clicking a
 * point selects its network.
 */
final class ParetoChart extends ScatterChart<Number, Number> {

    private final GalleryViewModel model;

    ParetoChart(GalleryViewModel model) {
        super(new NumberAxis(), new NumberAxis());
        this.model = model;
        getXAxis().setLabel("depth");
        getYAxis().setLabel("size");
        ((NumberAxis) getXAxis()).setForceZeroInRange(false);
        ((NumberAxis) getYAxis()).setForceZeroInRange(false);
        setAnimated(false);
        setId("pareto-chart");
        model.shown().addListener((ListChangeListener<GalleryEntry>) c -> redraw());
        redraw();
    }

    private void redraw() {
        XYChart.Series<Number, Number> front = new XYChart.Series<>();
        front.setName("Pareto front");
        XYChart.Series<Number, Number> rest = new XYChart.Series<>();
        rest.setName("dominated");
        for (GalleryEntry e : model.shown()) {
            XYChart.Data<Number, Number> point = new XYChart.Data<>(e.metrics().depth(), e.metrics().size());
            point.setExtraValue(e);
            (e.pareto() ? front : rest).getData().add(point);
        }
        getData().setAll(front, rest);
        for (XYChart.Series<Number, Number> s : getData()) {
            for (XYChart.Data<Number, Number> d : s.getData()) {
                GalleryEntry e = (GalleryEntry) d.getExtraValue();
                Tooltip.install(d.getNode(), new Tooltip(e.network().name() + ": " + e.badges()));
                d.getNode().setOnMouseClicked(ev -> model.select(e));
            }
        }
    }
}
