package org.entangle.app.shell;

import java.io.File;
import java.nio.file.Path;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCombination;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.entangle.app.WorkbenchModel;
import org.entangle.app.export.ExportActions;

/**
 * The menu bar: File, Edit, View, Help, with the standard shortcuts. Every item forwards to a model or action;
 * Export (Ctrl+E) exports the diagram of the panel shown.
 */
final class MainMenu extends MenuBar {

    private final WorkbenchModel model;
    private final WorkbenchActions actions;
    private final Menu recent = new Menu("Open recent");
    private final Supplier<ExportActions> export;

    MainMenu(WorkbenchModel model, WorkbenchActions actions, Supplier<ExportActions> export, Runnable quit) {
        this.model = model;
        this.actions = actions;
        this.export = export;
        Menu file = new Menu("File", null,
                item("Open…", "Shortcut+O", () -> openWithDialog()), recent,
                item("Save workspace…", "Shortcut+S", () -> saveWithDialog()),
                new SeparatorMenuItem(),
                item("Export diagram…", "Shortcut+E", this::exportCurrent),
                new SeparatorMenuItem(),
                item("Quit", "Shortcut+Q", quit));
        Menu edit = new Menu("Edit", null,
                item("Undo", "Shortcut+Z", () -> onFocusedText(TextInputControl::undo, org.fxmisc.richtext.CodeArea::undo)),
                item("Redo", "Shortcut+Shift+Z", () -> onFocusedText(TextInputControl::redo, org.fxmisc.richtext.CodeArea::redo)));
        CheckMenuItem dark = new CheckMenuItem("Dark theme");
        dark.selectedProperty().bindBidirectional(model.darkProperty());
        CheckMenuItem classroom = new CheckMenuItem("Classroom mode");
        classroom.setAccelerator(KeyCombination.keyCombination("F11"));
        classroom.selectedProperty().bindBidirectional(model.classroomProperty());
        Menu view = new Menu("View", null, dark, classroom);
        Menu help = new Menu("Help", null, item("About Entangle", null, this::about));
        getMenus().setAll(file, edit, view, help);
        actions.settingsProperty().addListener((o, a, b) -> fillRecent());
        fillRecent();
    }

    /** Exports the diagram of the panel shown (Ctrl+E). */
    void exportCurrent() {
        export.get().exportWithDialog(window());
    }

    /** Adds an item to the Help menu, above About. */
    void addToHelp(String text, Runnable action) {
        Menu help = getMenus().get(getMenus().size() - 1);
        help.getItems().add(help.getItems().size() - 1, item(text, null, action));
    }

    private MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem item = new MenuItem(text);
        if (accelerator != null) item.setAccelerator(KeyCombination.keyCombination(accelerator));
        item.setOnAction(e -> action.run());
        return item;
    }

    private void fillRecent() {
        recent.getItems().clear();
        for (String path : actions.settingsProperty().get().recentFiles()) {
            recent.getItems().add(item(path, null, () -> actions.open(Path.of(path))));
        }
        recent.setDisable(recent.getItems().isEmpty());
    }

    private Window window() {
        return getScene() == null ? null : getScene().getWindow();
    }

    private void openWithDialog() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open a program, a network, a trace set or a workspace");
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Programs, networks, trace sets and workspaces",
                        "*.angel", "*.json", "*.txt", "*.net", "*.csv"),
                new FileChooser.ExtensionFilter("All files", "*"));
        File f = chooser.showOpenDialog(window());
        if (f != null) actions.open(f.toPath());
    }

    private void saveWithDialog() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save workspace");
        chooser.setInitialFileName("workspace" + WorkbenchActions.WORKSPACE_SUFFIX);
        File f = chooser.showSaveDialog(window());
        if (f != null) actions.saveWorkspace(f.toPath());
    }

    private void onFocusedText(java.util.function.Consumer<TextInputControl> action,
                               java.util.function.Consumer<org.fxmisc.richtext.CodeArea> codeAction) {
        Scene scene = getScene();
        Node focused = scene == null ? null : scene.getFocusOwner();
        if (focused instanceof TextInputControl text) action.accept(text);
        else if (focused instanceof org.fxmisc.richtext.CodeArea code) codeAction.accept(code);
    }

    private void about() {
        Alert about = new Alert(Alert.AlertType.INFORMATION, "Entangle: discovering parallel scan networks with angelic "
                + "programming.\n\nGallery: families and found networks. Network: the diagram and its metrics. "
                + "Entanglement: independent sub-computations. Generalise: a program or sketch against an example, verified over N. "
                + "F11: classroom mode; arrow keys step through the network.");
        about.setHeaderText("Entangle workbench");
        about.initOwner(window());
        about.show();
    }
}
