package org.entangle.app.code;

/**
 * Leaves each pulse to at most one of the UI thread's heavy pieces of building work: a code area's growth step
 * ({@link GrowingCodePane}) or a staged part's turn (the app's {@code Staged}), so that the two never add up between
 * two frames. A pulse is known by the time its animation timers are handed ({@code AnimationTimer.handle}'s
 * {@code now}, the same for every timer of one pulse). On the 2-core dev box a staged turn and a growth step after the
 * same pulse held the UI thread for 90–120 ms together, each 30–60 ms alone (issue #6: no more than 100 ms). Used on
 * the UI thread only.
 */
public final class HeavyPulses {

    private static long grownAt = Long.MIN_VALUE;
    private static long turnAt = Long.MIN_VALUE;
    private static boolean turnWaiting;

    private HeavyPulses() {
    }

    /**
     * Whether a code area may take a growth step in the pulse at {@code now}: not when a staged turn follows that pulse
     * or waits for its own.
     */
    static boolean growthMayTake(long now) {
        if (turnWaiting || turnAt == now) return false;
        grownAt = now;
        return true;
    }

    /**
     * Whether a staged turn may follow the pulse at {@code now}: not when a code area grew in it; the next pulse is then
     * the turn's, and no code area grows in it.
     */
    public static boolean turnMayTake(long now) {
        if (grownAt == now) {
            turnWaiting = true;
            return false;
        }
        turnWaiting = false;
        turnAt = now;
        return true;
    }
}
