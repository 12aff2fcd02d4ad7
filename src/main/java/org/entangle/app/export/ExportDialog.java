package org.entangle.app.export;

import java.io.File;
import java.nio.file.Path;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * The export dialog: a format (SVG, PNG, PDF, TikZ, DOT, JSON, CUDA), the file (typed or chosen with Browse…;
 * its extension follows the format; it starts in the latest export's folder), and what is exported. Its result is the
 * file to write, or null.
 */
final class ExportDialog extends Dialog<Path> {

    ExportDialog(Window owner, ExportViewModel model) {
        setTitle("Export diagram");
        setHeaderText("Export " + (model.shown().isEmpty() ? "the diagram" : String.join(" and ",
                model.shown().stream().map(n -> n.name()).toList())));
        if (owner != null) initOwner(owner);
        ComboBox<ExportFormat> format = new ComboBox<>(FXCollections.observableArrayList(ExportFormat.values()));
        format.setId("export-format");
        format.setValue(ExportFormat.SVG);
        format.setTooltip(new Tooltip("Drawings (SVG, PNG, PDF, TikZ), data (DOT, JSON) or the network as a CUDA kernel"));
        TextField file = new TextField(model.defaultFile(ExportFormat.SVG).toString());
        file.setId("export-file");
        file.setPrefColumnCount(36);
        file.setTooltip(new Tooltip("The file to write; its extension follows the format"));
        format.valueProperty().addListener((o, a, f) -> file.setText(f.withExtension(file.getText())));
        Button browse = new Button("Browse…");
        browse.setTooltip(new Tooltip("Choose the file"));
        browse.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            File current = new File(file.getText());
            if (current.getParentFile() != null && current.getParentFile().isDirectory()) chooser.setInitialDirectory(current.getParentFile());
            chooser.setInitialFileName(current.getName());
            File chosen = chooser.showSaveDialog(getDialogPane().getScene().getWindow());
            if (chosen != null) file.setText(format.getValue().withExtension(chosen.getPath()));
        });
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(12));
        grid.addRow(0, new Label("Format"), format);
        grid.addRow(1, new Label("File"), file, browse);
        GridPane.setHgrow(file, Priority.ALWAYS);
        getDialogPane().setContent(grid);
        ButtonType export = new ButtonType("Export", ButtonType.OK.getButtonData());
        getDialogPane().getButtonTypes().setAll(export, ButtonType.CANCEL);
        getDialogPane().lookupButton(export).setId("export-confirm");
        getDialogPane().lookupButton(export).disableProperty().bind(file.textProperty().isEmpty());
        setResultConverter(b -> b == export ? Path.of(format.getValue().withExtension(file.getText().strip())) : null);
    }
}
