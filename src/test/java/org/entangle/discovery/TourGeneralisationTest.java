package org.entangle.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.entangle.generalize.ProgramInstances;
import org.entangle.lang.Program;
import org.entangle.network.Network;
import org.entangle.network.families.Families;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;

/** The tour's generalise step: a sketch filled from a 16-wide example, and the stated fallback from an 8-wide one. */
class TourGeneralisationTest {

    private static Network brentKung(int n) {
        return Families.build("brent-kung", n).withoutEmptySteps();
    }

    @Test
    void brentKungSixteenFillsTheSketchWithAProgramForEveryWidth() {
        TourGeneralisation g = TourGeneralisation.of(brentKung(16), 16, new CancellationToken());
        assertTrue(g.found().contains("Synthesised from " + TourGeneralisation.SKETCH), g.found());
        assertNotEquals(Program.parse(TalkTour.catalogue("brent-kung.angel")).source(), g.program().source(), "not the talk's own program");
        for (int n : new int[] {16, 32, 128}) {
            assertEquals(brentKung(n), ProgramInstances.at(g.program(), n, new CancellationToken()).withoutEmptySteps(), "N = " + n);
        }
        assertTrue(g.found().contains("builds this very network at N = 16"), g.found());
    }

    @Test
    void anExampleTooSmallForTheHolesFallsBackToTheTalksProgramAndSaysWhy() {
        TourGeneralisation g = TourGeneralisation.of(brentKung(8), 8, new CancellationToken());
        assertTrue(g.found().contains("No filling of " + TourGeneralisation.SKETCH), g.found());
        assertTrue(g.found().contains("fails at N = 9"), g.found());
        assertEquals(Program.parse(TalkTour.catalogue("brent-kung.angel")).source(), g.program().source());
        assertEquals(brentKung(8), ProgramInstances.at(g.program(), 8, new CancellationToken()).withoutEmptySteps());
    }
}
