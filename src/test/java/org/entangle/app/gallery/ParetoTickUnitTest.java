package org.entangle.app.gallery;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The Pareto chart's tick unit: 1, 2, 2.5 or 5 times a power of ten, at most 15 steps, and the smallest such. */
class ParetoTickUnitTest {

    private static final long SEED = 20261126L;

    @Test
    void theUnitIsTheSmallestNiceOneGivingAtMostFifteenSteps() {
        System.out.println("ParetoTickUnitTest seed " + SEED);
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < 2_000; i++) {
            double range = 1 + random.nextInt(i < 1_000 ? 60 : 200_000);
            double unit = ParetoChart.tickUnit(range);
            double power = Math.pow(10, Math.floor(Math.log10(unit) + 1e-9));
            assertTrue(List.of(1.0, 2.0, 2.5, 5.0).contains(unit / power), "not a nice unit: " + unit);
            assertTrue(range / unit <= ParetoChart.MAX_TICKS, range + " in steps of " + unit);
            double mantissa = unit / power;
            double smaller = mantissa == 1 ? 0.5 * power : mantissa == 2 ? power : mantissa == 2.5 ? 2 * power : 2.5 * power;
            if (smaller >= 1) assertTrue(range / smaller > ParetoChart.MAX_TICKS, range + ": a unit of " + smaller + " would do");
        }
    }
}
