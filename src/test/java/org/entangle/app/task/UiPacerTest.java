package org.entangle.app.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

/**
 * The pacer holds a job only while the UI thread is late with its probe, and never for long at a time, or through a
 * spell of {@link UiPriority} that began after the job.
 */
class UiPacerTest {

    /** A fake clock, a UI thread that runs the posted probes when told, and a park that advances the clock. */
    private static final class Fixture {
        long now = 1_000_000_000L;
        long parked;
        final Deque<Runnable> queued = new ArrayDeque<>();
        int posts;
        Runnable onPark = () -> { };
        boolean cancelled;
        final UiPriority priority = new UiPriority(() -> now);
        final UiPacer pacer = new UiPacer(r -> {
            posts++;
            queued.add(r);
        }, priority, () -> cancelled, () -> now, nanos -> {
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
        }, new UiPriority(() -> now[0]), () -> false, () -> now[0], nanos -> parked[0] += nanos);
        for (int i = 0; i < 1000; i++) {
            now[0] += 100_000;
            pacer.run();
        }
        assertEquals(0, parked[0]);
    }

    @Test
    void aJobStartedBeforeASpellWaitsItOutThenRunsFreely() {
        Fixture f = new Fixture();
        f.onPark = f::uiRunsQueued;
        f.work(10_000_000);
        f.uiRunsQueued();
        f.priority.giveWay();
        long spellEnds = f.now + UiPriority.SPELL_NANOS;
        f.work(UiPacer.CHECK_NANOS);
        assertTrue(f.now >= spellEnds && f.now < spellEnds + UiPacer.CHECK_NANOS + UiPacer.PARK_NANOS,
                "resumed " + (f.now - spellEnds) + " ns after the spell's end");
        long held = f.parked;
        for (int i = 0; i < 100; i++) {
            f.work(1_000_000);
            f.uiRunsQueued();
        }
        assertEquals(held, f.parked, "held again after the spell, by a responsive UI");
    }

    @Test
    void aJobStartedWithinASpellIsNotHeldByIt() {
        Fixture f = new Fixture();
        f.priority.giveWay();
        f.now += 1;
        UiPacer started = new UiPacer(Runnable::run, f.priority, () -> false, () -> f.now, nanos -> {
            f.now += nanos;
            f.parked += nanos;
        });
        for (int i = 0; i < 1000; i++) {
            f.now += 100_000;
            started.run();
        }
        assertEquals(0, f.parked, "a job of the view being shown ran through the spell");
        assertTrue(f.priority.isGivingWay(), "the spell is still on after 100 ms");
    }

    @Test
    void aNewSpellEndsTheOneBefore() {
        long[] now = {0};
        UiPriority priority = new UiPriority(() -> now[0]);
        priority.giveWay();
        now[0] += 100;
        priority.giveWay();
        assertTrue(priority.holds(50, 200), "a job started within the first spell gives way to the second");
        assertFalse(priority.holds(150, 200), "a job started after the second spell began");
        now[0] += UiPriority.SPELL_NANOS;
        assertFalse(priority.isGivingWay(), "a spell's length after the second");
        assertFalse(priority.holds(-1, now[0]), "a spell's length after the second");
    }

    @Test
    void aCancelledJobIsHeldNeitherByASpellNorByABusyUi() {
        Fixture f = new Fixture();
        f.onPark = () -> {
            if (f.parked == 5 * UiPacer.PARK_NANOS) f.cancelled = true;
        };
        f.now += 1;
        f.priority.giveWay();
        f.work(UiPacer.CHECK_NANOS);
        assertEquals(5 * UiPacer.PARK_NANOS, f.parked, "a spell held the job after Cancel");
        f.now += UiPriority.SPELL_NANOS;
        f.work(UiPacer.CHECK_NANOS);
        assertEquals(1, f.queued.size(), "a probe waits for the busy UI thread");
        f.now += UiPacer.LATE_NANOS;
        f.work(UiPacer.CHECK_NANOS);
        assertEquals(5 * UiPacer.PARK_NANOS, f.parked, "a late probe held the cancelled job");
    }
}
