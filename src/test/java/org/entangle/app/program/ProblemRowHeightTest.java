package org.entangle.app.program;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.scene.Scene;
import javafx.scene.control.ListCell;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.entangle.app.MainWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The problems list's fixed row height is the height a one-line problem cell takes by itself in the workbench's styles. */
@ExtendWith(ApplicationExtension.class)
class ProblemRowHeightTest {

    private final StackPane root = new StackPane();

    @Start
    void start(Stage stage) {
        Scene scene = new Scene(root, 400, 200);
        scene.getStylesheets().setAll(MainWindow.class.getResource("base.css").toExternalForm(),
                MainWindow.class.getResource("light.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void theFixedRowHeightIsAProblemCellsOwnHeight(FxRobot robot) throws Exception {
        double height = WaitForAsyncUtils.asyncFx(() -> {
            ListCell<String> cell = new ListCell<>();
            cell.setText("3:7 expected ']' but found end of line");
            root.getChildren().setAll(cell);
            cell.applyCss();
            return cell.prefHeight(-1);
        }).get();
        assertEquals(ProgramPanel.PROBLEM_ROW_HEIGHT, Math.ceil(height), "a problem cell's own height: " + height);
    }
}
