package org.entangle.app;

import java.nio.file.Path;
import java.util.List;

/**
 * The desktop app's own command-line options: {@code --screenshot FILE} (render, save a PNG of the window,
 * exit), {@code --panel NAME} (the panel to show first), {@code --workspace FILE} (open a workspace),
 * {@code --exit-when-shown} (print the milliseconds from the process's start to the shown window, again once its
 * first frame is painted and once it is ready, {@link StartupReadiness}, then close as a user would, keeping the
 * autosave and the settings, and exit; what {@code entangle bench startup} runs), {@code --time-panels}
 * (the same, but first open every other panel in turn and print the longest UI-thread turn of each opening,
 * {@link PanelTimer}; what {@code entangle bench startup --panels} runs), {@code --search-first MS} (with
 * {@code --time-panels}: ask the angels on the program shown as the window shows, the talk's N = 16 program unless
 * the autosave holds another, and start the tour {@code MS} ms later, so that every opening is timed while the search
 * runs; {@code bench startup --panels --search-first MS}), {@code --time-actions} (the same, but once every panel is
 * built do the workbench's main actions in turn and print the longest UI-thread turn of each, {@link ActionTimer};
 * {@code bench actions}) and {@code --watchdog}
 * (or {@code -Dentangle.watchdog=true}: log every stall of the JavaFX thread over 100 ms with a stack sample,
 * {@link UiWatchdog}).
 *
 * @param screenshot    where to save the screenshot, or null for a normal run
 * @param panel         the panel to select, or null
 * @param workspace     the workspace to open, or null
 * @param exitWhenShown whether to report the startup time and exit once the window is shown and ready
 * @param timePanels    whether to report the startup time, time the first opening of every other panel, and exit
 * @param searchFirst   with {@code timePanels}, the milliseconds between asking the angels and the tour; -1 for no search
 * @param timeActions   whether to report the startup time, time the main actions once every panel is built, and exit
 * @param watchdog      whether to log stalls of the JavaFX thread
 */
public record DesktopOptions(Path screenshot, String panel, Path workspace, boolean exitWhenShown, boolean timePanels,
                             long searchFirst, boolean timeActions, boolean watchdog) {

    /**
     * The line {@code --exit-when-shown} and {@code --time-panels} print as the window is shown (mapped, not yet
     * painted), followed by the milliseconds.
     */
    public static final String SHOWN_AFTER = "window shown after ms: ";

    /**
     * The line they print once the window's first frame is in it ({@link org.entangle.app.code.PaintedFrame}), followed
     * by the milliseconds: until then it is mapped but blank.
     */
    public static final String PAINTED_AFTER = "window painted after ms: ";

    /** The line {@code --exit-when-shown} prints once the start is over ({@link StartupReadiness}), followed by the milliseconds. */
    public static final String READY_AFTER = "window ready after ms: ";

    /** What the ready line says before the longest gap between frames since the window showed, in ms. */
    public static final String LONGEST_GAP = "longest gap between frames since shown: ";

    /** The line {@code --time-panels} prints for each panel, followed by its name, the milliseconds and what they hold. */
    public static final String PANEL_OPENED = "panel opened: ";

    /** The line {@code --time-actions} prints for each action, followed by its name, the milliseconds and what they hold. */
    public static final String ACTION_TIMED = "action timed: ";

    /** The options of the desktop app; a first argument that is none of them names a command. */
    private static final List<String> OPTIONS = List.of("--screenshot", "--workspace", "--panel", "--exit-when-shown",
            "--time-panels", "--search-first", "--time-actions", "--watchdog");

    /** Whether these arguments ask for the desktop app rather than a command (without loading the command line's classes). */
    public static boolean isDesktopInvocation(String[] args) {
        return args.length == 0 || OPTIONS.contains(args[0]);
    }

    /** Parses the arguments; throws {@link IllegalArgumentException} with a one-line message on bad usage. */
    public static DesktopOptions parse(List<String> args) {
        Path screenshot = null;
        String panel = null;
        Path workspace = null;
        boolean exitWhenShown = false;
        boolean timePanels = false;
        long searchFirst = -1;
        boolean timeActions = false;
        boolean watchdog = Boolean.getBoolean("entangle.watchdog");
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--exit-when-shown")) {
                exitWhenShown = true;
                continue;
            }
            if (a.equals("--time-panels")) {
                timePanels = true;
                continue;
            }
            if (a.equals("--time-actions")) {
                timeActions = true;
                continue;
            }
            if (a.equals("--watchdog")) {
                watchdog = true;
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
                case "--search-first" -> searchFirst = millis(a, value);
                default -> throw new IllegalArgumentException("unknown option " + a + " (the desktop app takes --screenshot FILE,"
                        + " --panel NAME, --workspace FILE, --exit-when-shown, --time-panels, --search-first MS, --time-actions, --watchdog)");
            }
        }
        if (searchFirst >= 0 && !timePanels) throw new IllegalArgumentException("--search-first needs --time-panels");
        if (timeActions && (timePanels || exitWhenShown)) {
            throw new IllegalArgumentException("--time-actions cannot be combined with --time-panels or --exit-when-shown");
        }
        return new DesktopOptions(screenshot, panel, workspace, exitWhenShown, timePanels, searchFirst, timeActions, watchdog);
    }

    private static long millis(String option, String value) {
        if (!value.matches("\\d{1,9}")) {
            throw new IllegalArgumentException("option " + option + " needs a number of milliseconds, not '" + value + "'");
        }
        return Long.parseLong(value);
    }
}
