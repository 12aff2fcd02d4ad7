package org.entangle.app.entangle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.scene.Scene;
import javafx.scene.control.ListCell;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import javafx.stage.Stage;
import org.entangle.app.MainWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The block lists' fixed row height is the height a block cell (swatch and one line) takes by itself in the workbench's styles. */
@ExtendWith(ApplicationExtension.class)
class BlockRowHeightTest {

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
    void theFixedRowHeightIsABlockCellsOwnHeight(FxRobot robot) throws Exception {
        double height = WaitForAsyncUtils.asyncFx(() -> {
            ListCell<String> cell = new ListCell<>();
            cell.setText("block 8: !!@10:20[step=4,r=4] — 1 combination, 0.0% of log|T|");
            cell.setGraphic(new Rectangle(BlocksPane.SWATCH, BlocksPane.SWATCH, Color.web("#E69F00")));
            root.getChildren().setAll(cell);
            cell.applyCss();
            return cell.prefHeight(-1);
        }).get();
        assertEquals(BlocksPane.ROW_HEIGHT, Math.ceil(height), "a block cell's own height: " + height);
    }
}
