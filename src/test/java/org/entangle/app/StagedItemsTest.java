package org.entangle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Scene;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A shown list view fed by {@link StagedItems} makes its first {@link StagedItems#FIRST} rows alone when its source is
 * filled, then the rest in later turns until every row it shows is filled and it holds every item; a list not in a
 * scene gets them at once; a source changed while items still come ends with the new items only.
 */
@ExtendWith(ApplicationExtension.class)
class StagedItemsTest {

    private static final List<String> FORTY = IntStream.range(0, 40).mapToObj(i -> "block " + i).toList();

    private final StackPane root = new StackPane();

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(root, 400, 600));
        stage.show();
    }

    @Test
    void aShownListMakesItsFirstRowsAloneThenAllItShows(FxRobot robot) throws Exception {
        ObservableList<String> source = FXCollections.observableArrayList();
        ListView<String> list = new ListView<>();
        List<Integer> filledPerPulse = new CopyOnWriteArrayList<>();
        robot.interact(() -> {
            list.setItems(StagedItems.following(list, source));
            root.getChildren().setAll(list);
        });
        StagedParts.awaitBuilt();
        robot.interact(() -> {
            root.getScene().addPostLayoutPulseListener(() -> filledPerPulse.add(filledRows(list)));
            source.setAll(FORTY);
        });
        StagedParts.awaitBuilt();
        WaitForAsyncUtils.waitForFxEvents();
        List<Integer> seen = List.copyOf(filledPerPulse);
        int first = seen.stream().filter(n -> n > 0).findFirst().orElseThrow(() -> new AssertionError("no rows: " + seen));
        assertTrue(first <= StagedItems.FIRST, "the first layout with items filled " + first + " rows: " + seen);
        int shown = seen.get(seen.size() - 1);
        assertTrue(shown > 2 * StagedItems.FIRST, "the list did not fill its space: " + seen);
        assertEquals(FORTY, List.copyOf(list.getItems()));
        System.out.println("StagedItemsTest: filled rows after each layout " + seen);
    }

    @Test
    void aListNotInASceneGetsEveryItemAtOnce(FxRobot robot) {
        ObservableList<String> source = FXCollections.observableArrayList();
        ListView<String> list = new ListView<>();
        robot.interact(() -> {
            list.setItems(StagedItems.following(list, source));
            source.setAll(FORTY);
            assertEquals(FORTY, List.copyOf(list.getItems()));
        });
    }

    @Test
    void aSourceChangedWhileItemsComeEndsWithTheNewItemsOnly(FxRobot robot) throws Exception {
        ObservableList<String> source = FXCollections.observableArrayList();
        ListView<String> list = new ListView<>();
        robot.interact(() -> {
            list.setItems(StagedItems.following(list, source));
            root.getChildren().setAll(list);
        });
        StagedParts.awaitBuilt();
        List<String> second = FORTY.subList(0, 17).stream().map(s -> s + "′").toList();
        robot.interact(() -> {
            source.setAll(FORTY);
            source.setAll(second);
        });
        StagedParts.awaitBuilt();
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(second, List.copyOf(list.getItems()));
    }

    private static int filledRows(ListView<String> list) {
        return (int) list.lookupAll(".list-cell").stream()
                .filter(n -> n instanceof ListCell<?> c && c.getItem() != null && c.isVisible()).count();
    }
}
