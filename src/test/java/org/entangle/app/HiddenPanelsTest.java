package org.entangle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The built panels not on screen, kept out of the whole window's restyling and layout: at a theme switch the scene
 * takes the dark style sheet while they wait outside it, each comes back restyled in a later turn, and a panel whose
 * tab is selected before its turn is back at once; while the window is resized they stay out of the layout, then each
 * is laid out at the new size; the workbench stays in the scene, hidden, under classroom mode.
 */
@ExtendWith(ApplicationExtension.class)
class HiddenPanelsTest {

    /** dark.css's code-area background. */
    private static final Color DARK_EDITOR = Color.web("#1e1f22");

    private MainWindow window;
    private TabPane tabs;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWorkbench.shown(stage, "entangle-theme", 1200, 760);
    }

    /** Builds every panel of {@code window} and shows the program panel again; returns each tab's panel by the tab's id. */
    private Map<String, Node> everyPanelBuilt(FxRobot robot, MainWindow window) {
        tabs = fx(() -> (TabPane) window.lookup("#panels"));
        for (String panel : window.panelNames()) {
            robot.interact(() -> window.select(panel));
            StagedParts.awaitBuilt();
        }
        robot.interact(() -> window.select("program"));
        Map<String, Node> built = fx(() -> tabs.getTabs().stream().collect(Collectors.toMap(Tab::getId, Tab::getContent)));
        built.forEach((id, content) -> assertNotNull(content, id + " was not built"));
        return built;
    }

    @Test
    void hiddenPanelsComeBackRestyledAndASelectedOneAtOnce(FxRobot robot) {
        Map<String, Node> built = everyPanelBuilt(robot, window);
        Node generaliseEditor = fx(() -> built.get("tab-generalise").lookup(".code-area"));
        assertNotNull(generaliseEditor, "the generalise panel's editor");
        assertNotEquals(DARK_EDITOR, background(generaliseEditor), "the light theme's editor");

        robot.interact(() -> {
            window.model().darkProperty().set(true);
            assertTrue(window.getScene().getStylesheets().stream().anyMatch(s -> s.endsWith("dark.css")), "the dark style sheet");
            for (Tab tab : tabs.getTabs()) {
                if (tab.isSelected()) assertSame(built.get(tab.getId()), tab.getContent(), "the panel on screen stays");
                else assertNull(tab.getContent(), tab.getId() + " is restyled with the scene");
            }
            window.select("gpu");
            assertSame(built.get("tab-gpu"), tabAt("tab-gpu").getContent(), "a selected panel comes back at once");
        });
        StagedParts.awaitBuilt();
        robot.interact(() -> {
            for (Tab tab : tabs.getTabs()) assertSame(built.get(tab.getId()), tab.getContent(), tab.getId() + " came back");
            assertEquals(DARK_EDITOR, background(generaliseEditor), "the hidden editor restyled dark");
        });
    }

    @Test
    void hiddenPanelsAreLaidOutOnceTheWindowsSizeSettles(FxRobot robot) throws Exception {
        Stage stage = fx(Stage::new);
        MainWindow resized = fx(() -> TestWorkbench.shown(stage, "entangle-resize", 1000, 700));
        try {
            assertLaidOutOnceTheSizeSettles(robot, resized, stage);
        } finally {
            robot.interact(stage::close);
        }
    }

    /** Resizes {@code stage}, the own window of this test (the tests' shared stage keeps its size), and checks its panels. */
    private void assertLaidOutOnceTheSizeSettles(FxRobot robot, MainWindow resized, Stage stage) {
        Map<String, Node> built = everyPanelBuilt(robot, resized);
        robot.interact(() -> {
            stage.setWidth(stage.getWidth() - 200);
            stage.setHeight(stage.getHeight() - 100);
        });
        robot.interact(() -> {
            for (Tab tab : tabs.getTabs()) {
                assertTrue(built.get(tab.getId()).isManaged() == tab.isSelected(), tab.getId() + " in the layout while resized");
            }
        });
        WaitForAsyncUtils.sleep(600, java.util.concurrent.TimeUnit.MILLISECONDS);
        StagedParts.awaitBuilt();
        robot.interact(() -> {
            Node shown = built.get("tab-program");
            for (Tab tab : tabs.getTabs()) {
                Node panel = built.get(tab.getId());
                assertTrue(panel.isManaged(), tab.getId() + " back in the layout");
                assertEquals(shown.getLayoutBounds(), panel.getLayoutBounds(), tab.getId() + " laid out at the new size");
            }
            resized.select("gallery");
        });
    }

    @Test
    void classroomModeHidesTheWorkbenchInTheScene(FxRobot robot) {
        Node workbench = fx(() -> window.getChildren().get(0));
        robot.interact(() -> window.model().classroomProperty().set(true));
        Node classroom = fx(() -> window.getChildren().get(1));
        assertTrue(classroom instanceof org.entangle.app.classroom.ClassroomView, String.valueOf(classroom));
        robot.interact(() -> {
            assertSame(window.getScene(), workbench.getScene(), "the workbench stays in the scene");
            assertTrue(!workbench.isVisible() && !workbench.isManaged(), "the workbench hidden and out of the layout");
            assertTrue(classroom.isVisible() && classroom.getScene() != null, "classroom mode shown");
        });
        robot.interact(() -> window.model().classroomProperty().set(false));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            assertTrue(workbench.isVisible() && workbench.isManaged(), "the workbench back");
            assertTrue(!classroom.isVisible() && !classroom.isManaged(), "classroom mode hidden");
        });
    }

    private static <T> T fx(java.util.concurrent.Callable<T> read) {
        try {
            return WaitForAsyncUtils.asyncFx(read).get();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private Tab tabAt(String id) {
        return tabs.getTabs().stream().filter(t -> t.getId().equals(id)).findFirst().orElseThrow();
    }

    /** The region's innermost background fill, or null without one. */
    private static Paint background(Node region) {
        javafx.scene.layout.Background background = ((Region) region).getBackground();
        if (background == null || background.getFills().isEmpty()) return null;
        List<javafx.scene.layout.BackgroundFill> fills = background.getFills();
        return fills.get(fills.size() - 1).getFill();
    }
}
