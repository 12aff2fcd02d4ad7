package org.entangle.app.gallery;

import static org.entangle.app.Controls.button;
import static org.entangle.app.Controls.tip;

import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Separator;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.StackPane;
import org.entangle.app.Staged;
import org.entangle.network.families.Families;

/**
 * The gallery panel: the family picker and the sort/filter controls on top, the virtualised list of networks with
 * thumbnails and badges on the left, the Pareto chart on the right. Forwards everything to {@link GalleryViewModel}.
 * The list shows its first {@value #FIRST_ROWS} rows, then the rest a few pulses later. The family, sort and filter
 * fields are choice boxes, sized by the style sheet: as combo boxes, each made and styled a hidden list and its cells
 * as the panel first showed (issue #6: the first opening's longest turn was 14 ms shorter without them, median of 8
 * paired tours on the 2-core dev box). The controls come in four rows, each built and styled in turns of its own
 * ({@link Staged#row}): styled in one turn, the whole bar took 32–69 ms (its choice boxes' and labels' skins made) and
 * was the longest turn of the opening in 4 of 8 traced tours; in rows, no turn of theirs took more than 26 ms (8
 * tours).
 */
public final class GalleryView extends BorderPane {

    /**
     * The rows the list makes in its first layout; the rest follow in a turn of their own ({@link Staged#step}), once
     * the chart is in place. Each new row styles its cell and labels: a list as tall as the panel made all its rows in
     * one pulse, 68–120 ms of it in traced tours on the 2-core dev box (issue #6). The same holds when the entries
     * come after the list is shown (the gallery's sorting job finished late): six rows made in one pulse, with the
     * chart's points, took 99 ms of the UI thread's CPU in a traced tour (a first opening of 199 ms).
     */
    static final int FIRST_ROWS = 3;

    private final ListView<GalleryEntry> list = new ListView<>();
    /** Whether the list has made its rows: it was shown with entries, or given them once shown. */
    private boolean rowsMade;

    public GalleryView(GalleryViewModel model) {
        ChoiceBox<String> family = tip(new ChoiceBox<>(javafx.collections.FXCollections.observableArrayList(Families.names())),
                "A classic scan family (GUIDE §3)");
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
        Label summary = new Label();
        summary.textProperty().bind(model.summaryProperty());
        summary.setId("gallery-summary");
        FlowPane controls = new FlowPane(8, 6, Staged.row(family, width,
                button("Add", "Build this family at this width and add it to the gallery", e -> model.addFamilyNetwork()),
                button("All families", "Replace the gallery with every family at this width", e -> model.loadCatalogue())),
                Staged.row(new Separator(Orientation.VERTICAL), new Label("sort by"), sort),
                Staged.row(new Label("filter"), filterBy, filterMax), Staged.row(distinct), summary);
        controls.setPadding(new Insets(6));
        list.setId("gallery-list");
        list.setItems(model.shown());
        list.setCellFactory(v -> new GalleryCell());
        list.setFixedCellSize(GalleryCell.ROW_HEIGHT);
        list.setTooltip(new javafx.scene.control.Tooltip("Click a network to show it in the Network panel"));
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> model.select(b));
        model.selectedProperty().addListener((o, a, b) -> selectInList(model, b));
        double maxHeight = list.getMaxHeight();
        list.setMaxHeight(FIRST_ROWS * GalleryCell.ROW_HEIGHT);
        StackPane.setAlignment(list, Pos.TOP_CENTER);
        Staged.step(list, () -> {
            rowsMade = !list.getItems().isEmpty();
            list.setMaxHeight(maxHeight);
        });
        model.shown().addListener((ListChangeListener<GalleryEntry>) c -> {
            if (rowsMade || list.getScene() == null || list.getItems().isEmpty()) return;
            rowsMade = true;
            list.setMaxHeight(FIRST_ROWS * GalleryCell.ROW_HEIGHT);
            Staged.later(() -> list.setMaxHeight(maxHeight));
        });
        SplitPane split = new SplitPane(Staged.part(() -> list), Staged.part(() -> new ParetoChart(model)));
        split.setDividerPositions(0.55);
        setTop(controls);
        setCenter(split);
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
