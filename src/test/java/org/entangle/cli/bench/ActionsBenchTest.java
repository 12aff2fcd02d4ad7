package org.entangle.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.entangle.app.DesktopOptions;
import org.entangle.cli.UserError;
import org.junit.jupiter.api.Test;

/** How {@code bench actions} reads a start: each action's name (spaces and all) and turn, in order; failures refused. */
class ActionsBenchTest {

    @Test
    void readsEachActionsLongestTurnInOrder() throws Exception {
        Map<String, Long> run = ActionsBench.timeOnce(List.of("sh", "-c", "echo 'window shown after ms: 600'; echo '"
                + DesktopOptions.ACTION_TIMED + "dark theme 152 ms (longest UI-thread turn; done after 163 ms)'; echo '"
                + DesktopOptions.ACTION_TIMED + "ask the angels (N = 8) 48 ms (longest UI-thread turn; done after 8956 ms)'"));
        assertEquals(Map.of("dark theme", 152L, "ask the angels (N = 8)", 48L), run);
        assertEquals(List.of("dark theme", "ask the angels (N = 8)"), List.copyOf(run.keySet()));
    }

    @Test
    void anUnfinishedActionOrNoActionIsAnError() {
        UserError unfinished = assertThrows(UserError.class, () -> ActionsBench.timeOnce(List.of("sh", "-c", "echo '"
                + DesktopOptions.ACTION_TIMED + "verify 40 ms (longest UI-thread turn; NOT DONE after 120000 ms)'")));
        assertTrue(unfinished.getMessage().startsWith("the action 'verify' did not finish"), unfinished.getMessage());
        UserError none = assertThrows(UserError.class, () -> ActionsBench.timeOnce(List.of("sh", "-c", "echo no display")));
        assertTrue(none.getMessage().contains("no display"), none.getMessage());
    }

    @Test
    void theBenchReadsWhatTheAppPrints() {
        assertEquals(DesktopOptions.ACTION_TIMED, ActionsBench.ACTION_TIMED);
    }
}
