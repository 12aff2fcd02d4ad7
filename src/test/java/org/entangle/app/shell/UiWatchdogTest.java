package org.entangle.app.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The {@link UiWatchdog} on a fake clock, its probes run by the test: a probe that waits longer than the threshold is
 * reported with how late it ran and a stack sample taken while it waited; one that waits less is not.
 */
class UiWatchdogTest {

    private static final long THRESHOLD_MILLIS = UiWatchdog.LONG_TURN_MILLIS;

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final Deque<Runnable> posted = new ArrayDeque<>();
    private final List<UiWatchdog.LongTurn> turns = new CopyOnWriteArrayList<>();
    private final UiWatchdog watchdog = new UiWatchdog(THRESHOLD_MILLIS, nanos::get, posted::add, turns::add);

    @Test
    void aLongTurnIsReportedWithHowLateTheProbeRanAndWhereTheThreadWas() {
        turnOf(10);
        assertEquals(List.of(), turns, "a 10 ms turn reported");
        turnOf(200);
        assertEquals(List.of(), turns, "a 200 ms turn reported");
        assertEquals(200, watchdog.worstMillis());

        turnOf(400);
        assertEquals(1, turns.size(), "the 400 ms turn was not reported once: " + turns);
        UiWatchdog.LongTurn turn = turns.get(0);
        assertEquals(400, turn.millis());
        assertTrue(Arrays.stream(turn.sample()).anyMatch(f -> f.getMethodName().equals("turnOf")),
                "the sample does not show where the UI thread was: " + turn.describe(10));
        assertTrue(turn.describe(3).startsWith("UI thread busy 400 ms"), turn.describe(3));
    }

    /**
     * One probe that waits {@code millis} on the fake clock before this thread, standing for the UI thread, runs it; the
     * watchdog looks in twice meanwhile, as its timer would.
     */
    private void turnOf(long millis) {
        watchdog.probe();
        assertEquals(1, posted.size(), "no probe posted");
        nanos.addAndGet(millis * 1_000_000 / 2 + 1);
        watchdog.probe();
        nanos.addAndGet(millis * 1_000_000 - (millis * 1_000_000 / 2 + 1));
        watchdog.probe();
        assertEquals(1, posted.size(), "a second probe posted while one waited");
        posted.poll().run();
    }
}
