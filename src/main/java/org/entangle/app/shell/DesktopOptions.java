package org.entangle.app.shell;

import java.nio.file.Path;
import java.util.List;

/**
 * The desktop app's own command-line options: {@code --screenshot FILE} (render, save a PNG of the window, exit),
 * {@code --panel NAME} (the panel to show first), {@code --workspace FILE} (open a workspace), {@code --program FILE}
 * (put an angelic program in the editor), {@code --ask-angels} (ask the angels on the editor's program at once) and
 * {@code --tour N:STEPS} (run that many steps of "Reproduce the talk" at N, e.g. {@code 8:4}; with
 * {@code --tour-screenshots DIR} one at a time, saving the window after each) and {@code --watchdog}
 * (or {@code -Dentangle.watchdog=true}: log every turn of the JavaFX thread over {@value UiWatchdog#LONG_TURN_MILLIS}
 * ms with a sample of its stack, {@link UiWatchdog}).
 *
 * @param screenshot where to save the screenshot, or null for a normal run
 * @param panel      the panel to select, or null
 * @param workspace  the workspace to open, or null
 * @param watchdog   whether to log long turns of the JavaFX thread
 * @param program    the program to put in the editor, or null
 * @param askAngels  whether to ask the angels on the editor's program at start
 * @param tour       {@code N:STEPS} of the tour to run at start, or null
 * @param tourShots  the folder for a screenshot after each step of the tour, or null
 */
public record DesktopOptions(Path screenshot, String panel, Path workspace, boolean watchdog, Path program, boolean askAngels, String tour,
        Path tourShots) {

    /** The options of the desktop app; a first argument that is none of them names a command. */
    private static final List<String> OPTIONS = List.of("--screenshot", "--workspace", "--panel", "--watchdog",
            "--program", "--ask-angels", "--tour", "--tour-screenshots");

    /** Whether these arguments ask for the desktop app rather than a command (without loading the command line's classes). */
    public static boolean isDesktopInvocation(String[] args) {
        return args.length == 0 || OPTIONS.contains(args[0]);
    }

    /** Whether this run saves screenshots (the window's default geometry, no autosaved workspace read or written). */
    public boolean savesScreenshots() {
        return screenshot != null || tourShots != null;
    }

    /** Parses the arguments; throws {@link IllegalArgumentException} with a one-line message on bad usage. */
    public static DesktopOptions parse(List<String> args) {
        Path screenshot = null;
        String panel = null;
        Path workspace = null;
        boolean watchdog = Boolean.getBoolean("entangle.watchdog");
        Path program = null;
        boolean askAngels = false;
        String tour = null;
        Path tourShots = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--watchdog")) {
                watchdog = true;
                continue;
            }
            if (a.equals("--ask-angels")) {
                askAngels = true;
                continue;
            }
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException("option " + a + " needs a value");
            }
            String value = args.get(++i);
            switch (a) {
                case "--screenshot" -> screenshot = Path.of(value);
                case "--panel" -> panel = value;
                case "--workspace" -> workspace = Path.of(value);
                case "--program" -> program = Path.of(value);
                case "--tour" -> {
                    if (!value.matches("(8|16):[0-9]+")) throw new IllegalArgumentException("--tour takes N:STEPS with N 8 or 16, e.g. 8:4");
                    tour = value;
                }
                case "--tour-screenshots" -> tourShots = Path.of(value);
                default -> throw new IllegalArgumentException("unknown option " + a + " (the desktop app takes --screenshot FILE,"
                        + " --panel NAME, --workspace FILE, --program FILE, --ask-angels, --tour N:STEPS, --tour-screenshots DIR, --watchdog)");
            }
        }
        if (tourShots != null && tour == null) throw new IllegalArgumentException("--tour-screenshots needs --tour N:STEPS");
        return new DesktopOptions(screenshot, panel, workspace, watchdog, program, askAngels, tour, tourShots);
    }
}
