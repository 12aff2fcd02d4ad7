package org.entangle.cuda.patterns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The exact bucket table that {@link HistogramBins} emits for explicit edges, evaluated on the CPU with the same
 * rounded double operations as the kernels (bucket {@code (int)((x - e0) * (BINS / (eB - e0)))}, the table's
 * {@code c << 7 | min(c' - c, 127)}, one load and a search in [c - 1, c']): it must give the bin of the definition
 * ({@link HistogramSpec#rangeBin}) for every sample, for evenly spaced, random, clustered and far-from-zero edges (seeds fixed and printed).
 */
class HistogramBucketTableTest {

    private static int bucket(double x, double origin, double scale) {
        return (int) ((x - origin) * scale);
    }

    private static int edgesBelow(double[] edges, int bound, double origin, double scale) {
        int bins = edges.length - 1;
        int low = 0;
        int high = bins + 1;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (bucket(edges[mid], origin, scale) < bound) low = mid + 1;
            else high = mid;
        }
        return low;
    }

    private static long[] table(double[] edges) {
        int bins = edges.length - 1;
        double origin = edges[0];
        double scale = bins / (edges[bins] - edges[0]);
        long[] t = new long[bins + HistogramSource.TABLE_ENTRIES];
        for (int j = 0; j < t.length; j++) {
            int below = edgesBelow(edges, j, origin, scale);
            int upTo = edgesBelow(edges, j + 1, origin, scale);
            t[j] = (long) below << 7 | Math.min(upTo - below, 127);
        }
        return t;
    }

    /** The kernel's RangeBins for one chunk covering all bins; {@code probes[0]} counts edge loads. */
    private static int bin(double[] edges, long[] table, double x, int[] probes) {
        int bins = edges.length - 1;
        if (!(x >= edges[0] && x < edges[bins])) return -1;
        double origin = edges[0];
        double scale = bins / (edges[bins] - edges[0]);
        int j = bucket(x, origin, scale);
        long entry = table[j];
        int below = (int) (entry >>> 7);
        int span = (int) (entry & 127);
        if (span == 0) return below - 1;
        int low = Math.max(below - 1, 0);
        int high = Math.min(span < 127 ? below + span : (int) (table[j + 1] >>> 7), bins);
        while (high - low > 1) {
            int mid = (low + high) >>> 1;
            probes[0]++;
            if (edges[mid] <= x) low = mid;
            else high = mid;
        }
        return low;
    }

    private static void assertMatchesDefinition(String what, double[] edges, double lo, double hi, long seed) {
        System.out.println("bucket table, " + what + ": seed " + seed);
        long[] table = table(edges);
        SplittableRandom rng = new SplittableRandom(seed);
        int[] probes = new int[1];
        int samples = 50_000;
        for (int i = 0; i < samples; i++) {
            double x = i % 4 == 0 ? edges[rng.nextInt(edges.length)] : lo + (hi - lo) * (rng.nextDouble() * 1.25 - 0.125);
            if (i % 8 == 1) x = Math.nextDown(edges[rng.nextInt(edges.length)]);
            assertEquals(HistogramSpec.rangeBin(edges, x), bin(edges, table, x, probes), what + ": sample " + x);
        }
        assertEquals(-1, bin(edges, table, Double.NaN, probes), what + ": NaN");
        assertTrue(probes[0] < 8L * samples, what + ": " + probes[0] + " edge probes for " + samples + " samples");
    }

    @Test
    void evenlySpacedEdgesNeedAtMostOneProbe() {
        int bins = 65536;
        double[] edges = new double[bins + 1];
        for (int i = 0; i <= bins; i++) edges[i] = (float) ((double) i / bins);
        long[] table = table(edges);
        int[] probes = new int[1];
        SplittableRandom rng = new SplittableRandom(11);
        for (int i = 0; i < 50_000; i++) {
            double x = (float) rng.nextDouble();
            int before = probes[0];
            assertEquals(HistogramSpec.rangeBin(edges, x), bin(edges, table, x, probes));
            assertTrue(probes[0] - before <= 1, "sample " + x + " took " + (probes[0] - before) + " probes");
        }
        assertMatchesDefinition("evenly spaced float32", edges, 0, 1, 12);
    }

    @Test
    void randomClusteredAndDistantEdgesGiveTheDefinedBin() {
        SplittableRandom rng = new SplittableRandom(21);
        for (int bins : new int[] {1, 3, 256, 2048, 65536}) {
            TreeSet<Double> interior = new TreeSet<>();
            while (interior.size() < bins - 1) interior.add(rng.nextDouble());
            assertMatchesDefinition(bins + " random", withEnds(interior, 0, 1), 0, 1, 22 + bins);
            TreeSet<Double> clustered = new TreeSet<>();
            while (clustered.size() < bins - 1) clustered.add(Math.pow(rng.nextDouble(), 8));
            assertMatchesDefinition(bins + " clustered near 0", withEnds(clustered, 0, 1), 0, 1, 23 + bins);
            double base = 1e6;
            TreeSet<Double> distant = new TreeSet<>();
            while (distant.size() < bins - 1) {
                double x = base + rng.nextDouble();
                if (x > base && x < base + 1) distant.add(x);
            }
            assertMatchesDefinition(bins + " near 1e6", withEnds(distant, base, base + 1), base, base + 1, 24 + bins);
        }
    }

    private static double[] withEnds(TreeSet<Double> interior, double lo, double hi) {
        double[] e = new double[interior.size() + 2];
        e[0] = lo;
        int i = 1;
        for (double x : interior) e[i++] = x;
        e[e.length - 1] = hi;
        assertTrue(Arrays.stream(e).distinct().count() == e.length, "edges must be distinct");
        return e;
    }
}
