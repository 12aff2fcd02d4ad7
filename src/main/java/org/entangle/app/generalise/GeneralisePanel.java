package org.entangle.app.generalise;

import static org.entangle.app.Controls.button;
import static org.entangle.app.Controls.longList;
import static org.entangle.app.Controls.tip;

import java.time.Duration;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.entangle.app.Controls;
import org.entangle.app.code.CodeAreas;
import org.entangle.app.code.CodeHighlighter;
import org.entangle.app.diagram.DiagramView;
import org.entangle.app.diagram.DiagramViewModel;
import org.entangle.app.export.ExportActions;
import org.entangle.app.export.ExportViewModel;
import org.entangle.diagram.DiagramOptions;
import org.entangle.network.Network;
import org.fxmisc.richtext.CodeArea;

/**
 * The generalise panel: the program or sketch in an editor above the program's network diff-coloured against the
 * chosen example network, updated as the user types (debounced 300 ms, computed in the background), and one
 * click away: Verify over a range of N (table and charts), Synthesize a sketch's holes, Variants, and the
 * bank-conflict heat-map; progress and Cancel for the long work, errors inline.
 */
public final class GeneralisePanel extends BorderPane {

    /** The pause after the last keystroke before the diff is recomputed. */
    public static final Duration DEBOUNCE = Duration.ofMillis(300);

    private final GeneraliseViewModel model;
    private final DiagramViewModel diagram = new DiagramViewModel();
    private final ExportActions export;

    public GeneralisePanel(GeneraliseViewModel model) {
        this.model = model;
        diagram.setFitOnResize(true);
        Label live = new Label();
        live.setId("generalise-live");
        live.setWrapText(true);
        live.setPadding(new Insets(4, 6, 4, 6));
        model.liveProperty().addListener((o, a, r) -> showLive(live, r));
        if (model.liveProperty().get() != null) showLive(live, model.liveProperty().get());
        model.variantProperty().addListener((o, a, b) -> redraw());
        VBox left = new VBox(editor(), live);
        VBox.setVgrow(left.getChildren().get(0), javafx.scene.layout.Priority.ALWAYS);
        export = new ExportActions(new ExportViewModel(model.workbench(), this::shown, this::options));
        SplitPane programSide = new SplitPane(left, diagramView());
        programSide.setOrientation(Orientation.VERTICAL);
        programSide.setDividerPositions(0.45);
        SplitPane body = new SplitPane(programSide, results());
        body.setDividerPositions(0.45);
        setTop(new VBox(toolbar(), progressLine()));
        setCenter(body);
        redraw();
    }

    private Region editor() {
        CodeArea editor = CodeAreas.create(CodeHighlighter.ANGELIC, true);
        editor.setId("generalise-editor");
        CodeAreas.show(editor, CodeHighlighter.ANGELIC, model.sourceProperty().get());
        editor.getUndoManager().forgetHistory();
        model.sourceProperty().addListener((o, a, text) -> {
            if (!text.equals(editor.getText())) CodeAreas.show(editor, CodeHighlighter.ANGELIC, text);
        });
        editor.multiPlainChanges().successionEnds(DEBOUNCE).subscribe(c -> model.sourceProperty().set(editor.getText()));
        return CodeAreas.scrolled(editor);
    }

    private TabPane results() {
        TabPane results = new TabPane(
                tab("Verification", "The program checked at each N: the table, the verdict and size(N), depth(N)",
                        () -> new VerificationPane(model)),
                tab("Synthesis", "A sketch's holes filled: the program found, each filled hole marked",
                        () -> new SynthesisPane(model)),
                tab("Bank conflicts", "Shared-memory bank conflicts of the program's network, step by step",
                        () -> new BankPane(model)));
        results.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        results.setId("generalise-results");
        model.verificationProperty().addListener((o, a, b) -> results.getSelectionModel().select(0));
        model.synthesisProperty().addListener((o, a, b) -> {
            if (b != null) results.getSelectionModel().select(1);
        });
        model.banksProperty().addListener((o, a, b) -> results.getSelectionModel().select(2));
        return results;
    }

    private DiagramView diagramView() {
        DiagramView view = new DiagramView(diagram);
        view.setId("generalise-diagram");
        export.attachContextMenu(view);
        return view;
    }

