package org.entangle.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** {@link Controls#longList}: a combo box over thousands of items styles, lays out and opens without rendering each one. */
@UiTest
class ControlsTest {

    private static final int ITEMS = 3000;
    private final VBox root = new VBox();

    /** An item that counts how often the combo box turns it into text. */
    private record Item(int index, AtomicInteger shown) {
        @Override
        public String toString() {
            shown.incrementAndGet();
            return "network " + index;
        }
    }

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(root, 400, 300));
        stage.show();
    }

    @Test
    void aLongListIsMeasuredOnItsFirstRowsOnly(FxRobot robot) {
        AtomicInteger shown = new AtomicInteger();
        ComboBox<Item> box = Controls.longList(new ComboBox<>(FXCollections.observableArrayList(
                IntStream.range(0, ITEMS).mapToObj(i -> new Item(i, shown)).toList())));
        robot.interact(() -> {
            root.getChildren().add(box);
            box.getSelectionModel().select(0);
        });
        robot.interact(box::show);
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(box::hide);
        assertTrue(box.getSkin() != null, "the combo box was never styled");
        assertTrue(shown.get() < 10 * Controls.MEASURED_ROWS, shown.get() + " items turned into text for " + ITEMS + " items");
    }
}
