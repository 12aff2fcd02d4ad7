package org.entangle.app.gallery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.entangle.app.UiTest;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.FxTaskRunner;
import org.entangle.lang.Machine;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;
import org.entangle.oracle.TraceCounter;
import org.entangle.oracle.TraceSampler;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The gallery with 100,000 networks (cycling through 500 sampled safe traces of the talk's program at n = 4, 4 steps,
 * at most 8 ops) under headless Monocle: every entry is listed, scrolling anywhere shows the right entries, and the
 * virtualised list builds cells only for the rows on screen, however many entries there are.
 */
@UiTest
class GalleryScrollTest {

    private static final int ENTRIES = 100_000;
    private static final long SEED = 7;
    private static final SpecForm SPACE = new SpecForm(4, 4, 8, Constraints.NONE);

    private final WorkbenchModel workbench = new WorkbenchModel(new FxTaskRunner());
    private final AtomicInteger cellsBuilt = new AtomicInteger();
    private ListView<GalleryEntry> list;

    @Start
    void start(Stage stage) {
        GalleryView view = new GalleryView(new GalleryViewModel(workbench));
        list = view.list();
        var factory = list.getCellFactory();
        list.setCellFactory(v -> {
            cellsBuilt.incrementAndGet();
            return factory.call(v);
        });
        stage.setScene(new Scene(view, 1000, 700));
        stage.show();
    }

