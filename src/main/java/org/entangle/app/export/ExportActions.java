package org.entangle.app.export;

import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCombination;
import javafx.stage.Window;
import org.entangle.app.Screenshots;

/** A diagram's export actions: the export dialog (every {@link ExportFormat}), "copy as image", and its context menu. */
public final class ExportActions {

    private final ExportViewModel model;

    public ExportActions(ExportViewModel model) {
        this.model = model;
    }

    /** Asks for a format and a file, then exports the diagram to it in the background. */
    public void exportWithDialog(Window owner) {
        new ExportDialog(owner, model).showAndWait().ifPresent(model::exportTo);
    }

    /** Gives {@code diagram} a context menu: Export diagram… and Copy as image. */
    public void attachContextMenu(Node diagram) {
        MenuItem export = new MenuItem("Export diagram… (SVG, PNG, PDF, TikZ, DOT, JSON, CUDA)");
        export.setAccelerator(KeyCombination.keyCombination("Shortcut+E"));
        export.setOnAction(e -> exportWithDialog(diagram.getScene() == null ? null : diagram.getScene().getWindow()));
        MenuItem copy = new MenuItem("Copy as image");
        copy.setOnAction(e -> copyImage(diagram));
        ContextMenu menu = new ContextMenu(export, copy);
        diagram.setOnContextMenuRequested(e -> menu.show(diagram, e.getScreenX(), e.getScreenY()));
    }

    /** Puts a picture of {@code diagram} on the system clipboard. */
    public static void copyImage(Node diagram) {
        ClipboardContent content = new ClipboardContent();
        content.putImage(Screenshots.of(diagram));
        Clipboard.getSystemClipboard().setContent(content);
    }
}