    private FlowPane toolbar() {
        ComboBox<Network> example = tip(longList(new ComboBox<>(model.workbench().networks())),
                "The example network the program is compared with");
        example.valueProperty().bindBidirectional(model.exampleProperty());
        example.setPrefWidth(190);
        example.setId("generalise-example");
        Spinner<Integer> from = tip(new Spinner<>(1, 4096, model.fromNProperty().get()), "Verify from this N");
        Spinner<Integer> to = tip(new Spinner<>(1, 4096, model.toNProperty().get()), "Verify up to this N (also the N of the bank-conflict map)");
        from.valueProperty().addListener((o, a, b) -> model.fromNProperty().set(b));
        to.valueProperty().addListener((o, a, b) -> model.toNProperty().set(b));
        from.setEditable(true);
        to.setEditable(true);
        from.setPrefWidth(80);
        to.setPrefWidth(80);
        CheckBox powers = tip(new CheckBox("powers of 2"), "Verify only at N = 1, 2, 4, 8, …");
        powers.selectedProperty().bindBidirectional(model.powersOfTwoProperty());
        Button verify = button("Verify", "Run the program at every N of the range and check each network", e -> model.verify());
        verify.setId("generalise-verify");
        Button synth = button("Synthesize", "Fill the sketch's ?? holes from the example", e -> model.synthesize());
        synth.setId("generalise-synthesize");
        MenuButton variants = new MenuButton("Variants");
        variants.setTooltip(new Tooltip("Variants of the program's network, compared with the example and added to the gallery"));
        for (VariantTarget t : VariantTarget.all()) {
            MenuItem item = new MenuItem(t.name());
            item.setOnAction(e -> model.applyVariant(t));
            variants.getItems().add(item);
        }
        Button banks = button("Bank conflicts", "Shared-memory bank conflicts of the program's network at the range's last N",
                e -> model.bankConflicts());
        banks.setId("generalise-banks");
        MenuButton open = new MenuButton("Open");
        open.setTooltip(new Tooltip("Start from the talk's Brent–Kung program or its sketch"));
        for (String name : List.of(GeneraliseViewModel.START_PROGRAM, GeneraliseViewModel.START_SKETCH)) {
            MenuItem item = new MenuItem(name);
            item.setOnAction(e -> model.sourceProperty().set(GeneraliseViewModel.resource(name)));
            open.getItems().add(item);
        }
        for (javafx.scene.Node n : List.of(verify, synth, variants, banks)) n.disableProperty().bind(model.busyProperty());
        FlowPane bar = new FlowPane(8, 6, Controls.row(open, new Label("example"), example),
                Controls.row(new Label("N"), from, new Label("…"), to, powers), Controls.row(verify, synth, variants, banks));
        bar.setPadding(new Insets(6));
        return bar;
    }

    private HBox progressLine() {
        ProgressBar bar = new ProgressBar();
        bar.progressProperty().bind(model.fractionProperty());
        bar.visibleProperty().bind(model.busyProperty());
        bar.managedProperty().bind(model.busyProperty());
        Button cancel = button("Cancel", "Stop the running verify, synthesis or bank search", e -> model.cancel());
        cancel.setId("generalise-cancel");
        cancel.visibleProperty().bind(model.busyProperty());
        cancel.managedProperty().bind(model.busyProperty());
        Label message = new Label();
        message.setId("generalise-message");
        message.textProperty().bind(model.messageProperty());
        HBox line = new HBox(8, bar, cancel, message);
        line.managedProperty().bind(model.busyProperty().or(model.messageProperty().isNotEmpty()));
        line.visibleProperty().bind(line.managedProperty());
        line.setPadding(new Insets(0, 6, 4, 6));
        line.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        return line;
    }

    /** A results tab whose pane is built when the tab is first selected (it shows the model's result at once). */
    private static Tab tab(String title, String tip, java.util.function.Supplier<javafx.scene.Node> content) {
        Tab t = new Tab(title);
        t.setTooltip(new Tooltip(tip));
        t.setId("generalise-tab-" + title.toLowerCase(java.util.Locale.ROOT).replace(' ', '-'));
        t.selectedProperty().addListener((o, was, selected) -> {
            if (selected && t.getContent() == null) t.setContent(content.get());
        });
        return t;
    }

    /** The network drawn: the variant, else the program's network, else the example alone. */
    private List<Network> shown() {
        Network v = model.variantProperty().get();
        Network own = v != null ? v : model.liveProperty().get().instance();
        Network ex = model.exampleProperty().get();
        return own != null ? List.of(own) : ex != null ? List.of(ex) : List.of();
    }

    private DiagramOptions options() {
        Network ex = model.exampleProperty().get();
        boolean diff = ex != null && (model.variantProperty().get() != null || model.liveProperty().get().instance() != null);
        return diff ? DiagramOptions.DEFAULT.withDiffAgainst(ex) : DiagramOptions.DEFAULT;
    }

    /** The live diff's message (red when it is an error) and its diagram. */
    private void showLive(Label live, LiveResult r) {
        live.setText(r.message());
        live.setStyle(r.error() ? "-fx-text-fill: #c00000;" : "");
        redraw();
    }

    private void redraw() {
        List<Network> list = shown();
        if (!list.isEmpty()) diagram.show(list.get(0), options());
    }

    /** The diagram's export actions (Ctrl+E while this panel shows). */
    public ExportActions export() {
        return export;
    }

    /** The diagram's view-model (what it draws). */
    public DiagramViewModel diagram() {
        return diagram;
    }
}
