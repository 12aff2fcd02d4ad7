package org.entangle.cuda.patterns;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.ScanOperator;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;

/** The patterns' CPU references against brute force (seeded random inputs; seeds printed). */
class PatternReferenceTest {

    private static final long SEED = 909L;

    private static PatternRequest request(Map<String, String> options) {
        return new PatternRequest(Families.build("sklansky", 256), "sklansky-256", List.of(), options);
    }

    @Test
    void integerReductionsMatchASerialFoldAcrossChunks() {
        System.out.println("seed " + SEED);
        SplittableRandom rng = new SplittableRandom(SEED);
        int n = (1 << 21) + 17;  // more than one chunk of 2^20
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = rng.nextInt();
        BigInteger sum = BigInteger.ZERO;
        int max = Integer.MIN_VALUE;
        int min = Integer.MAX_VALUE;
        for (int x : a) {
            sum = sum.add(BigInteger.valueOf(x));
            max = Math.max(max, x);
            min = Math.min(min, x);
        }
        assertEquals(sum.intValue(), ReduceReference.ofLongs(ElementType.INT32, ScanOperator.ADD, n, i -> a[i]), "int32 sums wrap mod 2^32");
        assertEquals(max, ReduceReference.ofLongs(ElementType.INT32, ScanOperator.MAX, n, i -> a[i]));
        assertEquals(min, ReduceReference.ofLongs(ElementType.INT32, ScanOperator.MIN, n, i -> a[i]));
        assertEquals(Integer.MIN_VALUE, ReduceReference.ofLongs(ElementType.INT32, ScanOperator.MAX, 0, i -> 0), "n = 0 gives the identity");
    }

    @Test
    void floatSumIsCloseToTheExactSumAndMaxIgnoresNaN() {
        SplittableRandom rng = new SplittableRandom(SEED + 1);
        int n = 3_000_001;
        float[] a = new float[n];
        java.math.BigDecimal exact = java.math.BigDecimal.ZERO;
        for (int i = 0; i < n; i++) {
            a[i] = (float) rng.nextDouble();
            exact = exact.add(new java.math.BigDecimal(a[i]));
        }
        double ref = ReduceReference.ofDoubles(ScanOperator.ADD, n, i -> a[i]);
        assertTrue(Math.abs(ref - exact.doubleValue()) / exact.doubleValue() < 1e-14, "reference sum " + ref + " vs exact " + exact);
        double[] withNaN = {1, Double.NaN, 3, -2};
        assertEquals(3.0, ReduceReference.ofDoubles(ScanOperator.MAX, 4, i -> withNaN[i]));
        assertEquals(-2.0, ReduceReference.ofDoubles(ScanOperator.MIN, 4, i -> withNaN[i]));
    }

    @Test
    void compactionKeepsTheSelectedIndicesInOrder() {
        SplittableRandom rng = new SplittableRandom(SEED + 2);
        int[] a = rng.ints(10_000).toArray();
        int[] kept = CompactReference.keptIndices(a.length, i -> a[i] > 0);
        List<Integer> brute = new ArrayList<>();
        for (int i = 0; i < a.length; i++) {
            if (a[i] > 0) brute.add(i);
        }
        assertArrayEquals(brute.stream().mapToInt(Integer::intValue).toArray(), kept);
        assertEquals(0, CompactReference.keptIndices(a.length, i -> false).length);
        assertEquals(a.length, CompactReference.keptIndices(a.length, i -> true).length);
        assertEquals(0, CompactReference.keptIndices(0, i -> true).length);
    }

    @Test
    void evenIntegerBinsAreExactlyEvenAndExcludeTheOutside() {
        HistogramSpec.EvenBins bins = new HistogramSpec.EvenBins(ElementType.INT32, -100, 156, 256);
        for (int x = -100; x < 156; x++) assertEquals(x + 100, bins.bin(x));
        assertEquals(-1, bins.bin(-101));
        assertEquals(-1, bins.bin(156));
        HistogramSpec.EvenBins uneven = new HistogramSpec.EvenBins(ElementType.INT32, 0, 1000, 7);
        for (int x = 0; x < 1000; x++) assertEquals(x * 7 / 1000, uneven.bin(x));
        // the kernel's reciprocal: floor((2^64 - 1) / R)
        assertEquals(Long.divideUnsigned(-1L, 1000), uneven.scaleBits());
    }

    @Test
    void evenFloatBinsStayInRangeAndDropNaN() {
        HistogramSpec.EvenBins bins = new HistogramSpec.EvenBins(ElementType.FLOAT32, 0, 1, 256);
        SplittableRandom rng = new SplittableRandom(SEED + 3);
        for (int i = 0; i < 100_000; i++) {
            float x = (float) rng.nextDouble();
            int b = bins.bin(x);
            assertTrue(b >= 0 && b < 256, "bin of " + x);
            assertTrue(Math.abs(b - x * 256) <= 1, "bin " + b + " of " + x + " is within one of x * bins");
        }
        assertEquals(255, bins.bin(Math.nextDown(1.0f)));
        assertEquals(-1, bins.bin(1.0));
        assertEquals(-1, bins.bin(Float.NaN));
        assertEquals(-1, bins.bin(-0.5));
    }

