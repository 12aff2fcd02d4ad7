package org.entangle.app;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javafx.animation.PauseTransition;
import javafx.beans.property.ReadOnlyBooleanProperty;
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
import org.entangle.app.classroom.ClassroomView;
import org.entangle.app.classroom.ClassroomViewModel;
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
import org.entangle.app.task.UiPriority;

/**
 * The workbench window: menu bar, toolbar, the panels as tabs (program, gallery, network, entanglement, generalise,
 * GPU, patterns, notes), the status bar, and over them a notice of the latest problem ({@link ProblemNotice});
 * classroom mode covers all but the notice with the selected network in large type. Builds each panel's view-model
 * on the shared {@link WorkbenchModel} at once and each panel's controls when it is first shown ({@link LazyPanel}),
 * or once the user has been idle a while ({@link IdlePanelBuilder}); themes are CSS files under resources. Changing
 * the panel shown, or classroom mode, asks the running jobs to give way to the UI a moment ({@link UiPriority}).
 */
public final class MainWindow extends StackPane {

    /** How long the window's size must stay put before the panels not on screen are laid out at it. */
    private static final Duration RESIZE_SETTLED = Duration.millis(300);

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
    private final ReadOnlyBooleanProperty jobsNotGivingWay;
    private final UiPriority priority;
    private final PauseTransition autosave = new PauseTransition(Duration.seconds(2));
    private final PauseTransition resized = new PauseTransition(RESIZE_SETTLED);
    private final Set<LazyPanel<?>> heldForResize = new LinkedHashSet<>();

