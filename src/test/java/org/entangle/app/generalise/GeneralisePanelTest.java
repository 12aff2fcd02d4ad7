package org.entangle.app.generalise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.entangle.app.ChartAxes;
import org.entangle.app.UiTest;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.task.FxTaskRunner;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The generalise panel under Monocle: typing a new program updates the diff only after the debounce, computed off
 * the UI thread (which keeps answering), and Verify fills the table and draws every point inside the charts' fitted
 * axes.
 */
@UiTest
class GeneralisePanelTest {

    private static final String KOGGE_STONE_WITHOUT_ASSERTION = """
            offset = 1
            for step in 1 .. log2(N) {
              parallel i in 0 .. N - 1 {
                if (i >= offset) { x[i] = x[i - offset] + x[i] }
              }
              offset = offset * 2
            }
            """;

    private GeneraliseViewModel model;

    @Start
    void start(Stage stage) {
        model = new GeneraliseViewModel(WorkbenchModel.withCatalogue(new FxTaskRunner()));
        stage.setScene(new Scene(new GeneralisePanel(model), 1200, 760));
        stage.show();
    }

    private static void waitFor(String what, Callable<Boolean> condition) throws Exception {
        try {
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, condition);
        } catch (TimeoutException e) {
            throw new AssertionError("timed out waiting for " + what, e);
        }
    }

    @BeforeEach
    void partsBuilt() {
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void editsReachTheModelOnceTheyPauseAndUpdateTheDiff(FxRobot robot) throws Exception {
        Label live = robot.lookup("#generalise-live").queryAs(Label.class);
        waitFor("the first diff", () -> live.getText().contains("identical to brent-kung-16"));
        CodeArea editor = robot.lookup("#generalise-editor").queryAs(CodeArea.class);
        List<String> sources = new CopyOnWriteArrayList<>();
        String[] during = new String[2];
        robot.interact(() -> {
            during[1] = model.sourceProperty().get();
            editor.replaceText(KOGGE_STONE_WITHOUT_ASSERTION);
            model.sourceProperty().addListener((o, a, b) -> sources.add(b));
            for (char c : "assert scan(x)".toCharArray()) editor.appendText(String.valueOf(c));
            during[0] = model.sourceProperty().get();
        });
        assertEquals(during[1], during[0], "the model followed the edits as they were made");
        waitFor("the edits in the model", () -> editor.getText().equals(model.sourceProperty().get()));
        waitFor("the new diff", () -> model.liveProperty().get().message().contains("against brent-kung-16"));
        assertEquals(List.of(editor.getText()), sources, "the edits made in one go reached the model once");
        waitFor("the diff shown", () -> live.getText().contains("only in the program"));
    }

    @Test
    void aPanelBuiltAfterTheDiffShowsIt(FxRobot robot) throws Exception {
        waitFor("the first diff", () -> model.liveProperty().get() != null);
        Label live = WaitForAsyncUtils.asyncFx(() -> {
            GeneralisePanel late = new GeneralisePanel(model);
            new Scene(late, 800, 600);
            late.applyCss();
            return (Label) late.lookup("#generalise-live");
        }).get();
        assertEquals(model.liveProperty().get().message(), live.getText());
        assertTrue(live.getText().contains("identical to brent-kung-16"), live.getText());
    }

    @Test
    void verifyFillsTheTable(FxRobot robot) throws Exception {
        robot.interact(() -> model.toNProperty().set(24));
        robot.clickOn("#generalise-verify");
        TableView<?> table = robot.lookup("#verification-table").queryAs(TableView.class);
        waitFor("the verification rows", () -> table.getItems().size() == 24);
        Label verdict = robot.lookup("#verification-verdict").queryAs(Label.class);
        waitFor("the verdict", () -> verdict.getText().contains("Correct for every N tried"));
        assertTrue(verdict.getText().contains("2N − log2 N − 2"), verdict.getText());
        List<LineChart<?, ?>> charts = robot.lookup(".chart").queryAll().stream()
                .filter(node -> node instanceof LineChart<?, ?>).<LineChart<?, ?>>map(node -> (LineChart<?, ?>) node).toList();
        assertEquals(2, charts.size(), "the size(N) and depth(N) charts");
        for (LineChart<?, ?> chart : charts) {
            waitFor("the points of " + chart.getTitle(), () -> !chart.getData().isEmpty());
            robot.interact(() -> assertPointsInsideFittedAxes(chart));
            assertTrue(chart.getCreateSymbols(), chart.getTitle() + ": 24 points are marked");
        }
        robot.interact(() -> model.toNProperty().set(VerificationPane.MOST_SYMBOLS + 8));
        robot.clickOn("#generalise-verify");
        waitFor("the longer range's rows", () -> table.getItems().size() == VerificationPane.MOST_SYMBOLS + 8);
        for (LineChart<?, ?> chart : charts) {
            waitFor("the line alone in " + chart.getTitle(), () -> !chart.getCreateSymbols()
                    && chart.getData().get(0).getData().size() == VerificationPane.MOST_SYMBOLS + 8);
            robot.interact(() -> assertTrue(chart.getData().stream().flatMap(series -> series.getData().stream())
                    .allMatch(point -> point.getNode() == null), chart.getTitle() + " made a symbol for a point"));
        }
    }

    /** Every point of {@code chart} lies within its axes' bounds, set by the panel ({@link ChartAxes}), not auto-ranged. */
    private static void assertPointsInsideFittedAxes(LineChart<?, ?> chart) {
        NumberAxis x = (NumberAxis) chart.getXAxis();
        NumberAxis y = (NumberAxis) chart.getYAxis();
        for (NumberAxis axis : List.of(x, y)) {
            assertFalse(axis.isAutoRanging(), chart.getTitle() + ": an axis auto-ranges");
            assertTrue((axis.getUpperBound() - axis.getLowerBound()) / axis.getTickUnit() <= ChartAxes.MAX_STEPS + 1e-9,
                    chart.getTitle() + ": " + axis.getLowerBound() + ".." + axis.getUpperBound() + " by " + axis.getTickUnit());
        }
        IntSummaryStatistics xs = new IntSummaryStatistics();
        IntSummaryStatistics ys = new IntSummaryStatistics();
        for (XYChart.Series<?, ?> series : chart.getData()) {
            for (XYChart.Data<?, ?> point : series.getData()) {
                double px = ((Number) point.getXValue()).doubleValue();
                double py = ((Number) point.getYValue()).doubleValue();
                assertTrue(px >= x.getLowerBound() && px <= x.getUpperBound() && py >= y.getLowerBound() && py <= y.getUpperBound(),
                        chart.getTitle() + ": (" + px + ", " + py + ") outside " + x.getLowerBound() + ".." + x.getUpperBound()
                                + " × " + y.getLowerBound() + ".." + y.getUpperBound());
                xs.accept((int) px);
                ys.accept((int) Math.floor(py));
                ys.accept((int) Math.ceil(py));
            }
        }
        assertEquals(ChartAxes.ticks(xs.getMin(), xs.getMax()), new ChartAxes.Ticks(x.getLowerBound(), x.getUpperBound(), x.getTickUnit()),
                chart.getTitle() + ": the N axis is not fitted to the points");
        assertEquals(ChartAxes.ticks(ys.getMin(), ys.getMax()), new ChartAxes.Ticks(y.getLowerBound(), y.getUpperBound(), y.getTickUnit()),
                chart.getTitle() + ": the value axis is not fitted to the points");
    }

    @Test
    void aResultTabBuiltOnlyWhenItsResultArrivesShowsThatResult(FxRobot robot) throws Exception {
        javafx.scene.control.TabPane results = robot.lookup("#generalise-results").queryAs(javafx.scene.control.TabPane.class);
        javafx.scene.control.Tab banksTab = results.getTabs().get(2);
        assertEquals(null, banksTab.getContent(), "the bank-conflict pane waits until its tab is first shown");
        robot.interact(() -> {
            model.toNProperty().set(64);
            model.bankConflicts();
        });
        waitFor("the bank-conflict result", () -> model.banksProperty().get() != null);
        waitFor("the bank-conflict tab", () -> banksTab.isSelected());
        Label summary = robot.lookup("#banks-summary").queryAs(Label.class);
        assertEquals(model.banksProperty().get().summary(), summary.getText());
    }
}
