package org.entangle.app.program;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.scene.control.ListCell;
import org.entangle.app.StyledCells;
import org.entangle.app.UiTest;
import org.junit.jupiter.api.Test;

/** The problems list's fixed row height is the height a one-line problem cell takes by itself in the workbench's styles. */
@UiTest
class ProblemRowHeightTest {

    @Test
    void theFixedRowHeightIsAProblemCellsOwnHeight() throws Exception {
        double height = StyledCells.ownHeight(() -> {
            ListCell<String> cell = new ListCell<>();
            cell.setText("3:7 expected ']' but found end of line");
            return cell;
        });
        assertEquals(ProgramPanel.PROBLEM_ROW_HEIGHT, Math.ceil(height), "a problem cell's own height: " + height);
    }
}
