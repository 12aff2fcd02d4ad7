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
import org.entangle.app.StagedParts;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.SameThreadTaskRunner;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The gallery's first opening spreads its work over several pulses (issue #6): the list's first layout makes at most
 * {@link GalleryView#FIRST_ROWS} rows and the rest come later, until the list fills its space; every row's thumbnail
 * is painted once all is built, though a new row paints its first one after the pulse that made it; and the Pareto
 * chart has its two series and its axes' final bounds as it is made, so drawing the points changes neither (and the
 * legend's symbols then get their series' style), with at most {@link ChartAxes#MAX_STEPS} steps an axis and no minor
 * ticks; the bar's choice boxes are styled in parts of their own.
 */
@ExtendWith(ApplicationExtension.class)
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
    void theListMakesItsFirstRowsAloneThenFillsItsSpaceWithEveryThumbnailPainted(FxRobot robot) throws Exception {
        assertTrue(model.shown().size() > 2 * GalleryView.FIRST_ROWS, "too few networks to tell: " + model.shown().size());
        List<Integer> rowsPerPulse = new CopyOnWriteArrayList<>();
        GalleryView[] view = new GalleryView[1];
        robot.interact(() -> {
            view[0] = new GalleryView(model);
            root.getScene().addPostLayoutPulseListener(() -> rowsPerPulse.add(filledRows(view[0]).size()));
            root.getChildren().setAll(view[0]);
        });
        StagedParts.awaitBuilt();
        WaitForAsyncUtils.waitForFxEvents();
        List<Integer> seen = List.copyOf(rowsPerPulse);
        int first = seen.stream().filter(n -> n > 0).findFirst().orElseThrow(() -> new AssertionError("no rows: " + seen));
        assertTrue(first <= GalleryView.FIRST_ROWS, "the first layout made " + first + " rows: " + seen);
        List<GalleryCell> rows = WaitForAsyncUtils.asyncFx(() -> filledRows(view[0])).get();
        int fit = (int) Math.ceil(view[0].list().getHeight() / GalleryCell.ROW_HEIGHT);
        assertTrue(view[0].list().getHeight() > HEIGHT / 2, "the list stayed " + view[0].list().getHeight() + " px tall");
        assertTrue(rows.size() >= Math.min(fit, model.shown().size()) - 1, rows.size() + " rows shown where " + fit + " fit");
        for (GalleryCell row : rows) {
            assertTrue(WaitForAsyncUtils.asyncFx(() -> colours(thumbnail(row))).get() > 1,
                    "row " + row.getIndex() + "'s thumbnail was never painted");
        }
        List<Node> parts = WaitForAsyncUtils.asyncFx(() -> Stream.of("#gallery-family", "#gallery-sort", "#gallery-filter-by")
                .map(id -> StagedParts.holding(view[0].lookup(id))).toList()).get();
        assertEquals(3, new HashSet<>(parts).size(), "the bar's choice boxes were styled in one turn: " + parts);
    }

    @Test
    void entriesThatComeOnceTheListIsShownComeAFewRowsFirstAndThePointsInAPulseOfTheirOwn(FxRobot robot) throws Exception {
        WorkbenchModel late = new WorkbenchModel(new SameThreadTaskRunner());
        GalleryView[] view = new GalleryView[1];
        robot.interact(() -> {
            view[0] = new GalleryView(new GalleryViewModel(late));
            root.getChildren().setAll(view[0]);
        });
        StagedParts.awaitBuilt();
        List<List<Integer>> rowsAndPoints = new CopyOnWriteArrayList<>();
        robot.interact(() -> {
            ParetoChart chart = (ParetoChart) view[0].lookup("#pareto-chart");
            root.getScene().addPostLayoutPulseListener(() -> rowsAndPoints.add(List.of(filledRows(view[0]).size(),
                    chart.getData().stream().mapToInt(s -> s.getData().size()).sum())));
            late.replaceNetworks(networks);
        });
        StagedParts.awaitBuilt();
        WaitForAsyncUtils.waitForFxEvents();
        List<List<Integer>> seen = List.copyOf(rowsAndPoints);
        List<Integer> first = seen.stream().filter(p -> p.get(0) > 0).findFirst()
                .orElseThrow(() -> new AssertionError("no rows: " + seen));
        assertTrue(first.get(0) <= GalleryView.FIRST_ROWS, "the first layout with entries made " + first.get(0) + " rows: " + seen);
        assertEquals(0, first.get(1), "the chart's points were laid out with the list's first rows: " + seen);
        List<Integer> last = seen.get(seen.size() - 1);
        assertTrue(last.get(0) > GalleryView.FIRST_ROWS && last.get(1) > 0, "the list or the chart was not filled: " + seen);
    }

    @Test
    void theChartHasItsSeriesAndBoundsBeforeItsPointsAreDrawn(FxRobot robot) throws Exception {
        ParetoChart chart = WaitForAsyncUtils.asyncFx(() -> new ParetoChart(model)).get();
        assertEquals(2, chart.getData().size(), "the series (and the legend) come with the chart");
        assertTrue(chart.getData().stream().allMatch(s -> s.getData().isEmpty()), "points drawn before their turn");
        NumberAxis depth = (NumberAxis) chart.getXAxis();
        NumberAxis size = (NumberAxis) chart.getYAxis();
        List<Double> before = List.of(depth.getLowerBound(), depth.getUpperBound(), size.getLowerBound(), size.getUpperBound());
        int maxSize = model.shown().stream().mapToInt(e -> e.metrics().size()).max().orElseThrow();
        assertTrue(size.getUpperBound() > maxSize, "the size axis ends at " + size.getUpperBound() + " below " + maxSize);
        robot.interact(() -> root.getChildren().setAll(chart));
        StagedParts.awaitBuilt();
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
