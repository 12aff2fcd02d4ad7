package org.entangle.files;

import java.util.List;
import java.util.Map;

/**
 * Everything the user made, as one JSON file: the program, the networks (each in the network file format of
 * {@code org.entangle.network.io}; the angels' networks are kept rather than re-run), which one is selected and
 * which one it is compared with, the notes, and each panel's own state (text fields under the panel's key). Version
 * 1 files, from before the panels' states were saved, have no {@code panels} and still open.
 *
 * @param version  the file format's version
 * @param networks the networks, each as network-file JSON text
 * @param selected index of the selected network, or −1
 * @param compare  index of the network compared with, or −1
 * @param notes    the user's notes
 * @param program  the angelic program being edited (null in files from before it was saved)
 * @param panels   each panel's fields by the panel's key (empty in version 1 files)
 */
public record Workspace(int version, List<String> networks, int selected, int compare, String notes, String program,
                        Map<String, Map<String, String>> panels) {

    /** The version this build writes: 2 added the panels' states. */
    public static final int VERSION = 2;

    public Workspace {
        panels = Map.copyOf(panels);
    }

    /** A workspace without panel states, as version 1 wrote them. */
    public Workspace(int version, List<String> networks, int selected, int compare, String notes, String program) {
        this(version, networks, selected, compare, notes, program, Map.of());
    }
}