    public MainWindow(WorkbenchModel model, WorkbenchActions actions, FxTaskRunner runner, TrackingTaskRunner tracker, Runnable quit) {
        this.model = model;
        jobsNotGivingWay = runner.busyNotGivingWayProperty();
        priority = runner.uiPriority();
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
                () -> new EntanglementPanel(entanglement), "Independent sub-computations (GUIDE §4)");
        LazyPanel<GeneralisePanel> generalisePanel = addPanel("generalise", "Generalise", () -> new GeneralisePanel(generalise),
                "A program or sketch against an example: live diff, verify over N, synthesis, variants, bank conflicts");
        addPanel("gpu", "GPU", () -> new GpuPanel(gpu), "The selected network as a CUDA kernel, checked and benchmarked on the device");
        PatternsViewModel patterns = new PatternsViewModel(model);
        addPanel("patterns", "Patterns", () -> new PatternsPanel(patterns),
                "GPU parallel patterns on the selected network, checked and timed against CUB");
        addPanel("notes", "Notes", this::notes, "Your notes");
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("panels");
        tabs.getSelectionModel().selectedItemProperty().addListener(o -> priority.giveWay());
        menu = new MainMenu(model, actions, () -> {
            var shown = tabs.getSelectionModel().getSelectedItem();
            if (shown == generalisePanel.tab()) return generalisePanel.get().export();
            if (shown == entanglementPanel.tab()) return entanglementPanel.get().export();
            return exportActions;
        }, quit);
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
        workbench.setBottom(new StatusBar(runner, tracker));
        classroomModel = new ClassroomViewModel();
        classroomModel.networkProperty().bind(model.selectedProperty());
        classroom = new ClassroomView(classroomModel, () -> model.classroomProperty().set(false));
        ProblemNotice notice = new ProblemNotice(model.problemProperty());
        StackPane.setAlignment(notice, Pos.BOTTOM_RIGHT);
        StackPane.setMargin(notice, NOTICE_MARGIN);
        getChildren().addAll(workbench, notice);
        model.classroomProperty().addListener((o, a, on) -> showClassroom(on));
        tabs.widthProperty().addListener(o -> resizing());
        tabs.heightProperty().addListener(o -> resizing());
        resized.setOnFinished(e -> {
            heldForResize.forEach(panel -> Staged.later(panel::attach));
            heldForResize.clear();
        });
        model.darkProperty().addListener((o, a, b) -> applyTheme());
        sceneProperty().addListener((o, a, b) -> applyTheme());
        autosave.setOnFinished(e -> actions.autosaveInBackground());
        model.networks().addListener((javafx.collections.ListChangeListener<Object>) c -> autosave.playFromStart());
        model.notesProperty().addListener(o -> autosave.playFromStart());
        model.programProperty().addListener(o -> autosave.playFromStart());
    }

    /**
     * Shows classroom mode over the workbench, or hides it. The workbench stays in the scene, hidden and left out of
     * the layout, so that coming back restyles and lays out nothing: put back into the scene, the whole workbench was
     * restyled in one pulse: leaving classroom mode held the UI thread for 50–62 ms on the 2-core dev box
     * ({@code bench actions}), 14–21 ms since.
     */
    private void showClassroom(boolean on) {
        priority.giveWay();
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

    /** The panels' names, in the tabs' order. */
    public List<String> panelNames() {
        return List.copyOf(panels.keySet());
    }

    /** The name of the panel on screen. */
    public String shownPanel() {
        var shown = tabs.getSelectionModel().getSelectedItem();
        return panels.entrySet().stream().filter(p -> p.getValue().tab() == shown).map(Map.Entry::getKey).findFirst().orElseThrow();
    }

    /**
     * Leaves the built panels not on screen out of the layout while the window's size changes, and lays them out at
     * the new size once it has stayed put for {@link #RESIZE_SETTLED}, one per turn ({@link Staged#later}), or at once
     * when a tab is selected first ({@link LazyPanel#attach}): a tab pane lays out every tab's content as it is
     * resized, hidden or not, and a larger window held the UI thread for 63–76 ms ({@code bench actions}), 22–36 ms
     * since.
     */
    private void resizing() {
        hiddenBuiltPanels().forEach(panel -> {
            panel.holdLayout();
            heldForResize.add(panel);
        });
        if (!heldForResize.isEmpty()) resized.playFromStart();
    }

    /**
     * Puts the theme's style sheets on the scene. Every node in the scene is restyled in the next pulse, so the built
     * panels not on screen leave it first ({@link LazyPanel#detach}) and come back one per turn ({@link Staged#later}),
     * each styled in its own turn, or at once when its tab is selected first: restyled all together, the eight panels
     * held the UI thread for 121–178 ms on the 2-core dev box ({@code bench actions}), 24–52 ms since.
     */
    private void applyTheme() {
        Scene scene = getScene();
        if (scene == null) return;
        List<LazyPanel<?>> hidden = hiddenBuiltPanels();
        hidden.forEach(LazyPanel::detach);
        scene.getStylesheets().setAll(css("base.css"), css(model.darkProperty().get() ? "dark.css" : "light.css"));
        hidden.forEach(panel -> Staged.later(panel::attach));
    }

    /** The panels built but not on screen. */
    private List<LazyPanel<?>> hiddenBuiltPanels() {
        return panels.values().stream().filter(panel -> panel.built() && !panel.tab().isSelected()).toList();
    }

    private static String css(String name) {
        return MainWindow.class.getResource(name).toExternalForm();
    }

    /** Builds the panels not opened yet while the user is idle ({@link IdlePanelBuilder}); call once shown. */
    void buildPanelsWhenIdle() {
        List<Runnable> builds = panels.values().stream().map(panel -> (Runnable) panel::get).toList();
        IdlePanelBuilder.start(getScene(), builds, tabs.getSelectionModel().selectedItemProperty(), jobsNotGivingWay,
                priority::giveWay, IdlePanelBuilder.QUIET, IdlePanelBuilder.GAP);
    }

    /**
     * Runs {@code then} once every panel is built ({@link #buildPanelsWhenIdle}) and none of their parts waits
     * ({@link Staged}), checked every 200 ms.
     */
    void whenEveryPanelBuilt(Runnable then) {
        PauseTransition check = new PauseTransition(Duration.millis(200));
        check.setOnFinished(e -> {
            if (panels.values().stream().allMatch(LazyPanel::built) && !Staged.pendingProperty().get()) then.run();
            else check.playFromStart();
        });
        check.play();
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
