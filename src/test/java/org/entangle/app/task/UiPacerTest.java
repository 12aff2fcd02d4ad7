package org.entangle.app.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

/** The pacer holds a job only while the UI thread is late with its probe, and never for long at a time. */
class UiPacerTest {

    /** A fake clock, a UI thread that runs the posted probes when told, and a park that advances the clock. */
    private static final class Fixture {
        long now = 1_000_000_000L;
        long parked;
        final Deque<Runnable> queued = new ArrayDeque<>();
        int posts;
        Runnable onPark = () -> { };
        final UiPacer pacer = new UiPacer(r -> {
            posts++;
            queued.add(r);
        }, () -> now, nanos -> {
            now += nanos;
            parked += nanos;
            onPark.run();
        });

        void uiRunsQueued() {
            while (!queued.isEmpty()) queued.poll().run();
        }

        /** Calls the pacer as a job would, every 100 µs of work, for {@code nanos} of work. */
        void work(long nanos) {
            for (long done = 0; done < nanos; done += 100_000) {
                now += 100_000;
                pacer.run();
            }
        }
    }

    @Test
    void aResponsiveUiNeverHoldsTheJobAndIsProbedOnlyEveryFewMilliseconds() {
        Fixture f = new Fixture();
        f.onPark = f::uiRunsQueued;
        for (int i = 0; i < 100; i++) {
            f.work(1_000_000);
            f.uiRunsQueued();
        }
        assertEquals(0, f.parked, "held though the UI answered every probe");
        long probesAtMost = 100_000_000 / UiPacer.CHECK_NANOS + 1;
        assertTrue(f.posts <= probesAtMost && f.posts >= probesAtMost / 2, f.posts + " probes in 100 ms of work");
    }

    @Test
    void aBusyUiHoldsTheJobUntilItAnswers() {
        Fixture f = new Fixture();
        f.work(UiPacer.CHECK_NANOS);
        assertEquals(1, f.queued.size(), "one probe posted");
        int[] parks = {0};
        f.onPark = () -> {
            if (++parks[0] == 7) f.uiRunsQueued();
        };
        f.work(UiPacer.LATE_NANOS + UiPacer.CHECK_NANOS);
        assertEquals(7 * UiPacer.PARK_NANOS, f.parked, "held until the UI thread ran the probe, no longer");
    }

    @Test
    void aStuckUiHoldsTheJobAtMostAQuarterSecondAtATimeAndLetsItStepBetween() {
        Fixture f = new Fixture();
        f.work(UiPacer.CHECK_NANOS);
        f.now += UiPacer.LATE_NANOS;
        f.pacer.run();
        assertTrue(f.parked >= UiPacer.MAX_WAIT_NANOS && f.parked < UiPacer.MAX_WAIT_NANOS + UiPacer.PARK_NANOS,
                "one hold of " + f.parked + " ns");
        long held = f.parked;
        f.work(UiPacer.CHECK_NANOS - 100_000);
        assertEquals(held, f.parked, "a step of work before the next hold");
        assertEquals(1, f.posts, "no new probe while the first still waits");
    }

    @Test
    void withoutAToolkitTheJobRunsFreely() {
        long[] now = {0};
        long[] parked = {0};
        UiPacer pacer = new UiPacer(r -> {
            throw new IllegalStateException("Toolkit not initialized");
        }, () -> now[0], nanos -> parked[0] += nanos);
        for (int i = 0; i < 1000; i++) {
            now[0] += 100_000;
            pacer.run();
        }
        assertEquals(0, parked[0]);
    }
}
