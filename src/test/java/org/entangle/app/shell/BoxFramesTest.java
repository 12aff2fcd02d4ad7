package org.entangle.app.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollBar;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.entangle.app.UiTest;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What keeps the software renderer's frames cheap (base.css): in every panel, each box covering more than a
 * tenth of the window paints one background fill of one colour (a region of several fills is cached as an image and
 * stretched over the box, pixel by pixel, on every full repaint, and a gradient is computed pixel by pixel); the
 * first frame, the program panel, has no node with an effect, not even on a scroll bar that shows while the editor
 * grows; and a focused list still draws Modena's focus ring outside its box.
 */
@UiTest
class BoxFramesTest {

    private static final double WIDTH = 1280;
    private static final double HEIGHT = 820;

    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWorkbench.shown(stage, "entangle-boxes", WIDTH, HEIGHT);
    }

    @Test
    void largeBoxesOfEveryPanelPaintOneFill(FxRobot robot) throws Exception {
        List<String> layered = new ArrayList<>();
        int boxes = 0;
        for (String panel : WaitForAsyncUtils.asyncFx(() -> window.panelNames()).get()) {
            robot.interact(() -> window.select(panel));
            WaitForAsyncUtils.waitForFxEvents();
            List<Region> large = WaitForAsyncUtils.asyncFx(() -> largeBoxes(window, new ArrayList<>())).get();
            boxes += large.size();
            for (Region box : large) {
                List<BackgroundFill> fills = box.getBackground().getFills();
                if (!box.isFocused() && (fills.size() > 1 || !(fills.get(0).getFill() instanceof Color))) {
                    layered.add(panel + ": " + box.getClass().getSimpleName() + " " + box.getStyleClass() + " " + fills);
                }
            }
        }
        System.out.println("BoxFramesTest: " + boxes + " large boxes seen over the panels");
        assertTrue(boxes >= window.panelNames().size(), "the walk found too few large boxes: " + boxes);
        assertTrue(layered.isEmpty(), "large boxes painting more than one plain fill: " + layered);
    }

    @Test
    void theFirstFrameHasNoEffects() throws Exception {
        List<String> withEffects = WaitForAsyncUtils.asyncFx(() -> effects(window, new ArrayList<>())).get();
        assertTrue(withEffects.isEmpty(), "nodes with effects in the program panel: " + withEffects);
    }

    @Test
    void aFocusedListKeepsItsFocusRing(FxRobot robot) throws Exception {
        ListView<?> problems = (ListView<?>) window.lookup("#problems");
        List<BackgroundFill> unfocused = WaitForAsyncUtils.asyncFx(() -> problems.getBackground().getFills()).get();
        assertEquals(1, unfocused.size(), "the unfocused list paints one fill");
        robot.interact(problems::requestFocus);
        List<BackgroundFill> focused = WaitForAsyncUtils.asyncFx(() -> problems.getBackground().getFills()).get();
        assertTrue(focused.size() > 1 && focused.get(0).getInsets().getTop() < 0,
                "the focused list draws no ring outside its box: " + focused);
    }

    private static List<Region> largeBoxes(Node node, List<Region> found) {
        if (!node.isVisible()) return found;
        if (node instanceof Region region && region.getBackground() != null && !region.getBackground().getFills().isEmpty()
                && region.getWidth() * region.getHeight() > WIDTH * HEIGHT / 10) {
            found.add(region);
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) largeBoxes(child, found);
        }
        return found;
    }

    /** Nodes with effects among those shown, scroll bars counted as shown: they come and go as the editor grows. */
    private static List<String> effects(Node node, List<String> found) {
        if (!node.isVisible() && !(node instanceof ScrollBar)) return found;
        if (node.getEffect() != null) found.add(node.getClass().getSimpleName() + " " + node.getStyleClass());
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) effects(child, found);
        }
        return found;
    }
}
