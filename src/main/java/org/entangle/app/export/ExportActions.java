package org.entangle.app.export;

import java.io.File;
import javafx.scene.Node;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.entangle.app.Screenshots;
import org.entangle.diagram.export.DiagramFormat;

/** The export dialog (a file chooser with one filter per format) and "copy diagram as image". */
public final class ExportActions {

    private final ExportViewModel model;

    public ExportActions(ExportViewModel model) {
        this.model = model;
    }

    /** Asks for a file and exports the current diagram to it. */
    public void exportWithDialog(Window owner) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export diagram");
        for (DiagramFormat f : DiagramFormat.values()) {
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(f.name() + " (*." + f.extension() + ")",
                    "*." + f.extension()));
        }
        String name = model.shown().isEmpty() ? "diagram" : model.shown().get(0).name();
        chooser.setInitialFileName(name + ".svg");
        File file = chooser.showSaveDialog(owner);
        if (file != null) model.exportTo(withExtension(file, chooser.getSelectedExtensionFilter()));
    }

    private static java.nio.file.Path withExtension(File file, FileChooser.ExtensionFilter filter) {
        if (DiagramFormat.byFileName(file.getName()) != null || filter == null) return file.toPath();
        return file.toPath().resolveSibling(file.getName() + filter.getExtensions().get(0).substring(1));
    }

    /** Puts a picture of {@code diagram} on the system clipboard. */
    public static void copyImage(Node diagram) {
        ClipboardContent content = new ClipboardContent();
        content.putImage(Screenshots.of(diagram));
        Clipboard.getSystemClipboard().setContent(content);
    }
}
