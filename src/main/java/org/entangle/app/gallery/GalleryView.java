package org.entangle.app.gallery;

import static org.entangle.app.Controls.button;
import static org.entangle.app.Controls.tip;

import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Separator;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.stage.FileChooser;
import org.entangle.app.Controls;
import org.entangle.network.families.Families;

/**
 * The gallery panel: the family picker and the sort/filter controls on top, the virtualised list of networks with
 * thumbnails and badges on the left, the Pareto chart on the right. Forwards everything to {@link GalleryViewModel}.
 */
public final class GalleryView extends BorderPane {

    private final ListView<GalleryEntry> list = new ListView<>();

    public GalleryView(GalleryViewModel model) {
        ChoiceBox<String> family = tip(new ChoiceBox<>(javafx.collections.FXCollections.observableArrayList(Families.names())),
                "A classic scan family: Sklansky, Brent–Kung, Kogge–Stone, Ladner–Fischer, Han–Carlson and the rest");
        family.setId("gallery-family");
        family.valueProperty().bindBidirectional(model.familyProperty());
        Spinner<Integer> width = tip(new Spinner<>(1, 4096, model.familyWidthProperty().get()), "Width n: the number of inputs");
        width.setEditable(true);
        width.setPrefWidth(90);
        width.valueProperty().addListener((o, a, b) -> model.familyWidthProperty().set(b));
        ChoiceBox<GalleryMetric> sort = tip(new ChoiceBox<>(javafx.collections.FXCollections.observableArrayList(GalleryMetric.values())),
                "Sort the networks by this metric, smallest first");
        sort.setId("gallery-sort");
        sort.valueProperty().bindBidirectional(model.sortByProperty());
        ChoiceBox<GalleryMetric> filterBy = tip(new ChoiceBox<>(javafx.collections.FXCollections.observableArrayList(GalleryMetric.values())),
                "Filter on this metric");
        filterBy.setId("gallery-filter-by");
        filterBy.valueProperty().bindBidirectional(model.filterByProperty());
        TextField filterMax = tip(new TextField(), "Show only networks whose metric is at most this (empty: all)");
        filterMax.setPromptText("≤ any");
        filterMax.setPrefColumnCount(5);
        filterMax.textProperty().addListener((o, a, b) -> model.filterMaxProperty().set(parse(b)));
        CheckBox distinct = tip(new CheckBox("distinct modulo schedule"),
                "Show one network per computation: networks equal after canonical scheduling count once");
        distinct.selectedProperty().bindBidirectional(model.distinctModuloScheduleProperty());
        distinct.setId("gallery-distinct");
        CheckBox byGpu = tip(new CheckBox("sort by GPU time"), "Sort by the opened GPU tournament's time, fastest first");
        byGpu.setId("gallery-sort-gpu");
        byGpu.selectedProperty().bindBidirectional(model.sortByGpuTimeProperty());
        byGpu.disableProperty().bind(model.gpuTimesProperty().isNull());
        Label summary = new Label();
        summary.textProperty().bind(model.summaryProperty());
        summary.setId("gallery-summary");
        FlowPane controls = new FlowPane(8, 6, Controls.row(family, width,
                button("Add", "Build this family at this width and add it to the gallery", e -> model.addFamilyNetwork()),
                button("All families", "Replace the gallery with every family at this width", e -> model.loadCatalogue())),
                Controls.row(new Separator(Orientation.VERTICAL), new Label("sort by"), sort),
                Controls.row(new Label("filter"), filterBy, filterMax), Controls.row(distinct),
                Controls.row(button("Open tournament…", "Open a GPU tournament's JSON (entangle gpu-tournament): its networks with their GPU times",
                        e -> openTournament(model)), byGpu), summary);
        controls.setPadding(new Insets(6));
        list.setId("gallery-list");
        list.setItems(model.shown());
        Tooltip rowTip = new Tooltip();
        Tooltip paretoTip = new Tooltip("No other network here is as small and as shallow and better in one of them");
        list.setCellFactory(v -> new GalleryCell(rowTip, paretoTip));
        list.setFixedCellSize(GalleryCell.ROW_HEIGHT);
        list.setTooltip(new Tooltip("Click a network to show it in the Network panel"));
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> model.select(b));
        model.selectedProperty().addListener((o, a, b) -> selectInList(model, b));
        SplitPane split = new SplitPane(list, new ParetoChart(model));
        split.setDividerPositions(0.55);
        setTop(controls);
        setCenter(split);
    }

    private void openTournament(GalleryViewModel model) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open a GPU tournament");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Tournament JSON", "*.json"));
        java.io.File file = chooser.showOpenDialog(getScene() == null ? null : getScene().getWindow());
        if (file != null) model.loadTournament(file.toPath());
    }

    /** The virtualised list of entries. */
    public ListView<GalleryEntry> list() {
        return list;
    }

    private void selectInList(GalleryViewModel model, org.entangle.network.Network network) {
        for (int i = 0; i < model.shown().size(); i++) {
            if (model.shown().get(i).network() == network) {
                if (list.getSelectionModel().getSelectedIndex() != i) list.getSelectionModel().select(i);
                return;
            }
        }
    }

    private static Integer parse(String text) {
        try {
            return text.isBlank() ? null : Integer.valueOf(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
