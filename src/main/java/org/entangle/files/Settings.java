package org.entangle.files;

import java.util.List;

/**
 * What the workbench remembers between runs.
 *
 * @param x           window x, or null when never placed
 * @param y           window y, or null when never placed
 * @param width       window width
 * @param height      window height
 * @param maximized   whether the window was maximised
 * @param dark        dark theme
 * @param lastWorkspace the workspace open at exit, or null
 * @param recentFiles most recent first
 * @param exportFolder the folder of the latest export, the next export's default, or null before the first
 */
public record Settings(Double x, Double y, double width, double height, boolean maximized, boolean dark,
                       String lastWorkspace, List<String> recentFiles, String exportFolder) {

    /** Settings of a first run. */
    public static Settings defaults() {
        return new Settings(null, null, 1280, 820, false, false, null, List.of(), null);
    }

    public Settings withGeometry(double nx, double ny, double w, double h, boolean max) {
        return new Settings(nx, ny, w, h, max, dark, lastWorkspace, recentFiles, exportFolder);
    }

    public Settings withDark(boolean d) {
        return new Settings(x, y, width, height, maximized, d, lastWorkspace, recentFiles, exportFolder);
    }

    public Settings withLastWorkspace(String path) {
        return new Settings(x, y, width, height, maximized, dark, path, recentFiles, exportFolder);
    }

    /** Puts {@code path} first in the recent files, keeping at most ten. */
    public Settings withRecentFile(String path) {
        java.util.List<String> list = new java.util.ArrayList<>(recentFiles);
        list.remove(path);
        list.add(0, path);
        return new Settings(x, y, width, height, maximized, dark, lastWorkspace, List.copyOf(list.subList(0, Math.min(10, list.size()))),
                exportFolder);
    }

    public Settings withExportFolder(String folder) {
        return new Settings(x, y, width, height, maximized, dark, lastWorkspace, recentFiles, folder);
    }
}
