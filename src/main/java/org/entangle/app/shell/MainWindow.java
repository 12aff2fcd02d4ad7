package org.entangle.app.shell;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.entangle.app.Controls;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.classroom.ClassroomView;
import org.entangle.app.classroom.ClassroomViewModel;
import org.entangle.app.discovery.DiscoveryPanel;
import org.entangle.app.discovery.DiscoveryViewModel;
import org.entangle.app.discovery.TourViewModel;
import org.entangle.app.entangle.EntanglementPanel;
import org.entangle.app.entangle.EntanglementViewModel;
import org.entangle.app.export.ExportActions;
import org.entangle.app.export.ExportViewModel;
import org.entangle.app.gallery.GalleryView;
import org.entangle.app.gallery.GalleryViewModel;
import org.entangle.app.generalise.GeneralisePanel;
import org.entangle.app.generalise.GeneraliseViewModel;
import org.entangle.app.gpu.GpuPanel;
import org.entangle.app.gpu.GpuViewModel;
import org.entangle.app.inspect.CompareMode;
import org.entangle.app.inspect.NetworkPanel;
import org.entangle.app.inspect.NetworkViewModel;
import org.entangle.app.patterns.PatternsPanel;
import org.entangle.app.patterns.PatternsViewModel;
import org.entangle.app.program.ProgramPanel;
import org.entangle.app.program.ProgramViewModel;
import org.entangle.app.task.FxTaskRunner;
import org.entangle.app.task.TrackingTaskRunner;
import org.entangle.entanglement.TraceFiles;

/**
 * The workbench window: menu bar, toolbar, the panels as tabs (program, gallery, network, entanglement, generalise,
 * GPU, patterns, notes), the status bar, and over them a notice of the latest problem ({@link ProblemNotice});
 * classroom mode covers all but the notice with the selected network in large type. Builds each panel's view-model
 * on the shared {@link WorkbenchModel} at once and each panel's controls when its tab is first selected
 * ({@link LazyPanel}); registers the panels' parts of the workspace and shows each opened file in its panel; themes are
 * CSS files under resources.
 */
public final class MainWindow extends StackPane {

    /** Where the problem notice sits: in the bottom-right corner, clear of the status bar. */
    private static final Insets NOTICE_MARGIN = new Insets(0, 16, 40, 0);

    private final WorkbenchModel model;
    private final Map<String, LazyPanel<?>> panels = new LinkedHashMap<>();
    private final TabPane tabs = new TabPane();
    private final BorderPane workbench = new BorderPane();
    private final ClassroomView classroom;
    private final GalleryViewModel gallery;
    private final NetworkViewModel network;
    private final EntanglementViewModel entanglement;
    private final ExportViewModel export;
    private final LazyPanel<NetworkPanel> networkPanel;
    private final GeneraliseViewModel generalise;
    private final ProgramViewModel program;
    private final ClassroomViewModel classroomModel;
    private final MainMenu menu;
    private final GpuViewModel gpu;
    private final TourViewModel tour;
    private final PauseTransition autosave = new PauseTransition(Duration.seconds(2));

