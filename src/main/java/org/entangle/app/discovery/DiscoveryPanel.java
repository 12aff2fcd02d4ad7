package org.entangle.app.discovery;

import static org.entangle.app.Controls.button;
import static org.entangle.app.Controls.tip;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.entangle.app.diagram.DiagramView;
import org.entangle.app.diagram.DiagramViewModel;
import org.entangle.diagram.DiagramOptions;
import org.entangle.discovery.Gestures;
import org.entangle.discovery.Stage;
import org.entangle.discovery.TalkTour;
import org.entangle.entanglement.Block;
import org.entangle.entanglement.BlockColours;
import org.entangle.entanglement.program.ProgramTraceSets;
import org.entangle.network.Network;
import org.entangle.network.OpGroups;

/**
 * The discovery panel: the breadcrumb of stages (count and block structure; a click reopens one), the current stage's
 * program with its constraints written in, its open blocks and their combinations, its Pareto front, the gestures
 * that add a constraint (fix a block, keep a slice, pin a state) and the stage's first network coloured by block;
 * below, "Reproduce the talk" ({@link TourPane}), added a turn later so that no single turn of the UI thread lays out
 * the whole panel. All state lives in {@link DiscoveryViewModel} and {@link TourViewModel}.
 */
public final class DiscoveryPanel extends BorderPane {

    private final DiscoveryViewModel model;
    private final FlowPane breadcrumb = new FlowPane(6, 6);
    private final ListView<Integer> blocks = new ListView<>();
    private final ListView<Gestures.Combination> combinations = new ListView<>();
    private final ListView<Gestures.ParetoPoint> front = new ListView<>();
    private final TextArea text = new TextArea();
    private final DiagramViewModel diagram = new DiagramViewModel();
    private final TourPane tour;

