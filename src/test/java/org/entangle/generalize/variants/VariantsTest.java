package org.entangle.generalize.variants;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.entangle.network.Direction;
import org.entangle.network.Network;
import org.entangle.network.ResultKind;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.eval.Evaluator;
import org.entangle.network.eval.Monoid;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

class VariantsTest {

    private static final String[] FAMILIES = {"serial", "sklansky", "kogge-stone", "brent-kung", "han-carlson", "ladner-fischer", "brent-kung-radix"};

    @Test
    void backwardAndExclusiveVariantsOfEveryFamilyAreCorrectUpTo256() {
        for (String family : FAMILIES) {
            for (int n = 1; n <= 256; n++) {
                Network net = Families.build(family, n);
                Network back = NetworkVariants.backward(net);
                assertEquals(Direction.BACKWARD, back.spec().direction());
                assertTrue(RangeChecker.check(back).correct(), family + " backward n=" + n);
                assertFalse(n > 1 && RangeChecker.check(back, net.spec()).correct(), "a mirrored network is not a forward scan");
                Network exclusive = NetworkVariants.exclusiveByShift(net);
                assertEquals(ResultKind.EXCLUSIVE, exclusive.spec().kind());
                assertTrue(RangeChecker.check(exclusive).correct(), family + " exclusive n=" + n);
                assertTrue(RangeChecker.check(NetworkVariants.exclusiveByShift(back)).correct(), family + " backward exclusive n=" + n);
            }
        }
    }

    @Test
    void blellochMirroredIsABackwardExclusiveScan() {
        for (int n = 1; n <= 256; n++) {
            Network back = NetworkVariants.backward(Families.build("blelloch", n));
            assertTrue(RangeChecker.check(back).correct(), "n=" + n);
        }
    }

    @Test
    void everyFamilyComputesSegmentedScansWithTheLiftedOperator() {
        long seed = 5150L;
        System.out.println("VariantsTest segmented seed " + seed);
        Random random = new Random(seed);
        for (String family : FAMILIES) {
            for (int trial = 0; trial < 40; trial++) {
                int n = 1 + random.nextInt(200);
                List<String> values = new ArrayList<>();
                boolean[] flags = new boolean[n];
                for (int i = 0; i < n; i++) {
                    values.add(Character.toString('a' + random.nextInt(26)));
                    flags[i] = random.nextInt(4) == 0;
                }
                Monoid<Segmented.Flagged<String>> lifted = Segmented.lift(Monoid.CONCAT);
                List<Segmented.Flagged<String>> out = Evaluator.evaluate(Families.build(family, n), Segmented.withFlags(values, flags), lifted);
                List<String> expected = Segmented.sequential(values, flags, Monoid.CONCAT);
                for (int i = 0; i < n; i++) {
                    assertEquals(expected.get(i), out.get(i).value(), family + " n=" + n + " wire " + i);
                }
            }
        }
    }

    @Test
    void headPointersBecomeTheEquivalentBitMask() {
        boolean[] flags = Segmented.flagsFromHeads(new int[] {0, 3, 6}, 8);
        assertEquals("[true, false, false, true, false, false, true, false]", java.util.Arrays.toString(flags));
    }
}