    @BeforeEach
    void partsBuilt() {
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void hundredThousandNetworksScrollWithOnlyTheVisibleRowsBuilt(FxRobot robot) throws Exception {
        System.out.println("GalleryScrollTest seed " + SEED);
        List<Network> networks = sampledNetworks(SPACE, ENTRIES, 500, SEED);
        show(robot, networks);
        assertEquals(ENTRIES, list.getItems().size());
        int rowsOnScreen = (int) Math.ceil(list.getHeight() / GalleryCell.ROW_HEIGHT);
        for (int index : new int[] {0, 50_000, ENTRIES - 1, 1_234, 77_777, 99_000}) {
            robot.interact(() -> list.scrollTo(index));
            WaitForAsyncUtils.waitForFxEvents();
            List<GalleryCell> cells = list.lookupAll(".list-cell").stream().filter(n -> n instanceof GalleryCell)
                    .map(n -> (GalleryCell) n).toList();
            assertTrue(cells.stream().anyMatch(c -> c.getIndex() == index && c.getItem() == list.getItems().get(index)),
                    "row " + index + " is on screen with its entry");
            for (GalleryCell c : cells) {
                if (c.getItem() != null) assertSame(list.getItems().get(c.getIndex()), c.getItem(), "row " + c.getIndex());
            }
        }
        assertTrue(cellsBuilt.get() <= rowsOnScreen + 3, cellsBuilt.get() + " cells built for " + rowsOnScreen + " rows on screen");
    }

    @Test
    void theParetoChartDrawsOnePointPerDistinctSizeAndDepth(FxRobot robot) throws Exception {
        List<Network> networks = sampledNetworks(SPACE, 20_000, 500, SEED);
        show(robot, networks);
        ParetoChart chart = robot.lookup("#pareto-chart").queryAs(ParetoChart.class);
        long distinct = list.getItems().stream().map(e -> List.of(e.metrics().depth(), e.metrics().size())).distinct().count();
        int points = chart.getData().stream().mapToInt(s -> s.getData().size()).sum();
        assertEquals(distinct, points);
        Node any = chart.getData().get(0).getData().get(0).getNode();
        assertTrue(any != null, "the points are drawn");
        NumberAxis depthAxis = (NumberAxis) chart.getXAxis();
        NumberAxis sizeAxis = (NumberAxis) chart.getYAxis();
        for (var e : list.getItems()) {
            assertTrue(depthAxis.getLowerBound() < e.metrics().depth() && e.metrics().depth() < depthAxis.getUpperBound(),
                    "depth " + e.metrics().depth() + " outside " + depthAxis.getLowerBound() + ".." + depthAxis.getUpperBound());
            assertTrue(sizeAxis.getLowerBound() < e.metrics().size() && e.metrics().size() < sizeAxis.getUpperBound(),
                    "size " + e.metrics().size() + " outside " + sizeAxis.getLowerBound() + ".." + sizeAxis.getUpperBound());
        }
    }

    /** The points share one tooltip; pointing at a point shows that point's first network, not the last one pointed at. */
    @Test
    void eachParetoPointsTooltipNamesItsFirstNetwork(FxRobot robot) throws Exception {
        show(robot, List.of(Families.build("sklansky", 16), Families.build("serial", 16), Families.build("kogge-stone", 16)));
        ParetoChart chart = robot.lookup("#pareto-chart").queryAs(ParetoChart.class);
        List<XYChart.Data<Number, Number>> points = chart.getData().stream().flatMap(s -> s.getData().stream()).toList();
        assertEquals(3, points.size());
        for (XYChart.Data<Number, Number> point : points) {
            String expected = list.getItems().stream().filter(e -> e.metrics().depth() == point.getXValue().intValue()
                    && e.metrics().size() == point.getYValue().intValue()).findFirst().orElseThrow().network().name();
            robot.moveTo(point.getNode());
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> shownTooltip() != null);
            String text = WaitForAsyncUtils.asyncFx(() -> shownTooltip().getText()).get();
            assertTrue(text.startsWith(expected + ": "), "point (" + point.getXValue() + ", " + point.getYValue() + "): " + text);
            robot.moveTo(list);
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> shownTooltip() == null);
        }
    }

    /**
     * The rows share one tooltip (a popup window each would be dear); it holds the text of the row under the mouse,
     * also when that row gets another network while the mouse stays.
     */
    @Test
    void theRowsShareOneTooltipThatNamesThePointedRowsNetwork(FxRobot robot) throws Exception {
        List<Network> three = List.of(Families.build("sklansky", 16), Families.build("serial", 16),
                Families.build("kogge-stone", 16));
        show(robot, three);
        List<GalleryCell> rows = WaitForAsyncUtils.asyncFx(() -> list.lookupAll(".list-cell").stream()
                .filter(n -> n instanceof GalleryCell c && c.getItem() != null).map(n -> (GalleryCell) n)
                .sorted(Comparator.comparingInt(GalleryCell::getIndex)).toList()).get();
        assertEquals(3, rows.size());
        assertEquals(1, list.lookupAll(".list-cell").stream().map(c -> ((GalleryCell) c).getTooltip()).filter(t -> t != null)
                .distinct().count(), "the rows do not share one tooltip");
        for (int round = 0; round < 4; round++) {
            GalleryCell row = rows.get(round % 2 == 0 ? 0 : 2);
            robot.moveTo(row);
            assertEquals(expectedTip(row), WaitForAsyncUtils.asyncFx(() -> row.getTooltip().getText()).get(),
                    "pointed, round " + round);
            List<Network> others = List.of(Families.build(round % 2 == 0 ? "brent-kung" : "sklansky", 16),
                    Families.build("ladner-fischer", 16), Families.build("han-carlson", 16));
            show(robot, others);
            assertEquals(expectedTip(row), WaitForAsyncUtils.asyncFx(() -> row.getTooltip().getText()).get(),
                    "the row under the mouse got another network, round " + round);
        }
    }

    /**
     * Gives the gallery {@code networks} as the app does: the view-model's refresh runs on a background job, and its
     * entries reach the list on the UI thread; waits until the list holds exactly them.
     */
    private void show(FxRobot robot, List<Network> networks) throws Exception {
        Set<Network> expected = Collections.newSetFromMap(new IdentityHashMap<>());
        expected.addAll(networks);
        robot.interact(() -> workbench.replaceNetworks(networks));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> list.getItems().size() == expected.size()
                && list.getItems().stream().allMatch(e -> expected.contains(e.network()))).get());
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String expectedTip(GalleryCell row) throws Exception {
        Network shown = WaitForAsyncUtils.asyncFx(() -> row.getItem().network()).get();
        return shown.provenance() == null ? shown.name() : shown.provenance();
    }

    private static Tooltip shownTooltip() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> Window.getWindows().stream().filter(w -> w instanceof Tooltip && w.isShowing())
                .map(w -> (Tooltip) w).filter(t -> !t.getText().isEmpty() && !t.getText().startsWith("Click a network"))
                .findFirst().orElse(null)).get();
    }

    /**
     * {@code count} networks, each its own object with its own name, cycling through {@code distinct} uniformly
     * sampled safe traces of {@code space}'s program (seeded).
     */
    static List<Network> sampledNetworks(SpecForm space, int count, int distinct, long seed) {
        TraceCounter counter = new TraceCounter(Machine.of(Program.parse(space.programText()), Map.of()), new CancellationToken());
        List<Network> sampled = new TraceSampler(counter, seed).sample(Math.min(count, distinct)).stream().map(t -> t.network()).toList();
        List<Network> networks = new ArrayList<>(count);
        for (int i = 0; i < count; i++) networks.add(sampled.get(i % sampled.size()).withName("sample-" + (i + 1)));
        return networks;
    }
}
