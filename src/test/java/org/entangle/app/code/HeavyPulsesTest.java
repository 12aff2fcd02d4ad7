package org.entangle.app.code;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link HeavyPulses}: a pulse goes to a growth step or a staged turn, never both, whichever asks first; a turn
 * refused for a growth step takes the next pulse, in which no code area grows.
 */
class HeavyPulsesTest {

    /** Pulse times far from any other test's, which share the class's state on the UI thread. */
    private static final long PULSE = 7_000_000_000_000L;

    @Test
    void aTurnRefusedForAGrowthStepTakesTheNextPulse() {
        assertTrue(HeavyPulses.growthMayTake(PULSE), "a pulse nobody took");
        assertFalse(HeavyPulses.turnMayTake(PULSE), "a turn after the pulse in which an area grew");
        assertFalse(HeavyPulses.growthMayTake(PULSE + 1), "an area grew in the pulse a waiting turn needs");
        assertTrue(HeavyPulses.turnMayTake(PULSE + 1), "the waiting turn refused the next pulse");
        assertFalse(HeavyPulses.growthMayTake(PULSE + 1), "an area grew in the pulse the turn took");
        assertTrue(HeavyPulses.growthMayTake(PULSE + 2), "the pulse after the turn's");
    }

    @Test
    void aPulseATurnTookFirstHasNoGrowthStep() {
        assertTrue(HeavyPulses.turnMayTake(PULSE + 10), "a pulse nobody took");
        assertFalse(HeavyPulses.growthMayTake(PULSE + 10), "an area grew in the pulse a turn took");
        assertTrue(HeavyPulses.turnMayTake(PULSE + 11), "a turn after a pulse with no growth");
        assertTrue(HeavyPulses.growthMayTake(PULSE + 12), "a pulse nobody took");
    }
}
