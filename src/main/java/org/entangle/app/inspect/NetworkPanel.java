package org.entangle.app.inspect;

import static org.entangle.app.Controls.button;
import static org.entangle.app.Controls.longList;
import static org.entangle.app.Controls.tip;

import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import org.entangle.app.Controls;
import org.entangle.app.diagram.DiagramView;
import org.entangle.app.diagram.DiagramViewModel;
import org.entangle.app.export.ExportActions;
import org.entangle.diagram.DiagramOptions;
import org.entangle.network.Network;

/**
 * The network panel: the interactive diagram (hover shows the op and its value in the status line), the inspector
 * with every metric and its definition, colour and row modes, and a second network side by side or as a diff.
 */
public final class NetworkPanel extends BorderPane {

    private final NetworkViewModel model;
    private final DiagramViewModel mainDiagram = new DiagramViewModel();
    private final DiagramViewModel otherDiagram = new DiagramViewModel();
    private final DiagramView mainView = new DiagramView(mainDiagram);
    private final DiagramView otherView = new DiagramView(otherDiagram);
    private final SplitPane diagrams = new SplitPane(mainView);

    public NetworkPanel(NetworkViewModel model, ExportActions export) {
        this.model = model;
        ComboBox<DiagramOptions.ColourBy> colour = tip(new ComboBox<>(FXCollections.observableArrayList(
                DiagramOptions.ColourBy.NONE, DiagramOptions.ColourBy.STEP, DiagramOptions.ColourBy.FANOUT,
                DiagramOptions.ColourBy.GROUPS)), "Colour the ops by step, by fan-out, or by entanglement block");
        colour.setId("network-colour");
        colour.valueProperty().bindBidirectional(model.colourByProperty());
        ComboBox<DiagramOptions.Rows> rows = tip(new ComboBox<>(FXCollections.observableArrayList(DiagramOptions.Rows.values())),
                "Rows: the network's own schedule, or each op as soon as its operands are ready (ASAP)");
        rows.valueProperty().bindBidirectional(model.rowsProperty());
        CheckBox ranges = tip(new CheckBox("ranges"), "Label each output with the input range it holds");
        ranges.selectedProperty().bindBidirectional(model.rangesProperty());
        ComboBox<CompareMode> compare = tip(new ComboBox<>(FXCollections.observableArrayList(CompareMode.values())),
                "Show a second network beside this one, or colour this one by the differences");
        compare.valueProperty().bindBidirectional(model.compareProperty());
        ComboBox<Network> partner = tip(longList(new ComboBox<>(model.workbench().networks())),
                "The network to compare with");
        partner.valueProperty().bindBidirectional(model.workbench().compareWithProperty());
        partner.setPrefWidth(200);
        FlowPane bar = new FlowPane(8, 6,
                Controls.row(new Label("colour"), colour),
                Controls.row(new Label("rows"), rows, ranges),
                Controls.row(new Label("compare"), compare),
                Controls.row(partner,
                        button("Export…", "Export this diagram: SVG, PNG, PDF, TikZ, DOT, JSON or CUDA (Ctrl+E)",
                                e -> export.exportWithDialog(getScene().getWindow())),
                        button("Copy image", "Copy the diagram to the clipboard as an image", e -> ExportActions.copyImage(diagrams))));
        bar.setPadding(new Insets(6));
        MenuItem exportItem = new MenuItem("Export diagram…");
        exportItem.setOnAction(e -> export.exportWithDialog(getScene().getWindow()));
        MenuItem copyItem = new MenuItem("Copy as image");
        copyItem.setOnAction(e -> ExportActions.copyImage(diagrams));
        ContextMenu menu = new ContextMenu(exportItem, copyItem);
        mainDiagram.setFitOnResize(true);
        otherDiagram.setFitOnResize(true);
        mainView.setOnContextMenuRequested(e -> menu.show(mainView, e.getScreenX(), e.getScreenY()));
        SplitPane body = new SplitPane(diagrams, inspector());
        body.setDividerPositions(0.64);
        setTop(bar);
        setCenter(body);
        model.options().addListener((o, a, b) -> refresh());
        model.workbench().selectedProperty().addListener((o, a, b) -> refresh());
        refresh();
    }

    private TextArea inspector() {
        TextArea inspector = new TextArea();
        inspector.setEditable(false);
        inspector.setId("inspector");
        inspector.getStyleClass().add("inspector");
        inspector.textProperty().bind(model.inspectorText());
        inspector.setTooltip(new javafx.scene.control.Tooltip("The selected network's metrics and their definitions"));
        return inspector;
    }

    /** The main diagram's model (for tests). */
    public DiagramViewModel diagram() {
        return mainDiagram;
    }

    private void refresh() {
        Network network = model.workbench().selectedProperty().get();
        Network other = model.workbench().compareWithProperty().get();
        if (network != null) mainDiagram.show(network, model.options().get());
        boolean beside = model.compareProperty().get() == CompareMode.SIDE_BY_SIDE && other != null;
        if (beside) {
            otherDiagram.show(other, model.options().get().withGroups(null).withColourBy(
                    model.options().get().colourBy() == DiagramOptions.ColourBy.GROUPS ? DiagramOptions.ColourBy.STEP
                            : model.options().get().colourBy()));
            if (!diagrams.getItems().contains(otherView)) diagrams.getItems().add(otherView);
        } else {
            diagrams.getItems().remove(otherView);
        }
    }
}