    public DiscoveryPanel(DiscoveryViewModel model, TourViewModel tourModel) {
        this.model = model;
        Label status = new Label();
        status.setId("discovery-status");
        status.setWrapText(true);
        status.textProperty().bind(model.statusProperty());
        FlowPane bar = new FlowPane(8, 6,
                button("Start from the program", "Ask the angels about the program panel's program (the talk's problem in spec form)",
                        e -> model.startFromProgram()),
                button("Start from the talk (N = 8)", "Ask the angels about the talk's program at N = 8",
                        e -> model.start(TalkTour.talkProblem(8))),
                button("Undo", "Take back the latest constraint (back to the stage before)", e -> model.undo()),
                button("Cancel", "Stop asking the angels", e -> model.cancel()),
                button("Open in Program", "Put this stage's program, constraints written in, into the program panel",
                        e -> model.openInProgram()),
                button("Show network", "Add the stage's first network to the gallery and select it (for classroom mode)",
                        e -> model.showNetwork()));
        bar.getChildren().get(1).setId("discovery-talk8");
        breadcrumb.setId("discovery-breadcrumb");
        VBox top = new VBox(6, bar, breadcrumb, status);
        top.setPadding(new Insets(6));
        setTop(top);
        tip(text, "The stage's program: the talk's problem with every constraint added so far written in");
        text.setEditable(false);
        text.setId("discovery-text");
        text.setStyle("-fx-font-family: monospace");
        blocks.setId("discovery-blocks");
        combinations.setId("discovery-combinations");
        front.setId("discovery-front");
        blocks.setCellFactory(v -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(Integer index, boolean empty) {
                super.updateItem(index, empty);
                Stage stage = model.currentProperty().get();
                boolean shown = !empty && index != null && stage != null && index < stage.rawPartition().blocks().size();
                setText(shown ? blockLabel(stage, index) : null);
            }
        });
        blocks.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> showCombinations(b));
        Spinner<Integer> step = tip(new Spinner<>(1, 64, 1), "The step after which the state is pinned");
        step.setId("discovery-pin-step");
        Button fix = button("Fix block", "Fix the selected block to the selected combination and ask again", e -> {
            Integer block = blocks.getSelectionModel().getSelectedItem();
            Gestures.Combination c = combinations.getSelectionModel().getSelectedItem();
            if (block != null && c != null) model.fix(block, c);
        });
        fix.setId("discovery-fix");
        Button slice = button("Keep slice", "Keep only the networks of the selected size and depth and ask again", e -> {
            Gestures.ParetoPoint p = front.getSelectionModel().getSelectedItem();
            if (p != null) model.slice(p);
        });
        slice.setId("discovery-slice");
        Button pin = button("Pin state", "Pin the state the first analysed trace reaches after the step", e -> model.pin(0, step.getValue()));
        Button reduction = button("Pin the reduction", "Pin the state the angels' reduction in log2 N steps with N − 1 ops reaches",
                e -> model.pinReduction());
        reduction.setId("discovery-pin-reduction");
        VBox gestures = new VBox(6, new Label("Open blocks (raw choices)"), blocks, new Label("Combinations of the selected block"),
                combinations, fix, new Label("Pareto front (size, depth)"), front, slice, org.entangle.app.Controls.row(new Label("after step"), step, pin),
                reduction);
        VBox.setVgrow(blocks, Priority.ALWAYS);
        VBox.setVgrow(combinations, Priority.ALWAYS);
        gestures.setPadding(new Insets(6));
        for (Button b : List.of(fix, slice, pin, reduction)) b.disableProperty().bind(model.busyProperty());
        diagram.setFitOnResize(true);
        SplitPane body = new SplitPane(text, gestures, new DiagramView(diagram));
        body.setDividerPositions(0.36, 0.66);
        tour = new TourPane(tourModel, model.workbench());
        SplitPane main = new SplitPane(body);
        main.setOrientation(javafx.geometry.Orientation.VERTICAL);
        setCenter(main);
        javafx.application.Platform.runLater(() -> {
            main.getItems().add(tour);
            main.setDividerPositions(0.62);
        });
        model.crumbs().addListener((javafx.collections.ListChangeListener<DiscoveryViewModel.Crumb>) c -> showCrumbs());
        model.currentProperty().addListener((o, a, s) -> showStage(s));
        showCrumbs();
        showStage(model.currentProperty().get());
    }

    private void showCrumbs() {
        List<Button> buttons = new ArrayList<>();
        for (DiscoveryViewModel.Crumb crumb : model.crumbs()) {
            Button b = button(crumb.label(), "Reopen this stage (the stages after it are dropped)", e -> model.reopen(crumb.index()));
            b.setId("crumb-" + crumb.index());
            buttons.add(b);
        }
        breadcrumb.getChildren().setAll(buttons);
    }

    private void showStage(Stage stage) {
        if (stage == null) return;
        text.setText(stage.text());
        blocks.getItems().setAll(model.openBlockIndices());
        combinations.getItems().clear();
        front.getItems().setAll(Gestures.paretoFront(stage));
        if (!blocks.getItems().isEmpty()) blocks.getSelectionModel().select(0);
        if (!front.getItems().isEmpty()) front.getSelectionModel().select(0);
        if (!stage.traceList().isEmpty()) {
            var trace = stage.traceList().get(0);
            var partition = stage.openPartition();
            OpGroups coloured = BlockColours.opGroups(ProgramTraceSets.choicesOf(trace, stage.traces().angelNames()), partition,
                    stage.traces().set().names());
            List<String> legend = new ArrayList<>();
            for (Block b : partition.blocks()) {
                legend.add(b.combinations() == 1 ? "settled (" + b.size() + " angels)"
                        : "open: " + b.size() + " angels, " + b.combinations() + " combinations");
            }
            OpGroups groups = new OpGroups(legend, coloured.groups(), coloured.colours());
            Network network = trace.network();
            diagram.show(network, DiagramOptions.DEFAULT.withGroups(groups).withColourBy(DiagramOptions.ColourBy.GROUPS));
        }
    }

    private void showCombinations(Integer block) {
        Stage stage = model.currentProperty().get();
        if (block == null || stage == null) {
            combinations.getItems().clear();
            return;
        }
        combinations.getItems().setAll(Gestures.combinations(stage, stage.rawPartition().blocks().get(block)));
        if (!combinations.getItems().isEmpty()) combinations.getSelectionModel().select(0);
    }

    private static String blockLabel(Stage stage, int index) {
        Block b = stage.rawPartition().blocks().get(index);
        return String.format(Locale.ROOT, "block %d: %d angels, %d combinations (%.0f%% of log|T|)", index, b.size(), b.combinations(),
                100 * b.share());
    }

    /** The tour's pane (for tests). */
    public TourPane tour() {
        return tour;
    }
}
