package org.entangle.app.gallery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.SnapshotParameters;
import javafx.scene.canvas.Canvas;
import javafx.scene.chart.NumberAxis;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.entangle.app.ChartAxes;
import org.entangle.app.UiTest;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The gallery's first opening: the list fills its space with every row's thumbnail painted, and the Pareto chart has
 * its two series as it is made, its points drawn without moving its axes' bounds (the legend's symbols then get their
 * series' style), with at most {@link ChartAxes#MAX_STEPS} steps an axis and no minor ticks.
 */
@UiTest
class GalleryFirstOpeningTest {

    private static final double HEIGHT = 900;

    private final WorkbenchModel workbench = new WorkbenchModel(new SameThreadTaskRunner());
    private final GalleryViewModel model = new GalleryViewModel(workbench);
    private final StackPane root = new StackPane();

    private final List<Network> networks = Families.names().stream().map(name -> Families.build(name, 16)).toList();

    @Start
    void start(Stage stage) {
        workbench.replaceNetworks(networks);
        stage.setScene(new Scene(root, 1000, HEIGHT));
        stage.show();
    }

    @Test
    void theListFillsItsSpaceWithEveryThumbnailPainted(FxRobot robot) throws Exception {
        GalleryView[] view = new GalleryView[1];
        robot.interact(() -> {
            view[0] = new GalleryView(model);
            root.getChildren().setAll(view[0]);
        });
        WaitForAsyncUtils.waitForFxEvents();
        List<GalleryCell> rows = WaitForAsyncUtils.asyncFx(() -> filledRows(view[0])).get();
        int fit = (int) Math.ceil(view[0].list().getHeight() / GalleryCell.ROW_HEIGHT);
        assertTrue(view[0].list().getHeight() > HEIGHT / 2, "the list stayed " + view[0].list().getHeight() + " px tall");
        assertTrue(rows.size() >= Math.min(fit, model.shown().size()) - 1, rows.size() + " rows shown where " + fit + " fit");
        for (GalleryCell row : rows) {
            assertTrue(WaitForAsyncUtils.asyncFx(() -> colours(thumbnail(row))).get() > 1,
                    "row " + row.getIndex() + "'s thumbnail was never painted");
        }
    }

    @Test
    void theChartHasItsSeriesAndBoundsBeforeItsPointsAreDrawn(FxRobot robot) throws Exception {
        ParetoChart chart = WaitForAsyncUtils.asyncFx(() -> new ParetoChart(model)).get();
        assertEquals(2, chart.getData().size(), "the series (and the legend) come with the chart");
        NumberAxis depth = (NumberAxis) chart.getXAxis();
        NumberAxis size = (NumberAxis) chart.getYAxis();
        List<Double> before = List.of(depth.getLowerBound(), depth.getUpperBound(), size.getLowerBound(), size.getUpperBound());
        int maxSize = model.shown().stream().mapToInt(e -> e.metrics().size()).max().orElseThrow();
        assertTrue(size.getUpperBound() > maxSize, "the size axis ends at " + size.getUpperBound() + " below " + maxSize);
        robot.interact(() -> root.getChildren().setAll(chart));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(chart.getData().get(0).getData().isEmpty(), "the Pareto front was not drawn");
        assertEquals(before, List.of(depth.getLowerBound(), depth.getUpperBound(), size.getLowerBound(), size.getUpperBound()),
                "drawing the points moved the axes");
        List<Node> symbols = WaitForAsyncUtils.asyncFx(() -> List.copyOf(chart.lookupAll(".chart-legend-item-symbol"))).get();
        assertEquals(2, symbols.size());
        for (Node symbol : symbols) {
            assertTrue(symbol.getStyleClass().contains("chart-symbol"), "a legend symbol without its series' style: " + symbol.getStyleClass());
        }
        for (NumberAxis axis : List.of(depth, size)) {
            assertTrue(axis.getTickMarks().size() <= ChartAxes.MAX_STEPS + 1, axis.getLabel() + ": " + axis.getTickMarks().size() + " ticks");
        }
        assertTrue(WaitForAsyncUtils.asyncFx(() -> chart.lookupAll(".axis-minor-tick-mark").stream().noneMatch(Node::isVisible)).get(),
                "minor ticks drawn");
    }

    private static List<GalleryCell> filledRows(GalleryView view) {
        return view.list().lookupAll(".list-cell").stream().filter(n -> n instanceof GalleryCell).map(n -> (GalleryCell) n)
                .filter(c -> c.getItem() != null && c.isVisible()).toList();
    }

    private static Canvas thumbnail(GalleryCell row) {
        return (Canvas) ((HBox) row.getGraphic()).getChildren().get(0);
    }

    /** The number of distinct colours in a snapshot of {@code canvas} on a transparent ground. */
    private static int colours(Canvas canvas) {
        SnapshotParameters parameters = new SnapshotParameters();
        parameters.setFill(Color.TRANSPARENT);
        WritableImage image = canvas.snapshot(parameters, null);
        PixelReader pixels = image.getPixelReader();
        Set<Integer> seen = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) seen.add(pixels.getArgb(x, y));
        }
        return seen.size();
    }
}
