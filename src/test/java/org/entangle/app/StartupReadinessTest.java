package org.entangle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javafx.scene.Scene;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.entangle.app.code.CodeAreas;
import org.entangle.app.code.CodeHighlighter;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The start counts as over only once the code areas have grown to fill their space, not at the first quick pulse
 * after the window shows, and the longest gap between frames until then is reported.
 */
@ExtendWith(ApplicationExtension.class)
class StartupReadinessTest {

    private static final double SPACE = 600;

    private final StackPane root = new StackPane();

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(root, 400, SPACE));
        stage.show();
    }

    /** What was true when the start was found over. */
    private record Seen(boolean growing, double editorHeight, long longestGap) {
    }

    /**
     * Four times: the first time RichTextFX's code runs cold and every pulse of the growing is slow, so a readiness that
     * ignored the growing would also wait; later, warm, the growing's pulses come quickly (within 34 ms here).
     */
    @Test
    void readyOnlyOnceTheEditorHasGrownToItsSpace(FxRobot robot) throws Exception {
        for (int round = 0; round < 4; round++) assertReadyOnceGrown(robot);
    }

    /** The start's held jobs start at the ready pulse, once, and not before it (the readiness comes well within 20 s). */
    @Test
    void workWaitsForTheReadyPulseAndRunsOnce(FxRobot robot) throws Exception {
        assertEquals(List.of(false), growingWhenRunWithPatience(robot, 20_000), "run once, after the editor grew");
    }

    /** On a machine where the ready pulse is late, the work runs when the patience is over, and not again at ready. */
    @Test
    void workRunsOnceWhenThePatienceEndsBeforeTheReadyPulse(FxRobot robot) throws Exception {
        assertEquals(List.of(true), growingWhenRunWithPatience(robot, 1), "run once, while the editor still grew");
    }

    /**
     * Grows an editor, hands {@link StartupReadiness#atReadyOrAfter} work that notes whether the editor still grows,
     * and returns those notes once the start is ready.
     */
    private List<Boolean> growingWhenRunWithPatience(FxRobot robot, long patienceMillis) throws Exception {
        List<Boolean> growingWhenRun = new CopyOnWriteArrayList<>();
        CompletableFuture<Long> ready = new CompletableFuture<>();
        robot.interact(() -> {
            growAnEditor();
            StartupReadiness.atReadyOrAfter(patienceMillis, () -> growingWhenRun.add(CodeAreas.growingProperty().get()));
            StartupReadiness.watch(ready::complete);
        });
        ready.get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        return growingWhenRun;
    }

    /** Puts an editor of 80 lines in the scene, where it grows to its space; returns its scroll pane's holder. */
    private Region growAnEditor() {
        String lines = IntStream.range(0, 80).mapToObj(i -> "x[" + i + "] = x[" + i + "] + 1").collect(Collectors.joining("\n"));
        CodeArea area = CodeAreas.create(CodeHighlighter.ANGELIC, true);
        CodeAreas.show(area, CodeHighlighter.ANGELIC, lines);
        Region pane = CodeAreas.scrolled(area);
        root.getChildren().setAll(pane);
        return pane;
    }

    private void assertReadyOnceGrown(FxRobot robot) throws Exception {
        CompletableFuture<Seen> seen = new CompletableFuture<>();
        robot.interact(() -> {
            Region pane = growAnEditor();
            assertTrue(CodeAreas.growingProperty().get(), "the editor grows once in the scene");
            StartupReadiness.watch(gap -> seen.complete(new Seen(CodeAreas.growingProperty().get(),
                    ((Region) pane.getChildrenUnmodifiable().get(0)).getHeight(), gap)));
        });
        Seen ready = seen.get(10, TimeUnit.SECONDS);
        assertFalse(ready.growing(), "ready while the editor still grew");
        assertEquals(SPACE, ready.editorHeight(), "ready before the editor filled its space");
        assertTrue(ready.longestGap() >= 0, "longest gap " + ready.longestGap());
    }
}
