package org.entangle.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.entangle.app.task.UiPriority;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Changing the panel shown, and entering or leaving classroom mode, asks the running jobs to give way to the UI. */
@ExtendWith(ApplicationExtension.class)
class GiveWayTest {

    private TestWorkbench workbench;

    @Start
    void start(Stage stage) throws Exception {
        workbench = TestWorkbench.in(Files.createTempDirectory("entangle-give-way"));
        stage.setScene(new Scene(workbench.window(), 1000, 700));
        stage.show();
    }

    @Test
    void viewChangesStartASpell(FxRobot robot) {
        UiPriority priority = workbench.runner().uiPriority();
        for (String view : new String[] {"notes", "program", "classroom"}) {
            WaitForAsyncUtils.sleep(UiPriority.SPELL_NANOS / 1_000_000 + 100, TimeUnit.MILLISECONDS);
            boolean[] before = new boolean[1];
            boolean[] after = new boolean[1];
            robot.interact(() -> {
                before[0] = priority.isGivingWay();
                workbench.window().select(view);
                after[0] = priority.isGivingWay();
            });
            assertFalse(before[0], "a spell on before " + view + " was shown");
            assertTrue(after[0], "no spell once " + view + " was shown");
        }
        robot.interact(() -> workbench.model().classroomProperty().set(false));
    }
}
