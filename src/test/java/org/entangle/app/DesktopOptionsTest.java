package org.entangle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which arguments start the desktop app rather than a command, and how its options parse. */
class DesktopOptionsTest {

    @Test
    void noArgumentsOrADesktopOptionFirstStartTheWorkbench() {
        assertTrue(DesktopOptions.isDesktopInvocation(new String[0]));
        for (String option : List.of("--screenshot", "--workspace", "--panel", "--exit-when-shown", "--time-panels",
                "--search-first", "--watchdog")) {
            assertTrue(DesktopOptions.isDesktopInvocation(new String[] {option, "x"}), option);
        }
        for (String command : List.of("verify", "count", "--help", "--version", "bench", "--screenshots")) {
            assertFalse(DesktopOptions.isDesktopInvocation(new String[] {command}), command);
        }
    }

    @Test
    void optionsParseAndBadUsageIsOneLine() {
        DesktopOptions o = DesktopOptions.parse(List.of("--panel", "gallery", "--screenshot", "shot.png", "--exit-when-shown"));
        assertEquals("gallery", o.panel());
        assertEquals(Path.of("shot.png"), o.screenshot());
        assertTrue(o.exitWhenShown());
        assertFalse(o.timePanels());
        assertTrue(DesktopOptions.parse(List.of("--time-panels")).timePanels());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> DesktopOptions.parse(List.of("--panel")));
        assertEquals("option --panel needs a value", missing.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> DesktopOptions.parse(List.of("--bogus", "1")));
        assertTrue(unknown.getMessage().startsWith("unknown option --bogus"), unknown.getMessage());
    }

    @Test
    void aSearchFirstNeedsTheTourAndANumberOfMilliseconds() {
        assertEquals(-1, DesktopOptions.parse(List.of("--time-panels")).searchFirst());
        assertEquals(8000, DesktopOptions.parse(List.of("--time-panels", "--search-first", "8000")).searchFirst());
        assertEquals(0, DesktopOptions.parse(List.of("--search-first", "0", "--time-panels")).searchFirst());
        assertEquals("--search-first needs --time-panels", assertThrows(IllegalArgumentException.class,
                () -> DesktopOptions.parse(List.of("--search-first", "8000"))).getMessage());
        for (String bad : List.of("-5", "8s", "")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> DesktopOptions.parse(List.of("--time-panels", "--search-first", bad)));
            assertEquals("option --search-first needs a number of milliseconds, not '" + bad + "'", e.getMessage());
        }
    }

    @Test
    void theActionTourStandsAlone() {
        assertTrue(DesktopOptions.parse(List.of("--time-actions", "--watchdog")).timeActions());
        assertFalse(DesktopOptions.parse(List.of("--time-panels")).timeActions());
        assertTrue(DesktopOptions.isDesktopInvocation(new String[] {"--time-actions"}));
        for (String other : List.of("--time-panels", "--exit-when-shown")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> DesktopOptions.parse(List.of(other, "--time-actions")));
            assertEquals("--time-actions cannot be combined with --time-panels or --exit-when-shown", e.getMessage());
        }
    }
}
