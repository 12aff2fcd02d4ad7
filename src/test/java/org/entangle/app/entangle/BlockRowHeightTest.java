package org.entangle.app.entangle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.scene.control.ListCell;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;
import org.entangle.app.StyledCells;
import org.entangle.app.UiTest;
import org.junit.jupiter.api.Test;

/** The block lists' fixed row height is the height a block cell (swatch and one line) takes by itself in the workbench's styles. */
@UiTest
class BlockRowHeightTest {

    @Test
    void theFixedRowHeightIsABlockCellsOwnHeight() throws Exception {
        double height = StyledCells.ownHeight(() -> {
            ListCell<String> cell = new ListCell<>();
            cell.setText("block 8: !!@10:20[step=4,r=4] — 1 combination, 0.0% of log|T|");
            cell.setGraphic(new Rectangle(BlocksPane.SWATCH, BlocksPane.SWATCH, Color.web("#E69F00")));
            return cell;
        });
        assertEquals(BlocksPane.ROW_HEIGHT, Math.ceil(height), "a block cell's own height: " + height);
    }
}
