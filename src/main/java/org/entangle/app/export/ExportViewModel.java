package org.entangle.app.export;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.entangle.app.WorkbenchModel;
import org.entangle.diagram.DiagramOptions;
import org.entangle.network.Network;

/**
 * Export of the current diagram (menu, context menu, Ctrl+E): the selected network, and the compared one beside
 * it when the view shows both, written on a background task. {@link #lastExportProperty()} names the file once
 * it is complete.
 */
public final class ExportViewModel {

    private final WorkbenchModel workbench;
    private final Supplier<DiagramOptions> options;
    private final Supplier<Boolean> sideBySide;
    private final ObjectProperty<Path> lastExport = new SimpleObjectProperty<>();

    public ExportViewModel(WorkbenchModel workbench, Supplier<DiagramOptions> options, Supplier<Boolean> sideBySide) {
        this.workbench = workbench;
        this.options = options;
        this.sideBySide = sideBySide;
    }

    /** The networks the current diagram shows. */
    public List<Network> shown() {
        List<Network> list = new ArrayList<>();
        if (workbench.selectedProperty().get() != null) list.add(workbench.selectedProperty().get());
        Network other = workbench.compareWithProperty().get();
        if (sideBySide.get() && other != null && !list.isEmpty()) list.add(other);
        return list;
    }

    /** Writes the current diagram to {@code file}, in the format its extension names. */
    public void exportTo(Path file) {
        List<Network> networks = shown();
        if (networks.isEmpty()) {
            workbench.problemProperty().set(new org.entangle.app.Problem("Nothing to export: select a network first.", ""));
            return;
        }
        DiagramOptions o = options.get();
        workbench.tasks().submit("Exporting " + file.getFileName(), ctx -> {
            DiagramExporter.export(networks, o, file);
            return file;
        }, lastExport::set, e -> workbench.report("Exporting " + file.getFileName(), e));
    }

    public ObjectProperty<Path> lastExportProperty() {
        return lastExport;
    }
}