    public MainWindow(WorkbenchModel model, WorkbenchActions actions, FxTaskRunner runner, TrackingTaskRunner tracker, Runnable quit) {
        this.model = model;
        gallery = new GalleryViewModel(model);
        network = new NetworkViewModel(model);
        program = new ProgramViewModel(model);
        entanglement = new EntanglementViewModel(model, () -> gallery.shown().stream().map(e -> e.network()).toList(),
                () -> program.resultProperty().get());
        export = ExportViewModel.forSelection(model, () -> network.options().get(),
                () -> network.compareProperty().get() == CompareMode.SIDE_BY_SIDE);
        ExportActions exportActions = new ExportActions(export);
        generalise = new GeneraliseViewModel(model);
        gpu = new GpuViewModel(model);
        addPanel("program", "Program", () -> new ProgramPanel(program), "The angelic program and Ask the angels");
        addPanel("gallery", "Gallery", () -> new GalleryView(gallery), "Networks: families, files, and what the angels found");
        networkPanel = addPanel("network", "Network", () -> new NetworkPanel(network, exportActions),
                "The selected network's diagram and metrics");
        LazyPanel<EntanglementPanel> entanglementPanel = addPanel("entanglement", "Entanglement",
                () -> new EntanglementPanel(entanglement), "Independent sub-computations: the angels' finest valid partition");
        LazyPanel<GeneralisePanel> generalisePanel = addPanel("generalise", "Generalise", () -> new GeneralisePanel(generalise),
                "A program or sketch against an example: live diff, verify over N, synthesis, variants, bank conflicts");
        DiscoveryViewModel discovery = new DiscoveryViewModel(model);
        tour = new TourViewModel(model, discovery);
        addPanel("discovery", "Discovery", () -> new DiscoveryPanel(discovery, tour),
                "The talk's loop: constrain from the angels' partition, ask again; and Reproduce the talk");
        addPanel("gpu", "GPU", () -> new GpuPanel(gpu), "The selected network as a CUDA kernel, checked and benchmarked on the device");
        PatternsViewModel patterns = new PatternsViewModel(model);
        addPanel("patterns", "Patterns", () -> new PatternsPanel(patterns),
                "GPU parallel patterns on the selected network, checked and timed against CUB");
        addPanel("notes", "Notes", this::notes, "Your notes");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("panels");
        menu = new MainMenu(model, actions, () -> {
            var shown = tabs.getSelectionModel().getSelectedItem();
            if (shown == generalisePanel.tab()) return generalisePanel.get().export();
            if (shown == entanglementPanel.tab()) return entanglementPanel.get().export();
            return exportActions;
        }, quit);
        menu.addToHelp("Reproduce the talk…", this::reproduceTheTalk);
        ToolBar toolbar = new ToolBar(
                Controls.button("Catalogue", "Every classic family at the gallery's width", e -> gallery.loadCatalogue()),
                Controls.button("Export", "Export the diagram: SVG, PNG, PDF, TikZ, DOT, JSON or CUDA (Ctrl+E)",
                        e -> menu.exportCurrent()),
                Controls.button("Entangle", "Run the finest partition and colour the diagram by block", e -> {
                    entanglement.run();
                    select("entanglement");
                }),
                Controls.button("Classroom", "Show the selected network full screen for teaching (F11)",
                        e -> model.classroomProperty().set(true)),
                Controls.button("Theme", "Switch between the light and the dark theme",
                        e -> model.darkProperty().set(!model.darkProperty().get())));
        String[] ids = {"tool-catalogue", "tool-export", "tool-entangle", "tool-classroom", "tool-theme"};
        for (int i = 0; i < ids.length; i++) toolbar.getItems().get(i).setId(ids[i]);
        workbench.setTop(new VBox(menu, toolbar));
        workbench.setCenter(tabs);
        workbench.setBottom(new StatusBar(runner, tracker, model.noticeProperty()));
        classroomModel = new ClassroomViewModel();
        classroomModel.networkProperty().bind(model.selectedProperty());
        classroom = new ClassroomView(classroomModel, () -> model.classroomProperty().set(false));
        ProblemNotice notice = new ProblemNotice(model.problemProperty());
        StackPane.setAlignment(notice, Pos.BOTTOM_RIGHT);
        StackPane.setMargin(notice, NOTICE_MARGIN);
        getChildren().addAll(workbench, notice);
        model.classroomProperty().addListener((o, a, on) -> showClassroom(on));
        model.darkProperty().addListener((o, a, b) -> applyTheme());
        sceneProperty().addListener((o, a, b) -> applyTheme());
        autosave.setOnFinished(e -> actions.autosaveInBackground());
        model.networks().addListener((javafx.collections.ListChangeListener<Object>) c -> autosave.playFromStart());
        model.notesProperty().addListener(o -> autosave.playFromStart());
        model.programProperty().addListener(o -> autosave.playFromStart());
        generalise.sourceProperty().addListener(o -> autosave.playFromStart());
        entanglement.resultProperty().addListener(o -> autosave.playFromStart());
        discovery.currentProperty().addListener(o -> autosave.playFromStart());
        model.addPanelState(network.panelState());
        model.addPanelState(entanglement.panelState());
        model.addPanelState(generalise.panelState());
        model.addPanelState(discovery.panelState());
        actions.showOpenedIn(new WorkbenchActions.Shows() {
            @Override
            public void program(String text, boolean angels) {
                if (angels) program.textProperty().set(text);
                else generalise.sourceProperty().set(text);
                select(angels ? "program" : "generalise");
            }

            @Override
            public void traces(Path file) {
                entanglement.analyse(file.getFileName().toString(), null, ctx -> TraceFiles.read(file));
                select("entanglement");
            }

            @Override
            public void panel(String name) {
                select(name);
            }
        });
    }

