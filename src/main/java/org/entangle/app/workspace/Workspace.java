package org.entangle.app.workspace;

import java.util.List;

/**
 * Everything the user made, as one JSON file: the program, the networks (each in the network file format of
 * {@code org.entangle.network.io}; the angels' networks are kept rather than re-run), which one is selected and
 * which one it is compared with, and the notes.
 *
 * @param version  the file format's version
 * @param networks the networks, each as network-file JSON text
 * @param selected index of the selected network, or −1
 * @param compare  index of the network compared with, or −1
 * @param notes    the user's notes
 * @param program  the angelic program being edited (null in files from before it was saved)
 */
public record Workspace(int version, List<String> networks, int selected, int compare, String notes, String program) {

    /** The version this build writes. */
    public static final int VERSION = 1;
}
