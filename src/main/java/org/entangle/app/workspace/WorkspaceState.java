package org.entangle.app.workspace;

import java.util.ArrayList;
import java.util.List;
import org.entangle.app.WorkbenchModel;
import org.entangle.network.Network;
import org.entangle.network.io.NetworkJsonReader;
import org.entangle.network.io.NetworkJsonWriter;

/**
 * What the workbench holds of a {@link Workspace}, as values: the networks (immutable), which one is selected and which
 * one it is compared with, the notes and the program. Taking it from the {@link WorkbenchModel} and putting it back
 * copy a list and are done on the UI thread; turning it into a file's network texts and back is done by the save,
 * autosave and open jobs, since the angels' thousand networks take a tenth of a second or more to write as JSON.
 *
 * @param networks the networks, in the gallery's order
 * @param selected index of the selected network, or −1
 * @param compare  index of the network compared with, or −1
 * @param notes    the user's notes (null in files without them)
 * @param program  the angelic program being edited (null in files from before it was saved)
 */
public record WorkspaceState(List<Network> networks, int selected, int compare, String notes, String program) {

    public WorkspaceState {
        networks = List.copyOf(networks);
    }

    /** What {@code model} holds now; on the UI thread. */
    public static WorkspaceState of(WorkbenchModel model) {
        List<Network> networks = model.networks();
        return new WorkspaceState(networks, networks.indexOf(model.selectedProperty().get()),
                networks.indexOf(model.compareWithProperty().get()), model.notesProperty().get(), model.programProperty().get());
    }

    /** The state a workspace file holds, its networks read from their texts; {@code source} names the file in errors. */
    public static WorkspaceState read(Workspace workspace, String source) {
        List<Network> networks = new ArrayList<>();
        for (int i = 0; i < workspace.networks().size(); i++) {
            networks.add(NetworkJsonReader.read(source + " network " + (i + 1), workspace.networks().get(i)));
        }
        return new WorkspaceState(networks, workspace.selected(), workspace.compare(), workspace.notes(), workspace.program());
    }

    /** The workspace file of this state, each network written as network-file JSON. */
    public Workspace toWorkspace() {
        List<String> texts = new ArrayList<>();
        for (Network n : networks) texts.add(NetworkJsonWriter.write(n));
        return new Workspace(Workspace.VERSION, texts, selected, compare, notes, program);
    }

    /** Replaces {@code model}'s networks, selection, comparison and notes, and its program when this has one; on the UI thread. */
    public void restoreInto(WorkbenchModel model) {
        model.replaceNetworks(networks);
        if (selected >= 0 && selected < networks.size()) model.selectedProperty().set(networks.get(selected));
        model.compareWithProperty().set(compare >= 0 && compare < networks.size() ? networks.get(compare) : null);
        model.notesProperty().set(notes == null ? "" : notes);
        if (program != null && !program.isBlank()) model.programProperty().set(program);
    }
}
