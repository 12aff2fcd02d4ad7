package org.entangle.app;

import java.nio.file.Path;
import java.util.List;

/**
 * The desktop app's own command-line options: {@code --screenshot FILE} (render, save a PNG of the window,
 * exit), {@code --panel NAME} (the panel to show first) and {@code --workspace FILE} (open a workspace).
 *
 * @param screenshot where to save the screenshot, or null for a normal run
 * @param panel      the panel to select, or null
 * @param workspace  the workspace to open, or null
 */
public record DesktopOptions(Path screenshot, String panel, Path workspace) {

    /** Parses the arguments; throws {@link IllegalArgumentException} with a one-line message on bad usage. */
    public static DesktopOptions parse(List<String> args) {
        Path screenshot = null;
        String panel = null;
        Path workspace = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException("option " + a + " needs a value");
            }
            String value = args.get(++i);
            switch (a) {
                case "--screenshot" -> screenshot = Path.of(value);
                case "--panel" -> panel = value;
                case "--workspace" -> workspace = Path.of(value);
                default -> throw new IllegalArgumentException("unknown option " + a
                        + " (the desktop app takes --screenshot FILE, --panel NAME, --workspace FILE)");
            }
        }
        return new DesktopOptions(screenshot, panel, workspace);
    }
}
