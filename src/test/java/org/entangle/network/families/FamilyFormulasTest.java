package org.entangle.network.families;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.entangle.network.Network;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;
import org.junit.jupiter.api.Test;

/** Sizes and depths of the families at n = 2^k up to 1024 match the families' published formulas. */
class FamilyFormulasTest {

    private static NetworkMetrics metrics(String family, int n) {
        return Metrics.of(Families.build(family, n));
    }

    @Test
    void serial() {
        for (int k = 0; k <= 10; k++) {
            int n = 1 << k;
            NetworkMetrics m = metrics("serial", n);
            assertEquals(n - 1, m.size());
            assertEquals(n - 1, m.depth());
        }
    }

    @Test
    void sklansky() {
        for (int k = 0; k <= 10; k++) {
            int n = 1 << k;
            NetworkMetrics m = metrics("sklansky", n);
            assertEquals(n / 2 * k, m.size(), "n=" + n);
            assertEquals(k, m.depth());
            assertEquals(Math.max(n / 2, n == 1 ? 0 : 1), m.maxFanout(), "n=" + n);
        }
    }

    @Test
    void koggeStone() {
        for (int k = 0; k <= 10; k++) {
            int n = 1 << k;
            NetworkMetrics m = metrics("kogge-stone", n);
            assertEquals(n * k - n + 1, m.size(), "n=" + n);
            assertEquals(k, m.depth());
            assertEquals(k, m.steps());
        }
        // in-place, a finished wire keeps its value, so input 0 is read once per step: fan-out log2 n
        assertEquals(10, metrics("kogge-stone", 1024).maxFanout());
    }

    @Test
    void brentKung() {
        for (int k = 1; k <= 10; k++) {
            int n = 1 << k;
            NetworkMetrics m = metrics("brent-kung", n);
            assertEquals(2 * n - k - 2, m.size(), "n=" + n);
            assertEquals(Math.max(k, 2 * k - 2), m.depth(), "n=" + n);
            assertEquals(2 * k - 1, m.steps(), "n=" + n);
        }
    }

    @Test
    void hanCarlson() {
        for (int k = 3; k <= 10; k++) {
            int n = 1 << k;
            NetworkMetrics m = metrics("han-carlson", n);
            assertEquals(n / 2 * k, m.size(), "n=" + n);
            assertEquals(k + 1, m.depth(), "n=" + n);
        }
    }

    @Test
    void publishedTableAt16To64() {
        int[][] expected = {
            // serial, sklansky, kogge-stone, brent-kung, han-carlson, ladner-fischer: {size, depth}
            {15, 15, 32, 4, 49, 4, 26, 6, 32, 5, 31, 4},
            {31, 31, 80, 5, 129, 5, 57, 8, 80, 6, 74, 5},
            {63, 63, 192, 6, 321, 6, 120, 10, 192, 7, 168, 6},
        };
        String[] families = {"serial", "sklansky", "kogge-stone", "brent-kung", "han-carlson", "ladner-fischer"};
        int[] widths = {16, 32, 64};
        for (int w = 0; w < widths.length; w++) {
            for (int f = 0; f < families.length; f++) {
                NetworkMetrics m = metrics(families[f], widths[w]);
                assertEquals(expected[w][2 * f], m.size(), families[f] + " " + widths[w] + " size");
                assertEquals(expected[w][2 * f + 1], m.depth(), families[f] + " " + widths[w] + " depth");
            }
        }
    }

    @Test
    void blellochHasTwoNMinusTwoCombinesOfWhichLog2NWithTheIdentity() {
        for (int k = 0; k <= 10; k++) {
            int n = 1 << k;
            Network net = Families.build("blelloch", n);
            NetworkMetrics m = Metrics.of(net);
            assertEquals(2 * (n - 1), m.size(), "n=" + n);
            assertEquals(k, m.identityCombines(), "n=" + n);
            assertEquals(1, m.moves(), "the identity written into the root");
            assertEquals(2 * k + 1, m.steps(), "n=" + n);
        }
    }

    @Test
    void radixThreeBrentKungAtPowersOfThree() {
        for (int k = 1; k <= 6; k++) {
            int n = (int) Math.pow(3, k);
            NetworkMetrics m = metrics("brent-kung-radix", n);
            int up = n - 1;
            int down = 0;
            for (int level = 0; level <= k - 2; level++) {
                down += 2 * ((int) Math.pow(3, k - level - 1) - 1);
            }
            assertEquals(up + down, m.size(), "n=" + n);
            assertEquals(2 * k + (k - 1), m.steps(), "n=" + n);
        }
    }

    @Test
    void knowlesZeroIsKoggeStone() {
        for (int n = 1; n <= 64; n++) {
            assertEquals(Families.build("kogge-stone", n).steps(), Families.build("knowles", n, 0).steps());
        }
    }
}
