package org.entangle.app.shell;

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
        for (String option : List.of("--screenshot", "--workspace", "--panel", "--watchdog")) {
            assertTrue(DesktopOptions.isDesktopInvocation(new String[] {option, "x"}), option);
        }
        for (String command : List.of("verify", "count", "--help", "--version", "bench", "--screenshots")) {
            assertFalse(DesktopOptions.isDesktopInvocation(new String[] {command}), command);
        }
    }

    @Test
    void optionsParseAndBadUsageIsOneLine() {
        DesktopOptions o = DesktopOptions.parse(List.of("--panel", "gallery", "--screenshot", "shot.png", "--watchdog"));
        assertEquals("gallery", o.panel());
        assertEquals(Path.of("shot.png"), o.screenshot());
        assertTrue(o.watchdog());
        assertEquals(Path.of("w.json"), DesktopOptions.parse(List.of("--workspace", "w.json")).workspace());
        DesktopOptions ask = DesktopOptions.parse(List.of("--program", "p.angel", "--ask-angels"));
        assertEquals(Path.of("p.angel"), ask.program());
        assertTrue(ask.askAngels());
        assertFalse(o.askAngels());
        assertTrue(DesktopOptions.isDesktopInvocation(new String[] {"--ask-angels"}));
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> DesktopOptions.parse(List.of("--panel")));
        assertEquals("option --panel needs a value", missing.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> DesktopOptions.parse(List.of("--bogus", "1")));
        assertTrue(unknown.getMessage().startsWith("unknown option --bogus"), unknown.getMessage());
    }

    @Test
    void tourScreenshotsGoWithATourAndKeepTheWorkspaceAlone() {
        DesktopOptions shots = DesktopOptions.parse(List.of("--tour", "16:9", "--tour-screenshots", "tour16"));
        assertEquals(Path.of("tour16"), shots.tourShots());
        assertEquals("16:9", shots.tour());
        assertTrue(shots.savesScreenshots());
        assertFalse(DesktopOptions.parse(List.of("--tour", "8:2")).savesScreenshots());
        IllegalArgumentException alone = assertThrows(IllegalArgumentException.class,
                () -> DesktopOptions.parse(List.of("--tour-screenshots", "tour16")));
        assertEquals("--tour-screenshots needs --tour N:STEPS", alone.getMessage());
    }
}
