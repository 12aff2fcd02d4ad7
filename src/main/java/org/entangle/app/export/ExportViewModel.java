package org.entangle.app.export;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.entangle.app.Problem;
import org.entangle.app.WorkbenchModel;
import org.entangle.diagram.DiagramOptions;
import org.entangle.network.Network;

/**
 * Export of one diagram (menu, context menu, Ctrl+E): the networks it shows with its layout options, written on
 * a background task in any {@link ExportFormat}. Once the file is complete, {@link #lastExportProperty()} names it, a
 * notice names it to the user, and its folder becomes the next export's default ({@link #defaultFile}).
 */
public final class ExportViewModel {

    private final WorkbenchModel workbench;
    private final Supplier<List<Network>> networks;
    private final Supplier<DiagramOptions> options;
    private final ObjectProperty<Path> lastExport = new SimpleObjectProperty<>();

    /** Exports what {@code networks} supplies (the first is the diagram's own network) drawn with {@code options}. */
    public ExportViewModel(WorkbenchModel workbench, Supplier<List<Network>> networks, Supplier<DiagramOptions> options) {
        this.workbench = workbench;
        this.networks = networks;
        this.options = options;
    }

    /** The network view's export: the selected network, and the compared one beside it when {@code sideBySide}. */
    public static ExportViewModel forSelection(WorkbenchModel workbench, Supplier<DiagramOptions> options, Supplier<Boolean> sideBySide) {
        return new ExportViewModel(workbench, () -> {
            List<Network> list = new ArrayList<>();
            Network selected = workbench.selectedProperty().get();
            if (selected != null) list.add(selected);
            Network other = workbench.compareWithProperty().get();
            if (sideBySide.get() && other != null && !list.isEmpty()) list.add(other);
            return list;
        }, options);
    }

    /** The networks the diagram shows. */
    public List<Network> shown() {
        return networks.get();
    }

    /** A file name for the export in {@code format}: the diagram's network name. */
    public String suggestedName(ExportFormat format) {
        List<Network> list = shown();
        return (list.isEmpty() ? "diagram" : list.get(0).name()) + "." + format.extension();
    }

    /** Where an export in {@code format} goes unless the user says otherwise: the latest export's folder, else home. */
    public Path defaultFile(ExportFormat format) {
        Path folder = workbench.exportFolderProperty().get();
        return (folder != null ? folder : Path.of(System.getProperty("user.home"))).resolve(suggestedName(format));
    }

    /** Writes the diagram to {@code file}, in the format its extension names. */
    public void exportTo(Path file) {
        List<Network> list = shown();
        if (list.isEmpty()) {
            workbench.problemProperty().set(new Problem("Nothing to export: select a network first.", ""));
            return;
        }
        DiagramOptions o = options.get();
        workbench.tasks().submit("Exporting " + file.getFileName(), ctx -> {
            DiagramExporter.export(list, o, file);
            return file;
        }, written -> {
            Path absolute = written.toAbsolutePath();
            lastExport.set(written);
            workbench.exportFolderProperty().set(absolute.getParent());
            workbench.inform("Exported " + list.get(0).name() + " to " + absolute + ".");
        }, e -> workbench.report("Exporting " + file.getFileName(), e));
    }

    public ObjectProperty<Path> lastExportProperty() {
        return lastExport;
    }
}
