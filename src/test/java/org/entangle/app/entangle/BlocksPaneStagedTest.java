package org.entangle.app.entangle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import javafx.scene.Node;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
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
 * Each of the entanglement panel's block views styles its list and its value table in turns of their own (issue #6):
 * the table is in a staged part that does not hold the list; the list's rows have a fixed height.
 */
@ExtendWith(ApplicationExtension.class)
class BlocksPaneStagedTest {

    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWorkbench.shown(stage, "entangle-blocks-staged", 1200, 760);
    }

    @Test
    void eachViewsTableIsAStagedPartOfItsOwn(FxRobot robot) throws Exception {
        robot.interact(() -> window.select("entanglement"));
        StagedParts.awaitBuilt();
        for (String id : new String[] {"#raw-blocks", "#functional-blocks"}) {
            ListView<?> list = robot.lookup(id).queryAs(ListView.class);
            assertEquals(BlocksPane.ROW_HEIGHT, list.getFixedCellSize(), id + ": rows of a fixed height, measured by no cell");
            BlocksPane view = view(list);
            TableView<?> table = WaitForAsyncUtils.asyncFx(() -> (TableView<?>) view.lookup(".table-view")).get();
            assertSame(view, view(table), id + ": the value table is not in the list's view");
            Node tablePart = StagedParts.holding(table);
            for (Node n = list; n != null; n = n.getParent()) {
                assertNotSame(tablePart, n, id + ": the list and the value table are styled in one part");
            }
        }
    }

    private static BlocksPane view(Node node) {
        Node n = node;
        while (n != null && !(n instanceof BlocksPane)) n = n.getParent();
        return (BlocksPane) n;
    }
}
