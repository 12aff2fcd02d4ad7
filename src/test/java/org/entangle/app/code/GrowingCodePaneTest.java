package org.entangle.app.code;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javafx.scene.Scene;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A code area shown for the first time, or a viewer given a new text, starts at the top of its space no taller than
 * {@link GrowingCodePane#FIRST_HEIGHT} and grows by at most {@link GrowingCodePane#MAX_STEP} a pulse until it fills
 * its space; {@link CodeAreas#growingProperty()} (which the screenshot waits for) is true until then. Each step waits
 * until the frame that shows the one before is painted, and is paced by how long the one before took to lay out.
 */
@ExtendWith(ApplicationExtension.class)
class GrowingCodePaneTest {

    private static final double SPACE = 600;
    /** How long the render thread stays busy as the area reaches the scene, as if painting a slow frame. */
    private static final long BUSY_RENDERER_MILLIS = 400;
    private static final String LINES = IntStream.range(0, 200).mapToObj(i -> "__global__ void k" + i + "(int *x) { x[" + i + "] += 1; }")
            .collect(Collectors.joining("\n"));

    private final StackPane root = new StackPane();
    private Scene scene;

    @Start
    void start(Stage stage) {
        scene = new Scene(root, 400, SPACE);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void aNewAreaAndANewTextGrowFromTheTopAPulseAtATime(FxRobot robot) throws Exception {
        List<Double> heights = new CopyOnWriteArrayList<>();
        CodeArea area = WaitForAsyncUtils.asyncFx(() -> CodeAreas.create(CodeHighlighter.CUDA, false)).get();
        Region[] pane = new Region[1];
        AtomicInteger pulsesWhileRendering = new AtomicInteger(-1);
        robot.interact(() -> {
            CodeAreas.show(area, CodeHighlighter.CUDA, LINES);
            pane[0] = CodeAreas.scrolled(area);
            Region scroll = (Region) pane[0].getChildrenUnmodifiable().get(0);
            scene.addPostLayoutPulseListener(() -> heights.add(scroll.getHeight()));
            root.getChildren().setAll(pane[0]);
            BusyRenderer.queue(BUSY_RENDERER_MILLIS, () -> pulsesWhileRendering.set(heights.size()));
            assertTrue(CodeAreas.growingProperty().get(), "growing once in the scene");
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> filled(heights) && pulsesWhileRendering.get() >= 0);
        List<Double> heightsSoFar = List.copyOf(heights);
        assertKeptItsStepUntilTheFrameWasPainted(GrowingCodePane.FIRST_HEIGHT, heightsSoFar.subList(0, pulsesWhileRendering.get()));
        assertGrewAPulseAtATime(heights);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(CodeAreas.growingProperty().get(), "still growing once filled");
        assertEquals(0, pane[0].getChildrenUnmodifiable().get(0).getLayoutY(), "grows from the top of its space");

        robot.interact(() -> {
            heights.clear();
            CodeAreas.show(area, CodeHighlighter.CUDA, LINES.replace("+= 1", "-= 1") + "\n" + LINES);
            double height = ((Region) pane[0].getChildrenUnmodifiable().get(0)).getHeight();
            assertTrue(height <= GrowingCodePane.FIRST_HEIGHT, "the new text went into the area at " + height + " px");
            assertTrue(CodeAreas.growingProperty().get(), "growing again for the new text");
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> filled(heights));
        assertGrewAPulseAtATime(heights);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(CodeAreas.growingProperty().get(), "still growing once filled");
    }

    @Test
    void aStepWaitsUntilTheFrameThatShowsTheOneBeforeIsPainted(FxRobot robot) throws Exception {
        List<Double> heights = new CopyOnWriteArrayList<>();
        AtomicInteger busyFrom = new AtomicInteger(-1);
        AtomicInteger busyTo = new AtomicInteger(-1);
        CodeArea area = WaitForAsyncUtils.asyncFx(() -> CodeAreas.create(CodeHighlighter.CUDA, false)).get();
        robot.interact(() -> {
            CodeAreas.show(area, CodeHighlighter.CUDA, LINES);
            Region pane = CodeAreas.scrolled(area);
            Region scroll = (Region) pane.getChildrenUnmodifiable().get(0);
            scene.addPostLayoutPulseListener(() -> {
                double height = scroll.getHeight();
                boolean grew = !heights.isEmpty() && height > heights.get(heights.size() - 1);
                heights.add(height);
                if (grew && height > GrowingCodePane.FIRST_HEIGHT && height < SPACE && busyFrom.get() < 0) {
                    busyFrom.set(heights.size());
                    BusyRenderer.queue(BUSY_RENDERER_MILLIS, () -> busyTo.set(heights.size()));
                }
            });
            root.getChildren().setAll(pane);
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> filled(heights) && busyTo.get() >= 0);
        List<Double> heightsSoFar = List.copyOf(heights);
        assertKeptItsStepUntilTheFrameWasPainted(heightsSoFar.get(busyFrom.get() - 1), heightsSoFar.subList(busyFrom.get(), busyTo.get()));
        assertGrewAPulseAtATime(heights);
    }

    @Test
    void aStepIsPacedByHowLongTheOneBeforeTookToLayOut() {
        long budget = GrowingCodePane.LAYOUT_MILLIS_PER_PULSE * 1_000_000L;
        assertEquals(40, GrowingCodePane.nextStep(80, 2 * budget), 1e-9, "a step that took twice the time halves");
        assertEquals(160, GrowingCodePane.nextStep(80, budget / 2), 1e-9, "a step that took half the time doubles");
        assertEquals(80, GrowingCodePane.nextStep(80, budget), 1e-9, "a step on time stays");
        assertEquals(GrowingCodePane.MIN_STEP, GrowingCodePane.nextStep(80, 100 * budget), 1e-9, "at least a line");
        assertEquals(GrowingCodePane.MAX_STEP, GrowingCodePane.nextStep(80, budget / 100), 1e-9, "at most the largest step");
        assertEquals(GrowingCodePane.MAX_STEP, GrowingCodePane.nextStep(80, 0), 1e-9, "a step that took no time");
    }

    /**
     * The layouts while the renderer was busy with the frame that shows a step kept that step: laying out more lines
     * then would make the next pulse wait for that frame.
     */
    private static void assertKeptItsStepUntilTheFrameWasPainted(double step, List<Double> heightsWhileRendering) {
        assertFalse(heightsWhileRendering.isEmpty(), "no layout while the renderer was busy");
        for (double height : heightsWhileRendering) {
            assertEquals(step, height, "grew past " + step + " px before the frame that shows it was painted: " + heightsWhileRendering);
        }
    }

    private static boolean filled(List<Double> heights) {
        return !heights.isEmpty() && heights.get(heights.size() - 1) == SPACE;
    }

    private static void assertGrewAPulseAtATime(List<Double> heights) {
        List<Double> laidOut = heights.stream().filter(h -> h > 0).toList();
        assertFalse(laidOut.isEmpty());
        assertTrue(laidOut.get(0) <= GrowingCodePane.FIRST_HEIGHT, "first shown at full height: " + laidOut);
        for (int i = 1; i < laidOut.size(); i++) {
            double step = laidOut.get(i) - laidOut.get(i - 1);
            assertTrue(step >= 0 && step <= GrowingCodePane.MAX_STEP, "grew " + step + " px in one pulse: " + laidOut);
        }
        assertEquals(SPACE, laidOut.get(laidOut.size() - 1), "did not fill its space: " + laidOut);
    }
}
