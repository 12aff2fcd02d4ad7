package org.entangle.app.entangle;

import java.util.List;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.geometry.Orientation;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;

/**
 * One view's blocks: the list (colour swatch, angels, combinations, share) above the selected block's value table.
 */
final class BlocksPane extends BorderPane {

    /** The side of a block's colour swatch, in px. */
    static final double SWATCH = 14;
    /**
     * The block lists' row height, in px: a block cell's own height in the workbench's style sheets. Given to the list,
     * it spares the list from measuring cells to estimate its length, which it did again at every change of its items.
     */
    static final double ROW_HEIGHT = 22;

    BlocksPane(String title, String tip, ObservableList<EntanglementViewModel.BlockRow> blocks, String id) {
        Label heading = new Label(title);
        heading.getStyleClass().add("pane-heading");
        heading.setTooltip(new Tooltip(tip));
        ListView<EntanglementViewModel.BlockRow> list = new ListView<>(blocks);
        list.setFixedCellSize(ROW_HEIGHT);
        list.setId(id);
        list.setTooltip(new Tooltip("Select a block to see its value combinations"));
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(EntanglementViewModel.BlockRow row, boolean empty) {
                super.updateItem(row, empty);
                if (empty || row == null) {
                    setText(null);
                    setGraphic(null);
                } else {
                    setText(row.label(row.set()));
                    setGraphic(new Rectangle(SWATCH, SWATCH, Color.web(row.colour())));
                }
            }
        });
        TableView<List<String>> table = new TableView<>();
        table.setPlaceholder(new Label("Select a block"));
        table.setTooltip(new Tooltip("The distinct value combinations the block's angels take together"));
        list.getSelectionModel().selectedItemProperty().addListener((o, a, row) -> fill(table, row));
        SplitPane split = new SplitPane(list, table);
        split.setOrientation(Orientation.VERTICAL);
        setTop(heading);
        setCenter(split);
    }

    private static void fill(TableView<List<String>> table, EntanglementViewModel.BlockRow row) {
        table.getColumns().clear();
        if (row == null) {
            table.getItems().clear();
            return;
        }
        List<Integer> angels = row.block().angels();
        for (int i = 0; i < angels.size(); i++) {
            int column = i;
            TableColumn<List<String>, String> c = new TableColumn<>(row.set().domain(angels.get(i)).name());
            c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(cell.getValue().get(column)));
            table.getColumns().add(c);
        }
        table.setItems(FXCollections.observableArrayList(EntanglementViewModel.table(row)));
    }
}
