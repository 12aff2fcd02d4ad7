package org.entangle.generalize;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.entangle.network.Network;
import org.entangle.network.NetworkDiff;
import org.entangle.network.ScanSpec;
import org.entangle.network.Step;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

class VerifierTest {

    private static final List<Integer> ONE_TO_256 = IntStream.rangeClosed(1, 256).boxed().collect(Collectors.toList());

    @Test
    void brentKungVerifiesAndItsMeasuresFitTheTextbookForms() {
        Verification v = Verifier.verify(n -> Families.build("brent-kung", n), ONE_TO_256, ScanSpec.INCLUSIVE, () -> false);
        assertTrue(v.passed());
        assertEquals(256, v.verifiedUpTo());
        assertEquals("2N − log2 N − 2", v.sizeForm().orElseThrow().toString());
        assertEquals("2log2 N − 1", v.stepsForm().orElseThrow().toString());
        assertEquals(2, v.stepsForm().orElseThrow().validFrom(), "N = 1 has no steps");
        assertEquals(1, v.sizeForm().orElseThrow().validFrom());
    }

    @Test
    void koggeStoneSizeFitsNLogNMinusNPlusOne() {
        Verification v = Verifier.verify(n -> Families.build("kogge-stone", n), ONE_TO_256, ScanSpec.INCLUSIVE, () -> false);
        assertEquals("N·log2 N − N + 1", v.sizeForm().orElseThrow().toString());
        assertEquals("log2 N", v.depthForm().orElseThrow().toString());
    }

    @Test
    void aBrokenAlgorithmIsReportedAtItsFirstFailingN() {
        // Brent–Kung without its last down-sweep step is correct only while that step is empty (N <= 2).
        Verification v = Verifier.verify(n -> {
            Network bk = Families.build("brent-kung", n);
            List<Step> steps = new ArrayList<>(bk.steps());
            if (n > 2) steps.remove(steps.size() - 1);
            return bk.withSteps(steps);
        }, ONE_TO_256, ScanSpec.INCLUSIVE, () -> false);
        assertFalse(v.passed());
        assertEquals(3, v.firstFailure().orElseThrow().n());
        assertEquals(2, v.verifiedUpTo());
        assertTrue(v.firstFailure().orElseThrow().message().contains("wire 2"), v.firstFailure().orElseThrow().message());
    }

    @Test
    void brentKungsDepthFitsFromTheSmallestNOnWhichItHolds() {
        Verification v = Verifier.verify(n -> Families.build("brent-kung", n), ONE_TO_256, ScanSpec.INCLUSIVE, () -> false);
        ClosedForm depth = v.depthForm().orElseThrow();
        assertEquals("2log2 N − 2", depth.toString());
        assertEquals(4, depth.validFrom(), "depth(1) = 0 and depth(2) = 1 are special");
        for (int n = 4; n <= 256; n *= 2) assertEquals(v.rows().get(n - 1).depth(), depth.valueAt(n), "N = " + n);
        assertEquals(1, v.rows().get(1).depth());
    }

    @Test
    void aFormFromLaterOnNeedsTwoConfirmingPoints() {
        // 3N + 1 from N = 8 on; N = 1, 2, 4 are off the form.
        ClosedForm late = ClosedForm.fit(Map.of(1, 7L, 2, 0L, 4, 9L, 8, 25L, 16, 49L, 32, 97L, 64, 193L)).orElseThrow();
        assertEquals("3N + 1", late.toString());
        assertEquals(8, late.validFrom());
        // Two points fit a one-term form (2N) with nothing to confirm it: no form.
        assertTrue(ClosedForm.fit(Map.of(1, 5L, 2, 3L, 4, 11L, 8, 2L, 16, 40L, 32, 64L, 64, 128L)).isEmpty());
        // Three do: 2N from N = 16 on.
        ClosedForm tail = ClosedForm.fit(Map.of(1, 5L, 2, 3L, 4, 11L, 8, 2L, 16, 32L, 32, 64L, 64, 128L)).orElseThrow();
        assertEquals("2N", tail.toString());
        assertEquals(16, tail.validFrom());
    }

    @Test
    void closedFormsAreExactOrAbsent() {
        assertTrue(ClosedForm.fit(Map.of(1, 0L, 2, 1L, 4, 5L, 8, 2L, 16, 100L)).isEmpty());
        ClosedForm f = ClosedForm.fit(Map.of(2, 1L, 4, 4L, 8, 12L, 16, 32L)).orElseThrow();
        assertEquals("1/2N·log2 N", f.toString());
        assertEquals(80.0, f.valueAt(32));
    }

    @Test
    void diffMatchesStepsModuloEmptyStepsAndSplitsOps() {
        Network bk = Families.build("brent-kung", 8);
        List<Step> withEmpty = new ArrayList<>(bk.steps());
        withEmpty.add(3, Step.EMPTY);
        NetworkDiff same = NetworkDiff.of(bk.withSteps(withEmpty), bk);
        assertTrue(same.identical());
        NetworkDiff other = NetworkDiff.of(Families.build("sklansky", 8), bk);
        assertFalse(other.identical());
        assertEquals(1, other.firstDifferingStep(), "both start with the pairwise step");
        assertEquals(Families.build("sklansky", 8).opCount(), other.commonCount() + other.onlyOursCount());
        assertEquals(bk.opCount(), other.commonCount() + other.onlyTheirsCount());
    }
}