    @Test
    void rangeBinsMatchALinearScan() {
        double[] edges = HistogramSpec.edges(request(Map.of("bins", "64")), ElementType.FLOAT64, 64, SEED);
        for (int i = 1; i < edges.length; i++) assertTrue(edges[i - 1] < edges[i], "edges increase");
        SplittableRandom rng = new SplittableRandom(SEED + 4);
        for (int k = 0; k < 20_000; k++) {
            double x = rng.nextDouble(-0.2, 1.2);
            int linear = -1;
            for (int i = 0; i + 1 < edges.length; i++) {
                if (edges[i] <= x && x < edges[i + 1]) linear = i;
            }
            assertEquals(linear, HistogramSpec.rangeBin(edges, x), "x = " + x);
        }
        assertEquals(-1, HistogramSpec.rangeBin(edges, Double.NaN));
    }

    @Test
    void countsAddUpToTheSamplesInRange() {
        SplittableRandom rng = new SplittableRandom(SEED + 5);
        int n = 2_500_000;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = rng.nextInt(-50, 1100);
        HistogramSpec.EvenBins bins = new HistogramSpec.EvenBins(ElementType.INT32, 0, 1024, 256);
        long[] counts = HistogramSpec.counts(n, 256, i -> a[i], bins::bin);
        long[] brute = new long[256];
        for (int x : a) {
            if (x >= 0 && x < 1024) brute[x / 4]++;
        }
        assertArrayEquals(brute, counts);
    }

    @Test
    void badHistogramOptionsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> HistogramSpec.validate(request(Map.of("lo", "5", "hi", "5"))));
        assertThrows(IllegalArgumentException.class, () -> HistogramSpec.validate(request(Map.of("lo", "2", "hi", "1"))));
        assertThrows(IllegalArgumentException.class, () -> HistogramSpec.validate(request(Map.of("edges", "0,3,2"))));
        assertThrows(IllegalArgumentException.class, () -> HistogramSpec.validate(request(Map.of("bins", "0"))));
        assertEquals(List.of(3), HistogramSpec.binCounts(request(Map.of("edges", "0,1,5,9"))));
    }

    @Test
    void privatisationFallsBackToGlobalAtomicsForManyBins() {
        assertEquals(HistogramSource.Privatisation.PER_WARP, HistogramSource.privatisation(256, 256));
        assertEquals(HistogramSource.Privatisation.PER_BLOCK, HistogramSource.privatisation(256, 2048));
        assertEquals(HistogramSource.Privatisation.CHUNKED, HistogramSource.privatisation(256, 65536));
        assertEquals(6, HistogramSource.chunks(256, 65536));
    }

    @Test
    void histogramLaunchPlanFitsOneWaveOfResidentBlocks() {
        int multiprocessors = 132;
        for (int width : new int[] {256, 1024}) {
            for (String type : new String[] {"int32", "float32", "float64"}) {
                for (int bins : new int[] {1, 256, 1024, 2048, 10240, 11000, 65536}) {
                    PatternRequest r = new PatternRequest(Families.build("sklansky", width), "sklansky-" + width, List.of(type),
                            Map.of("bins", Integer.toString(bins)));
                    HistogramSource.Config c = new HistogramSource().configs(r).get(0);
                    int resident = HistogramSource.residentBlocks(c, width);
                    HistogramSource.Privatisation p = HistogramSource.privatisation(width, bins);
                    long counters = 4L * ((bins + HistogramSource.chunks(width, bins) - 1) / HistogramSource.chunks(width, bins))
                            * (p == HistogramSource.Privatisation.PER_WARP ? width / 32 : 1);
                    String where = type + " " + bins + " bins at width " + width;
                    assertTrue(resident >= 1 && (long) resident * width <= 2048, where);
                    assertTrue(resident * (counters + 1024) <= 228 * 1024, where + ": " + resident + " blocks of " + counters + " bytes");
                    long blocks = HistogramSource.blocks(r.network(), c, 1L << 28, multiprocessors);
                    assertTrue(blocks <= (long) multiprocessors * resident, where + ": " + blocks + " blocks in more than one wave");
                    assertEquals(0, blocks % HistogramSource.chunks(width, bins), where);
                    assertTrue(HistogramSource.blocks(r.network(), c, 0, multiprocessors) >= (p == HistogramSource.Privatisation.CHUNKED ? 0 : 1),
                            where + ": the last block of an empty input writes the cumulative histogram");
                }
            }
        }
        assertEquals(132 * 8, HistogramSource.blocks(request(Map.of("bins", "256")).network(),
                new HistogramSource.Config(ElementType.FLOAT32, 256, 2048, 4, 0, StreamLoad.NONE), 1L << 28, 132));
        assertThrows(IllegalArgumentException.class, () -> HistogramSource.ring(request(Map.of("ring", "0")), ElementType.FLOAT32));
        assertThrows(IllegalArgumentException.class, () -> HistogramSource.residentThreads(request(Map.of("resident", "4096")), ElementType.INT32));
        assertThrows(IllegalArgumentException.class, () -> HistogramSource.residentThreads(request(Map.of("resident", "many")), ElementType.INT32));
    }

    @Test
    void emittersRejectNetworksABlockCannotRun() {
        PatternRequest narrow = new PatternRequest(Families.build("sklansky", 16), "sklansky-16", List.of(), Map.of());
        for (PatternSource p : PatternCatalog.all()) {
            if (p instanceof MergeSource) continue; // merge path uses no scan, so it takes any network
            assertThrows(IllegalArgumentException.class, () -> p.emit(narrow), p.name());
        }
        PatternRequest badType = new PatternRequest(Families.build("sklansky", 64), "sklansky-64", List.of("int8"), Map.of());
        assertThrows(IllegalArgumentException.class, () -> new ReduceSource().emit(badType));
    }
}
