package org.entangle.app.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.scene.Node;
import javafx.scene.control.Spinner;
import javafx.stage.Stage;
import org.entangle.app.MainWindow;
import org.entangle.app.StagedParts;
import org.entangle.app.TestWorkbench;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The spec form's fields come in turns after the window's first frame, with the talk's values, and the program editor
 * below them does not move when they come: at the workbench's default width the fields' row keeps its height meanwhile.
 */
@ExtendWith(ApplicationExtension.class)
class SpecFormStagedTest {

    private final List<Double> editorTops = new CopyOnWriteArrayList<>();
    private final List<Boolean> fieldsThere = new CopyOnWriteArrayList<>();
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWorkbench.shown(stage, "spec-form-staged", 1280, 820);
        Node editor = window.lookup("#program-editor");
        window.getScene().addPostLayoutPulseListener(() -> {
            editorTops.add(editor.localToScene(editor.getLayoutBounds()).getMinY());
            fieldsThere.add(window.lookup("#spec-n") != null);
        });
    }

    @Test
    @SuppressWarnings("unchecked")
    void theFieldsComeLaterWithTheTalksValuesAndTheEditorStaysPut(FxRobot robot) {
        StagedParts.awaitBuilt();
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(fieldsThere.get(0), "the fields were in the first frame");
        assertTrue(fieldsThere.get(fieldsThere.size() - 1), "the fields never came");
        assertEquals(1, editorTops.stream().distinct().count(), "the editor moved as the fields came: " + editorTops);
        Spinner<Integer> n = robot.lookup("#spec-n").queryAs(Spinner.class);
        assertEquals(16, n.getValue());
        assertNull(robot.lookup("#spec-fields").query().isDisabled() ? "disabled" : null, "the talk's program is in spec form");
    }
}
