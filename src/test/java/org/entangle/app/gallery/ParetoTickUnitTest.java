package org.entangle.app.gallery;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The Pareto chart's axes: a unit of 1, 2, 2.5 or 5 times a power of ten, bounds on its multiples at least a unit
 * beyond the values, at most {@link ParetoChart#MAX_TICKS} steps between them, and the smallest such unit.
 */
class ParetoTickUnitTest {

    private static final long SEED = 20261126L;

    @Test
    void theUnitIsTheSmallestNiceOneGivingAtMostMaxTicksStepsBeyondTheValues() {
        System.out.println("ParetoTickUnitTest seed " + SEED);
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < 2_000; i++) {
            int min = random.nextInt(i < 1_000 ? 40 : 100_000);
            int max = min + random.nextInt(i < 1_000 ? 60 : 200_000);
            ParetoChart.Ticks ticks = ParetoChart.ticks(min, max);
            double unit = ticks.unit();
            String where = min + ".." + max + " as " + ticks;
            double power = Math.pow(10, Math.floor(Math.log10(unit) + 1e-9));
            double mantissa = unit / power;
            assertTrue(List.of(1.0, 2.0, 2.5, 5.0).contains(mantissa), "not a nice unit: " + where);
            assertTrue(ticks.lower() + unit <= min && ticks.upper() - unit >= max, "not a unit beyond the values: " + where);
            assertTrue(Math.abs(ticks.lower() / unit - Math.rint(ticks.lower() / unit)) < 1e-9, "lower bound off the unit: " + where);
            assertTrue((ticks.upper() - ticks.lower()) / unit <= ParetoChart.MAX_TICKS, "too many steps: " + where);
            double smaller = mantissa == 1 ? 0.5 * power : mantissa == 2 ? power : mantissa == 2.5 ? 2 * power : 2.5 * power;
            if (smaller >= 1) {
                double lower = Math.floor((min - smaller) / smaller) * smaller;
                double upper = Math.ceil((max + smaller) / smaller) * smaller;
                assertTrue((upper - lower) / smaller > ParetoChart.MAX_TICKS, where + ": a unit of " + smaller + " would do");
            }
        }
    }
}
