package org.entangle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.chart.Axis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Control;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * {@link ControlWarmup}: nothing is built in the turn that starts it, every sample ends up styled (a chart with its
 * points, the filled table with its rows) and laid out in a scene of its own while no part is pending, the samples cover
 * every JavaFX control and chart class that a panel other than the program panel (built before the window shows) puts
 * on the screen, and they come in the order of the panels that first show them (a tour of the panels right after the
 * start reaches each panel before the samples after its own).
 */
@ExtendWith(ApplicationExtension.class)
class ControlWarmupTest {

    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWorkbench.shown(stage, "entangle-warmup-test", 1200, 760);
    }

    @Test
    void samplesAreWarmedInIdleTurnsAndCoverThePanelsControls(FxRobot robot) throws Exception {
        StagedParts.awaitBuilt();
        Scene scene = window.getScene();
        Set<String> programPanel = controlClasses(scene.getRoot());
        @SuppressWarnings("unchecked")
        List<StackPane>[] roots = new List[1];
        robot.interact(() -> {
            roots[0] = ControlWarmup.start(scene);
            assertTrue(roots[0].stream().allMatch(root -> root.getChildren().isEmpty()),
                    "a sample was built in the turn that started the warm-up");
            assertFalse(Staged.pendingProperty().get(), "the warm-up holds the pending flag that the screenshot waits for");
        });
        try {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> roots[0].stream().allMatch(
                    root -> !root.getChildren().isEmpty() && root.getChildren().get(0).getLayoutBounds().getWidth() > 0
                            && rowsShownWhereItHasColumns(root.getChildren().get(0)))).get());
        } catch (TimeoutException e) {
            throw new AssertionError("a sample was not laid out, or a table sample with columns shows no rows", e);
        }
        Set<String> warmed = new TreeSet<>();
        List<Set<String>> sampleClasses = new ArrayList<>();
        robot.interact(() -> {
            for (StackPane root : roots[0]) {
                assertNotSame(scene, root.getScene(), "a sample was put in the shown scene");
                Control control = root.getChildren().get(0) instanceof Control c ? c : null;
                if (control != null) assertTrue(control.getSkin() != null, control + " has no skin: it was never styled");
                if (root.getChildren().get(0) instanceof XYChart<?, ?> chart) {
                    assertFalse(chart.getData().isEmpty(), chart + " was warmed without its points");
                }
                warmed.addAll(controlClasses(root));
                sampleClasses.add(ownClasses(root.getChildren().get(0)));
            }
        });
        assertEquals(ControlWarmup.SAMPLES.size(), roots[0].size());

        Map<String, Integer> firstShownIn = new HashMap<>();
        List<String> panels = window.panelNames();
        for (int i = 0; i < panels.size(); i++) {
            String panel = panels.get(i);
            int index = i;
            robot.interact(() -> window.select(panel));
            StagedParts.awaitBuilt();
            robot.interact(() -> controlClasses(scene.getRoot()).forEach(c -> firstShownIn.putIfAbsent(c, index)));
        }
        List<String> order = new ArrayList<>();
        int latest = -1;
        for (Set<String> classes : sampleClasses) {
            OptionalInt panel = classes.stream().filter(c -> !programPanel.contains(c) && firstShownIn.containsKey(c))
                    .mapToInt(firstShownIn::get).min();
            order.add(classes + " -> " + (panel.isPresent() ? panels.get(panel.getAsInt()) : "the program panel or none"));
            if (panel.isEmpty()) continue;
            assertTrue(panel.getAsInt() >= latest, "a sample comes after one for a later panel: " + order);
            latest = panel.getAsInt();
        }
        Set<String> shown = new TreeSet<>(firstShownIn.keySet());
        shown.removeAll(programPanel);
        shown.removeAll(warmed);
        assertTrue(shown.isEmpty(), "controls that a panel shows first and no warm-up sample covers: " + shown);
    }

    /** The JavaFX control and chart classes of {@code root}'s nodes, the skins' own nodes included. */
    private static Set<String> controlClasses(Parent root) {
        Set<String> classes = new HashSet<>();
        collect(root, classes);
        return classes;
    }

    private static void collect(Node node, Set<String> classes) {
        String pkg = node.getClass().getPackageName();
        if (pkg.equals("javafx.scene.control") || pkg.equals("javafx.scene.chart")) classes.add(node.getClass().getName());
        if (node instanceof Parent parent) for (Node child : parent.getChildrenUnmodifiable()) collect(child, classes);
    }

    /** The JavaFX control and chart classes of a sample: its own, or its children's when it is a plain pane. */
    private static Set<String> ownClasses(Node sample) {
        Set<String> classes = new TreeSet<>();
        List<Node> nodes = sample instanceof Control || sample instanceof XYChart<?, ?> || sample instanceof Axis<?>
                ? List.of(sample) : ((Parent) sample).getChildrenUnmodifiable();
        for (Node node : nodes) classes.add(node.getClass().getName());
        return classes;
    }

    /** A table sample with columns shows a row with its item (the filled table); any other sample passes. */
    private static boolean rowsShownWhereItHasColumns(Node sample) {
        if (!(sample instanceof TableView<?> table) || table.getColumns().isEmpty()) return true;
        return table.lookupAll(".table-row-cell").stream()
                .anyMatch(row -> row instanceof TableRow<?> r && r.getItem() != null && r.isVisible());
    }
}
