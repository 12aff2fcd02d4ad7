package org.entangle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.entangle.app.code.BusyRenderer;
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
 * {@link Staged}: a part is built, and a step run, only once it reaches a scene, never in the turn that put it there
 * nor before the renderer is done with the frame that shows its place, a part put in place, styled, in the turn after
 * the one that built it, one per turn with a pulse between them, in the order they arrived; the pending flag holds
 * until the last has run; idle work waits for every part and for quick pulses, and does not hold the flag; a row is a
 * part that holds its controls side by side; a turn runs after what reached the UI thread during the pulse before it.
 */
@ExtendWith(ApplicationExtension.class)
class StagedTest {

    /** How long the render thread stays busy as the parts reach the scene, as if painting a slow frame. */
    private static final long BUSY_RENDERER_MILLIS = 300;

    private final VBox root = new VBox();
    private Scene scene;

    @Start
    void start(Stage stage) {
        scene = new Scene(root, 400, 700);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void partsAreBuiltOneATurnAfterTheyReachTheScene(FxRobot robot) throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        Label first = new Label("first");
        Label second = new Label("second");
        StackPane[] parts = new StackPane[2];
        robot.interact(() -> {
            parts[0] = Staged.part(() -> {
                log.add("first");
                return first;
            });
            parts[1] = Staged.part(() -> {
                log.add("second");
                return second;
            });
            Label filled = new Label();
            Staged.step(filled, () -> {
                log.add("step");
                filled.setText("filled");
            });
            scene.addPostLayoutPulseListener(() -> log.add("pulse"));
            root.getChildren().addAll(parts);
            root.getChildren().add(filled);
            BusyRenderer.queue(BUSY_RENDERER_MILLIS, () -> log.add("rendered"));
            assertTrue(Staged.pendingProperty().get(), "parts in the scene, not built yet");
            assertTrue(log.isEmpty(), "built in the turn that added them: " + log);
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !Staged.pendingProperty().get());
        List<String> seen = List.copyOf(log);

        List<String> built = seen.stream().filter(s -> !s.equals("pulse") && !s.equals("rendered")).toList();
        assertEquals(List.of("first", "second", "step"), built, "each once, in the order they reached the scene");
        int a = seen.indexOf("first");
        int b = seen.indexOf("second");
        assertTrue(seen.subList(b, seen.indexOf("step")).contains("pulse"), "no pulse between the second part and the step: " + seen);
        assertTrue(seen.indexOf("rendered") < a, "the first part came while the renderer was busy: " + seen);
        assertTrue(seen.subList(a, b).contains("pulse"), "no pulse between the two parts' turns: " + seen);
        assertSame(first, parts[0].getChildren().get(0));
        assertSame(second, parts[1].getChildren().get(0));
    }

    @Test
    void aRowIsAPartThatHoldsItsControlsSideBySideInOrder(FxRobot robot) {
        Label first = new Label("first");
        Label second = new Label("second");
        StackPane[] row = new StackPane[1];
        robot.interact(() -> {
            row[0] = Staged.row(first, second);
            root.getChildren().add(row[0]);
            assertTrue(row[0].getChildren().isEmpty(), "a row built in the turn that put it in the scene");
        });
        StagedParts.awaitBuilt();
        HBox built = (HBox) row[0].getChildren().get(0);
        assertEquals(List.of(first, second), built.getChildren());
        assertTrue(second.getLayoutX() > first.getLayoutX() + first.getWidth(), "not side by side");
        assertEquals(Pos.CENTER_LEFT, built.getAlignment());
    }

    @Test
    void aPartIsPutInPlaceStyledInTheTurnAfterTheOneThatBuiltIt(FxRobot robot) throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        Label label = new Label("styled first");
        robot.interact(() -> {
            StackPane part = Staged.part(() -> {
                log.add("built");
                return label;
            });
            part.getChildren().addListener((ListChangeListener<Node>) c -> log.add("in place"));
            scene.addPreLayoutPulseListener(() -> {
                if (label.getParent() != null) log.add("pulse " + (label.getSkin() == null ? "unstyled" : "styled"));
                else if (log.contains("built")) log.add("pulse");
            });
            root.getChildren().add(part);
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> !Staged.pendingProperty().get() && log.stream().anyMatch(s -> s.startsWith("pulse")));
        List<String> seen = List.copyOf(log);

        int inPlace = seen.indexOf("in place");
        assertEquals("built", seen.get(0));
        assertTrue(seen.subList(0, inPlace).contains("pulse"), "put in place in the turn that built it: " + seen);
        assertEquals("pulse styled", seen.get(inPlace + 1), "not styled before the first pulse that has it: " + seen);
        assertTrue(seen.stream().noneMatch(s -> s.equals("pulse unstyled")), "a pulse saw the part unstyled: " + seen);
    }

    /**
     * What reaches the UI thread during a pulse (the user's input; here a turn posted as the pulse ends its layout)
     * runs before the staged turn that follows that pulse, so it never waits for both.
     */
    @Test
    void aTurnWaitsForWhatArrivedDuringThePulseBeforeIt(FxRobot robot) throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        int[] pulse = {0};
        robot.interact(() -> {
            scene.addPreLayoutPulseListener(() -> pulse[0]++);
            scene.addPostLayoutPulseListener(() -> {
                int posted = pulse[0];
                Platform.runLater(() -> log.add("posted in pulse " + posted));
            });
            Label filled = new Label();
            Staged.step(filled, () -> log.add("turn after pulse " + pulse[0]));
            root.getChildren().add(filled);
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> log.stream().anyMatch(s -> s.startsWith("turn")));
        List<String> seen = List.copyOf(log);

        int turn = seen.indexOf(seen.stream().filter(s -> s.startsWith("turn")).findFirst().orElseThrow());
        String last = "posted in pulse " + seen.get(turn).substring("turn after pulse ".length());
        assertTrue(seen.subList(0, turn).contains(last), "the turn ran before what arrived during its pulse: " + seen);
    }

    @Test
    void idleWorkWaitsUntilPulsesComeQuicklyAgain(FxRobot robot) throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        int[] busyPulses = {8};
        robot.interact(() -> {
            scene.addPreLayoutPulseListener(() -> {
                if (busyPulses[0] <= 0) return;
                busyPulses[0]--;
                log.add("busy pulse");
                long until = System.nanoTime() + 3 * Staged.QUIET_PULSE_GAP_NANOS / 2;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                Platform.requestNextPulse();
            });
            Platform.requestNextPulse();
            Staged.whenIdle(() -> log.add("idle"));
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> log.contains("idle"));
        List<String> seen = List.copyOf(log);

        assertEquals(List.of("busy pulse", "busy pulse", "busy pulse", "busy pulse", "busy pulse", "busy pulse",
                "busy pulse", "busy pulse", "idle"), seen, "idle work ran while the pulses were slow");
    }

    @Test
    void noTurnFollowsAPulseInWhichACodeAreaGrew(FxRobot robot) throws Exception {
        String lines = IntStream.range(0, 200).mapToObj(i -> "__global__ void k" + i + "(int *x) { x[" + i + "] += 1; }")
                .collect(Collectors.joining("\n"));
        List<Double> heights = new CopyOnWriteArrayList<>();
        List<Integer> turnsAfterPulse = new CopyOnWriteArrayList<>();
        robot.interact(() -> {
            CodeArea area = CodeAreas.create(CodeHighlighter.CUDA, false);
            CodeAreas.show(area, CodeHighlighter.CUDA, lines);
            Region pane = CodeAreas.scrolled(area);
            HBox.setHgrow(pane, Priority.ALWAYS);
            VBox parts = new VBox();
            for (int i = 0; i < 6; i++) {
                StackPane part = Staged.part(() -> {
                    turnsAfterPulse.add(heights.size());
                    return new Label("part");
                });
                part.getChildren().addListener((ListChangeListener<Node>) c -> turnsAfterPulse.add(heights.size()));
                parts.getChildren().add(part);
            }
            HBox row = new HBox(parts, pane);
            VBox.setVgrow(row, Priority.ALWAYS);
            Region scroll = (Region) pane.getChildrenUnmodifiable().get(0);
            scene.addPostLayoutPulseListener(() -> heights.add(scroll.getHeight()));
            root.getChildren().add(row);
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !Staged.pendingProperty().get() && !CodeAreas.growingProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        List<Double> seen = List.copyOf(heights);
        double full = seen.get(seen.size() - 1);

        assertEquals(12, turnsAfterPulse.size(), "six parts, each built and put in place: " + turnsAfterPulse);
        assertTrue(turnsAfterPulse.stream().anyMatch(pulse -> seen.get(pulse - 1) < full),
                "no turn while the area grew, nothing to check: turns after pulses " + turnsAfterPulse + ", heights " + seen);
        for (int pulse : turnsAfterPulse) {
            assertEquals(seen.get(pulse - 2), seen.get(pulse - 1),
                    "a turn followed the pulse in which the area grew: turns after pulses " + turnsAfterPulse + ", heights " + seen);
        }
    }

    @Test
    void aPartThatNeverReachesASceneIsNotBuilt(FxRobot robot) throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        robot.interact(() -> Staged.part(() -> {
            log.add("built");
            return new Label("never shown");
        }));
        robot.interact(() -> root.getChildren().add(Staged.part(() -> new Label("shown"))));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !Staged.pendingProperty().get());
        assertTrue(log.isEmpty(), "a part outside any scene was built");
        assertFalse(((StackPane) root.getChildren().get(root.getChildren().size() - 1)).getChildren().isEmpty());
    }

    @Test
    void idleWorkWaitsForEveryPartAndLeavesThePendingFlagAlone(FxRobot robot) throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        robot.interact(() -> {
            Staged.whenIdle(() -> log.add("idle " + Staged.pendingProperty().get()));
            Staged.whenIdle(() -> log.add("idle again"));
            root.getChildren().add(Staged.part(() -> {
                log.add("part");
                return new Label("part");
            }));
            scene.addPostLayoutPulseListener(() -> log.add("pulse"));
            assertTrue(log.isEmpty(), "idle work ran in the turn that queued it: " + log);
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> log.contains("idle again"));
        List<String> seen = List.copyOf(log);

        List<String> ran = seen.stream().filter(s -> !s.equals("pulse")).toList();
        assertEquals(List.of("part", "idle false", "idle again"), ran, "the part first, then the idle work in its order");
        assertTrue(seen.subList(seen.indexOf("idle false"), seen.indexOf("idle again")).contains("pulse"),
                "no pulse between two idle turns: " + seen);
    }
}
