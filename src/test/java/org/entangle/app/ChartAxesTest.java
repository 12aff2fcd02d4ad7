package org.entangle.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ChartAxes#ticks}: a unit of 1, 2, 2.5 or 5 times a power of ten, bounds on its multiples at least a unit
 * beyond the values (not below 0 for values that are not), at most {@link ChartAxes#MAX_STEPS} steps between them, and
 * the smallest such unit.
 */
class ChartAxesTest {

    private static final long SEED = 20261126L;

    @Test
    void theUnitIsTheSmallestNiceOneGivingAtMostMaxStepsBeyondTheValues() {
        System.out.println("ChartAxesTest seed " + SEED);
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < 3_000; i++) {
            int min = random.nextInt(i < 1_000 ? 40 : 100_000) - (i >= 2_000 ? 50_000 : 0);
            int max = min + random.nextInt(i < 1_000 ? 60 : 200_000);
            ChartAxes.Ticks ticks = ChartAxes.ticks(min, max);
            double unit = ticks.unit();
            String where = min + ".." + max + " as " + ticks;
            double power = Math.pow(10, Math.floor(Math.log10(unit) + 1e-9));
            double mantissa = unit / power;
            assertTrue(List.of(1.0, 2.0, 2.5, 5.0).contains(mantissa), "not a nice unit: " + where);
            assertTrue(ticks.lower() + unit <= min || (min >= 0 && ticks.lower() == 0), "not a unit below the values: " + where);
            assertTrue(min < 0 || ticks.lower() >= 0, "below 0: " + where);
            assertTrue(ticks.upper() - unit >= max, "not a unit above the values: " + where);
            assertTrue(Math.abs(ticks.lower() / unit - Math.rint(ticks.lower() / unit)) < 1e-9, "lower bound off the unit: " + where);
            assertTrue((ticks.upper() - ticks.lower()) / unit <= ChartAxes.MAX_STEPS, "too many steps: " + where);
            double smaller = mantissa == 1 ? 0.5 * power : mantissa == 2 ? power : mantissa == 2.5 ? 2 * power : 2.5 * power;
            if (smaller >= 1) {
                double lower = Math.floor((min - smaller) / smaller) * smaller;
                if (min >= 0) lower = Math.max(0, lower);
                double upper = Math.ceil((max + smaller) / smaller) * smaller;
                assertTrue((upper - lower) / smaller > ChartAxes.MAX_STEPS, where + ": a unit of " + smaller + " would do");
            }
        }
    }

    @Test
    void examples() {
        assertEquals(new ChartAxes.Ticks(0, 80, 10), ChartAxes.ticks(1, 64));
        assertEquals(new ChartAxes.Ticks(-6, 6, 2), ChartAxes.ticks(-3, 4));
    }
}
