package org.entangle.app.task;

import java.util.function.LongSupplier;

/**
 * Short spells in which the jobs already running give the cores to the UI. Showing a panel paints a whole new frame,
 * which JavaFX's software renderer does on a core of its own while the UI thread waits for it at the next pulse; on
 * the two-core dev box a search running beside it made a panel's first opening take the UI thread 108–211 ms (eight
 * tours, median 132 ms) against 62–120 ms without the search (issue #6: no UI action blocks the UI thread for more
 * than 100 ms). {@link UiPacer} parks a job started before the spell began until the spell ends; jobs started within
 * it (those of the panel being shown) run. A new spell ends the one before.
 */
public final class UiPriority {

    /**
     * How long a spell lasts: an opening, its staged parts and their frames (a throw-away sampler of the UI thread saw
     * the generalise panel's last part end 0.65 s after the click; a spell ending four pulses after the click did not
     * shorten the openings).
     */
    public static final long SPELL_NANOS = 600_000_000;

    private record Spell(long since, long until) {
    }

    private final LongSupplier clock;
    private volatile Spell spell;

    /** Spells on {@link System#nanoTime()}. */
    public UiPriority() {
        this(System::nanoTime);
    }

    UiPriority(LongSupplier clock) {
        this.clock = clock;
    }

    /** Starts a spell of {@link #SPELL_NANOS} from now. */
    public void giveWay() {
        long now = clock.getAsLong();
        spell = new Spell(now, now + SPELL_NANOS);
    }

    /** Whether a spell is on now. */
    public boolean isGivingWay() {
        Spell s = spell;
        return s != null && clock.getAsLong() - s.until() < 0;
    }

    /** Whether a job started at {@code startedAt} must wait at {@code now}: a spell began after it and is not over. */
    boolean holds(long startedAt, long now) {
        Spell s = spell;
        return s != null && startedAt - s.since() < 0 && now - s.until() < 0;
    }
}
