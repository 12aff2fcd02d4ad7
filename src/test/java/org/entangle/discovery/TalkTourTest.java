package org.entangle.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import org.entangle.network.families.Families;
import org.entangle.oracle.Pin;
import org.entangle.work.CancellationToken;
import org.junit.jupiter.api.Test;

/** The tour of the talk at N = 8, in the core: the discovery narrows to Brent and Kung's network, generalised and verified. */
class TalkTourTest {

    @Test
    void theTourAtEightEndsAtBrentKungAndAVerifiedProgram() {
        TalkTour tour = new TalkTour(8);
        CancellationToken cancel = new CancellationToken();
        while (tour.nextKind() != TalkTour.Kind.GPU) {
            TalkTour.Step step = tour.next(cancel, m -> { });
            System.out.println(step.kind() + ": " + step.found());
        }
        List<Stage> stages = tour.session().stages();
        for (int i = 1; i < stages.size(); i++) {
            assertTrue(stages.get(i).count().compareTo(stages.get(i - 1).count()) < 0, "stage " + i + " did not shrink the space");
        }
        assertEquals(new BigInteger("247478238"), stages.get(0).count(), "the talk's program at N = 8 (in-place model count)");
        Constraint.PinState pin = (Constraint.PinState) stages.get(1).spec().constraints().get(0);
        Pin upSweep = Pin.brentKungUpSweep(8, 3);
        assertEquals(upSweep.format(), pin.pin().format(), "the angels' reduction is Brent and Kung's up-sweep");
        assertEquals(BigInteger.ONE, tour.session().current().count());
        assertEquals(Families.build("brent-kung", 8).withoutEmptySteps(), tour.discovered());
        List<TalkTour.Step> steps = tour.steps();
        TalkTour.Step verify = steps.stream().filter(s -> s.kind() == TalkTour.Kind.VERIFY).findFirst().orElseThrow();
        assertTrue(verify.found().startsWith("correct for every N = 1..1024"), verify.found());
        TalkTour.Step variant = steps.stream().filter(s -> s.kind() == TalkTour.Kind.VARIANT).findFirst().orElseThrow();
        assertTrue(variant.found().contains("correct"), variant.found());
    }
}
