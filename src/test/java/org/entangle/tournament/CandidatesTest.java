package org.entangle.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.entangle.network.Algebra;
import org.entangle.network.Network;
import org.entangle.network.ScanSpec;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.families.Families;
import org.entangle.network.metrics.Metrics;
import org.entangle.oracle.Constraints;
import org.entangle.oracle.SpecForm;
import org.junit.jupiter.api.Test;

/** Candidate generation: every admitted candidate is a correct scan, compositions are valid scans, bad networks are refused. */
class CandidatesTest {

    private static boolean correct(Network n) {
        return RangeChecker.check(n, ScanSpec.INCLUSIVE.withAlgebra(Algebra.COMMUTATIVE)).correct();
    }

    @Test
    void everyCandidateOfEachWidthPassesTheRangeChecker() {
        SpecForm warpParts = new SpecForm(16, 4, 36, Constraints.NONE);
        SpecForm totals = new SpecForm(8, 4, 12, Constraints.NONE);
        System.out.println("samples drawn with seed " + RecordedTournament.SEED);
        TournamentCandidates gathered = new TournamentCandidates(new TournamentCandidates.Plan(List.of(warpParts, totals),
                List.of(CandidateSources.oracle(warpParts).orElseThrow(), CandidateSources.oracle(totals).orElseThrow()),
                List.of(), 10, RecordedTournament.SEED, 1, 60), line -> { });
        for (int width : List.of(32, 256)) {
            List<Candidate> candidates = gathered.at(width).candidates();
            Set<String> ids = new HashSet<>();
            for (Candidate c : candidates) {
                assertEquals(width, c.width());
                assertTrue(correct(c.network()), c.id() + " is not a correct scan");
                assertTrue(ids.add(c.id()), "id used twice: " + c.id());
                assertEquals(Metrics.of(c.network()).size(), c.size());
            }
            assertTrue(candidates.stream().anyMatch(c -> c.origin() == Origin.SAMPLE), "no sample at " + width);
            assertEquals(5, candidates.stream().filter(c -> c.origin() == Origin.CLASSIC).count(), "classic families at " + width);
        }
        assertTrue(gathered.notes().stream().anyMatch(n -> n.contains("rejected knowles-32")), gathered.notes().toString());
    }

    @Test
    void compositionsOfScansAreScansOfTheCombinedSteps() {
        for (String part : List.of("sklansky", "brent-kung", "kogge-stone")) {
            for (String total : List.of("han-carlson", "ladner-fischer")) {
                for (int parts : List.of(2, 4, 8, 32)) {
                    Network p = Families.build(part, 32);
                    Network t = Families.build(total, parts);
                    Network wide = WideComposition.compose(p, t);
                    assertEquals(32 * parts, wide.width());
                    assertTrue(correct(wide), part + " x " + total + " at " + parts + " parts");
                    assertTrue(wide.stepCount() <= p.stepCount() + t.stepCount() + 1);
                    assertTrue(Metrics.of(wide).depth() <= Metrics.of(p).depth() + Metrics.of(t).depth() + 1);
                }
            }
        }
    }

    @Test
    void twoPartsAddBackInTheStepOfTheirTotal() {
        Network wide = WideComposition.compose(Families.build("sklansky", 16), Families.build("sklansky", 2));
        Network sklansky = Families.build("sklansky", 32);
        assertEquals(sklansky.stepCount(), wide.stepCount());
        for (int s = 0; s < wide.stepCount(); s++) {
            assertEquals(new HashSet<>(sklansky.step(s).ops()), new HashSet<>(wide.step(s).ops()), "step " + s);
        }
    }

    @Test
    void aCompositionOfABrokenPartIsRefused() {
        Network sklansky = Families.build("sklansky", 32);
        Network broken = sklansky.withSteps(sklansky.steps().subList(0, sklansky.stepCount() - 1));
        Network wide = WideComposition.compose(broken, Families.build("sklansky", 8));
        assertFalse(correct(wide));
        CandidatePool pool = new CandidatePool(256);
        assertNull(pool.offer("broken", Origin.FILE, "test", wide));
        assertTrue(pool.rejections().get(0).reason().startsWith("not a correct inclusive scan"), pool.rejections().toString());
        assertThrows(IllegalArgumentException.class, () -> WideComposition.compose(sklansky, Network.of(1, List.of())));
    }

    @Test
    void aNetworkEnteredTwiceIsKeptOnce() {
        CandidatePool pool = new CandidatePool(32);
        assertTrue(pool.offer("a", Origin.FILE, "test", Families.build("sklansky", 32)) != null);
        assertNull(pool.offer("b", Origin.FILE, "test", Families.build("sklansky", 32).withName("other")));
        assertEquals(1, pool.duplicates());
        assertEquals(1, pool.size());
    }
}