    /**
     * Shows classroom mode over the workbench, or hides it. The workbench stays in the scene, hidden and left out of
     * the layout, so that coming back restyles and lays out nothing.
     */
    private void showClassroom(boolean on) {
        if (on && classroom.getParent() == null) getChildren().add(1, classroom);
        classroom.setVisible(on);
        classroom.setManaged(on);
        workbench.setVisible(!on);
        workbench.setManaged(!on);
        (on ? classroom : tabs).requestFocus();
    }

    private <N extends Node> LazyPanel<N> addPanel(String name, String title, java.util.function.Supplier<N> content, String tip) {
        LazyPanel<N> panel = new LazyPanel<>(name, title, tip, content);
        panels.put(name, panel);
        tabs.getTabs().add(panel.tab());
        return panel;
    }

    private TextArea notes() {
        TextArea notes = new TextArea();
        notes.setPromptText("Notes on what you found; saved with the workspace.");
        notes.setTooltip(new Tooltip("Your notes, saved with the workspace and autosaved"));
        notes.textProperty().bindBidirectional(model.notesProperty());
        return notes;
    }

    /**
     * Shows the panel called {@code name} ("classroom" turns classroom mode on, "export" opens the network's export
     * dialog); unknown names are refused.
     */
    public void select(String name) {
        String key = name.toLowerCase(Locale.ROOT);
        if (key.equals("classroom")) {
            model.classroomProperty().set(true);
            return;
        }
        if (key.equals("export")) {
            tabs.getSelectionModel().select(panels.get("network").tab());
            javafx.application.Platform.runLater(menu::exportCurrent);
            return;
        }
        LazyPanel<?> panel = panels.get(key);
        if (panel == null) {
            throw new IllegalArgumentException("unknown panel '" + name + "'; panels: " + String.join(", ", panels.keySet())
                    + ", classroom, export");
        }
        tabs.getSelectionModel().select(panel.tab());
    }

    /** Help → Reproduce the talk: the discovery panel with the tour started again at its N. */
    private void reproduceTheTalk() {
        tour.restart();
        select("discovery");
    }

    /** Shows the discovery panel and runs the first {@code steps} steps of the tour at {@code n} (the {@code --tour} option). */
    public void runTour(int n, int steps) {
        select("discovery");
        tour.nProperty().set(n);
        tour.restart();
        tour.runSteps(steps);
    }

    /** The "Reproduce the talk" tour of the discovery panel. */
    public TourViewModel tour() {
        return tour;
    }

    /** The panels' names, in the tabs' order. */
    public List<String> panelNames() {
        return List.copyOf(panels.keySet());
    }

    /** The name of the panel on screen. */
    public String shownPanel() {
        var shown = tabs.getSelectionModel().getSelectedItem();
        return panels.entrySet().stream().filter(p -> p.getValue().tab() == shown).map(Map.Entry::getKey).findFirst().orElseThrow();
    }

    /** Puts the theme's style sheets on the scene: the base sheet and the light or the dark one. */
    private void applyTheme() {
        Scene scene = getScene();
        if (scene == null) return;
        scene.getStylesheets().setAll(css("base.css"), css(model.darkProperty().get() ? "dark.css" : "light.css"));
    }

    private static String css(String name) {
        return MainWindow.class.getResource("/org/entangle/app/" + name).toExternalForm();
    }

    /** The workbench's shared state. */
    WorkbenchModel model() {
        return model;
    }

    public GalleryViewModel gallery() {
        return gallery;
    }

    public EntanglementViewModel entanglement() {
        return entanglement;
    }

    public ProgramViewModel program() {
        return program;
    }

    public ClassroomViewModel classroom() {
        return classroomModel;
    }

    public GeneraliseViewModel generalise() {
        return generalise;
    }

    public GpuViewModel gpu() {
        return gpu;
    }

    public ExportViewModel export() {
        return export;
    }

    /** The network panel, built now if it was not yet shown. */
    public NetworkPanel networkPanel() {
        return networkPanel.get();
    }
}
