package org.entangle.app.entangle;

import static org.entangle.app.Controls.button;
import static org.entangle.app.Controls.tip;

import java.util.List;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import org.entangle.app.diagram.DiagramView;
import org.entangle.app.diagram.DiagramViewModel;
import org.entangle.app.export.ExportActions;
import org.entangle.app.export.ExportViewModel;
import org.entangle.diagram.DiagramOptions;
import org.entangle.network.Network;

/**
 * The entanglement panel: run the finest valid partition of the angels into independent blocks on all, the filtered,
 * or a sample of the program's oracle traces;
 * the raw and functional blocks side by side with their value tables; the selected network coloured by block (exported,
 * colours included, from its context menu or Ctrl+E); the pairwise graph.
 */
public final class EntanglementPanel extends BorderPane {

    private final DiagramViewModel diagram = new DiagramViewModel();
    private final EntanglementViewModel model;
    private final ExportActions export;

    public EntanglementPanel(EntanglementViewModel model) {
        this.model = model;
        ComboBox<TraceSource> source = tip(new ComboBox<>(FXCollections.observableArrayList(TraceSource.values())),
                "Analyse every safe trace of the program, the traces of the gallery's filtered networks, or a uniform sample");
        source.valueProperty().bindBidirectional(model.sourceProperty());
        Spinner<Integer> sample = tip(new Spinner<>(1, 10_000_000, model.sampleSizeProperty().get()), "Sample size (seed 1)");
        sample.setEditable(true);
        sample.setPrefWidth(110);
        sample.valueProperty().addListener((o, a, b) -> model.sampleSizeProperty().set(b));
        Label summary = new Label();
        summary.setId("entanglement-summary");
        summary.textProperty().bind(model.summaryProperty());
        FlowPane bar = new FlowPane(8, 6, new Label("traces"), source, new Label("sample"), sample,
                button("Run", "Partition the angels into independent blocks (finest valid partition)", e -> model.run()), summary);
        bar.setPadding(new Insets(6));
        bar.lookupAll(".button").forEach(b -> b.setId("entanglement-run"));
        BlocksPane raw = new BlocksPane("Raw choices", "Each angel is one dynamic angel of the program: its source position and loop iteration", model.rawBlocks(), "raw-blocks");
        BlocksPane functional = new BlocksPane("Functional view", "Each angel is a computed input range; its value is "
                + "where the network computes it", model.functionalBlocks(), "functional-blocks");
        DiagramView diagramView = new DiagramView(diagram);
        export = new ExportActions(new ExportViewModel(model.workbench(), this::shownNetworks, this::shownOptions));
        export.attachContextMenu(diagramView);
        diagram.setFitOnResize(true);
        PairwiseGraphView pairwise = new PairwiseGraphView();
        SplitPane right = new SplitPane(diagramView, pairwise);
        right.setOrientation(Orientation.VERTICAL);
        SplitPane body = new SplitPane(raw, functional, right);
        body.setDividerPositions(0.3, 0.6);
        setTop(bar);
        setCenter(body);
        Runnable redraw = () -> {
            Network network = model.shownNetworkProperty().get();
            if (network != null) diagram.show(network, shownOptions());
        };
        model.shownGroupsProperty().addListener((o, a, b) -> redraw.run());
        model.shownNetworkProperty().addListener((o, a, b) -> redraw.run());
        model.resultProperty().addListener((o, a, r) -> pairwise.show(r.pairwise(), r.rawPartition()));
        EntanglementResult done = model.resultProperty().get();
        if (done != null) pairwise.show(done.pairwise(), done.rawPartition());
        redraw.run();
    }

    private List<Network> shownNetworks() {
        Network network = model.shownNetworkProperty().get();
        return network == null ? List.of() : List.of(network);
    }

    private DiagramOptions shownOptions() {
        var groups = model.shownGroupsProperty().get();
        return groups == null ? DiagramOptions.DEFAULT
                : DiagramOptions.DEFAULT.withGroups(groups).withColourBy(DiagramOptions.ColourBy.GROUPS);
    }

    /** The block-coloured diagram's export actions (context menu, and Ctrl+E while this panel shows). */
    public ExportActions export() {
        return export;
    }

    /** The block-coloured diagram's model (for tests). */
    public DiagramViewModel diagram() {
        return diagram;
    }
}
