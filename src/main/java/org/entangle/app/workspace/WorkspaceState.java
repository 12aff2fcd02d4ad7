package org.entangle.app.workspace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.entangle.app.PanelState;
import org.entangle.app.WorkbenchModel;
import org.entangle.files.Workspace;
import org.entangle.network.Network;
import org.entangle.network.io.NetworkJsonReader;
import org.entangle.network.io.NetworkJsonWriter;

/**
 * What the workbench holds of a {@link Workspace}, as values: the networks (immutable), which one is selected and which
 * one it is compared with, the notes, the program and the panels' states ({@link PanelState}). Taking it from the
 * {@link WorkbenchModel} and putting it back copy a list and are done on the UI thread; turning it into a file's texts
 * and back is done by the save, autosave and open jobs, since the angels' thousand networks take a tenth of a second
 * or more to write as JSON.
 *
 * @param networks the networks, in the gallery's order
 * @param selected index of the selected network, or −1
 * @param compare  index of the network compared with, or −1
 * @param notes    the user's notes (null in files without them)
 * @param program  the angelic program being edited (null in files from before it was saved)
 * @param panels   each panel's fields by its key, given as text on the job that writes them
 */
public record WorkspaceState(List<Network> networks, int selected, int compare, String notes, String program,
                             Map<String, Supplier<Map<String, String>>> panels) {

    public WorkspaceState {
        networks = List.copyOf(networks);
        panels = Map.copyOf(panels);
    }

    /** What {@code model} holds now; on the UI thread. */
    public static WorkspaceState of(WorkbenchModel model) {
        List<Network> networks = model.networks();
        Map<String, Supplier<Map<String, String>>> panels = new LinkedHashMap<>();
        for (PanelState panel : model.panelStates()) panels.put(panel.key(), panel.capture());
        return new WorkspaceState(networks, networks.indexOf(model.selectedProperty().get()),
                networks.indexOf(model.compareWithProperty().get()), model.notesProperty().get(), model.programProperty().get(),
                panels);
    }

    /** The state a workspace file holds, its networks read from their texts; {@code source} names the file in errors. */
    public static WorkspaceState read(Workspace workspace, String source) {
        List<Network> networks = new ArrayList<>();
        for (int i = 0; i < workspace.networks().size(); i++) {
            networks.add(NetworkJsonReader.read(source + " network " + (i + 1), workspace.networks().get(i)));
        }
        Map<String, Supplier<Map<String, String>>> panels = new LinkedHashMap<>();
        workspace.panels().forEach((key, fields) -> panels.put(key, () -> fields));
        return new WorkspaceState(networks, workspace.selected(), workspace.compare(), workspace.notes(), workspace.program(), panels);
    }

    /** The workspace file of this state, each network written as network-file JSON; on the saving job. */
    public Workspace toWorkspace() {
        List<String> texts = new ArrayList<>();
        for (Network n : networks) texts.add(NetworkJsonWriter.write(n));
        Map<String, Map<String, String>> fields = new LinkedHashMap<>();
        panels.forEach((key, panel) -> fields.put(key, Map.copyOf(panel.get())));
        return new Workspace(Workspace.VERSION, texts, selected, compare, notes, program, fields);
    }

    /**
     * Replaces {@code model}'s networks, selection, comparison and notes, and its program when this has one, then gives
     * each panel the fields saved for it; on the UI thread.
     */
    public void restoreInto(WorkbenchModel model) {
        model.replaceNetworks(networks);
        if (selected >= 0 && selected < networks.size()) model.selectedProperty().set(networks.get(selected));
        model.compareWithProperty().set(compare >= 0 && compare < networks.size() ? networks.get(compare) : null);
        model.notesProperty().set(notes == null ? "" : notes);
        if (program != null && !program.isBlank()) model.programProperty().set(program);
        for (PanelState panel : model.panelStates()) {
            Supplier<Map<String, String>> saved = panels.get(panel.key());
            if (saved != null) panel.restore(saved.get());
        }
    }
}
