package org.entangle.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.entangle.app.DesktopOptions;
import org.entangle.cli.UserError;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * How {@code bench startup} reads a start: the shown, painted and ready lines timed, the longest gap and the panels' openings
 * parsed, a start that never shows refused.
 */
class StartupBenchTest {

    @Test
    void readsTheShownLineAndThePanelsOpenings() throws Exception {
        StartupBench.Start start = StartupBench.startOnce(List.of("sh", "-c", "echo starting; echo '" + DesktopOptions.SHOWN_AFTER
                + "5'; echo '" + DesktopOptions.PANEL_OPENED + "gallery 183 ms (built in 70 ms)'; echo '"
                + DesktopOptions.PANEL_OPENED + "network 9 ms (built in 2 ms)'"));
        assertTrue(start.shownMillis() >= 0);
        assertEquals(Map.of("gallery", 183L, "network", 9L), start.panels());
        assertEquals(List.of("gallery", "network"), List.copyOf(start.panels().keySet()));
    }

    @Test
    void readsTheReadyLineAfterTheShownOneWithItsLongestGap() throws Exception {
        StartupBench.Start start = StartupBench.startOnce(List.of("sh", "-c", "echo '" + DesktopOptions.SHOWN_AFTER + "5'; sleep 0.2; echo '"
                + DesktopOptions.READY_AFTER + "9 (" + DesktopOptions.LONGEST_GAP + "170 ms)'"));
        assertTrue(start.readyMillis() >= start.shownMillis() + 150, start.toString());
        assertEquals(170, start.longestGap());
        StartupBench.Start shownOnly = StartupBench.startOnce(List.of("sh", "-c", "echo '" + DesktopOptions.SHOWN_AFTER + "5'"));
        assertEquals(-1, shownOnly.readyMillis());
        assertEquals(-1, shownOnly.longestGap());
    }

    @Test
    void readsThePaintedLineBetweenTheShownAndTheReadyOnes() throws Exception {
        StartupBench.Start start = StartupBench.startOnce(List.of("sh", "-c", "echo '" + DesktopOptions.SHOWN_AFTER + "5'; sleep 0.2; echo '"
                + DesktopOptions.PAINTED_AFTER + "7'; sleep 0.2; echo '" + DesktopOptions.READY_AFTER + "9 (" + DesktopOptions.LONGEST_GAP
                + "170 ms)'"));
        assertTrue(start.paintedMillis() >= start.shownMillis() + 150, start.toString());
        assertTrue(start.readyMillis() >= start.paintedMillis() + 150, start.toString());
        StartupBench.Start shownOnly = StartupBench.startOnce(List.of("sh", "-c", "echo '" + DesktopOptions.SHOWN_AFTER + "5'"));
        assertEquals(-1, shownOnly.paintedMillis());
    }

    @Test
    void aStartThatNeverShowsItsWindowIsAnError() {
        UserError e = assertThrows(UserError.class, () -> StartupBench.startOnce(List.of("sh", "-c", "echo no display")));
        assertTrue(e.getMessage().contains("no display"), e.getMessage());
    }

    @Test
    void aSearchFirstNeedsThePanels() {
        Exception[] thrown = new Exception[1];
        CommandLine bench = new CommandLine(new StartupBench());
        bench.setExecutionExceptionHandler((e, line, parsed) -> {
            thrown[0] = e;
            return 2;
        });
        assertEquals(2, bench.execute("--jar", "pom.xml", "--search-first", "8000"));
        assertTrue(thrown[0] instanceof UserError && thrown[0].getMessage().startsWith("--search-first needs --panels"),
                String.valueOf(thrown[0]));
    }

    @Test
    void theBenchReadsWhatTheAppPrints() {
        assertEquals(DesktopOptions.SHOWN_AFTER, StartupBench.SHOWN_AFTER);
        assertEquals(DesktopOptions.PANEL_OPENED, StartupBench.PANEL_OPENED);
        assertEquals(DesktopOptions.PAINTED_AFTER, StartupBench.PAINTED_AFTER);
        assertEquals(DesktopOptions.READY_AFTER, StartupBench.READY_AFTER);
        assertEquals(DesktopOptions.LONGEST_GAP, StartupBench.LONGEST_GAP);
    }
}
