package org.entangle.cuda.patterns;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;
import org.entangle.cuda.ElementType;

/**
 * The histogram's options and its CPU reference (the definitions {@link HistogramSource} implements on the GPU).
 * Options: {@code bins=256,2048,65536} (bin counts to cover, default those three: per-warp, per-block and
 * global counting at width 256), {@code mode=even|range|all}, {@code dist=uniform|skewed|all},
 * {@code lo=} and {@code hi=} (default 0 and 2^20 for integers, 0 and 1 for floats; lo must be below hi), and
 * {@code edges=e0,e1,...} (explicit increasing edges; they replace bins, lo and hi).
 */
public final class HistogramSpec {

    /** The default bin counts. */
    public static final String DEFAULT_BINS = "256,2048,65536";

    private HistogramSpec() {
    }

    /** The bin counts the request covers. */
    public static List<Integer> binCounts(PatternRequest request) {
        String edges = request.option("edges", null);
        if (edges != null) return List.of(explicitEdges(edges).length - 1);
        List<Integer> out = new ArrayList<>();
        for (String token : request.option("bins", DEFAULT_BINS).split(",")) {
            int b;
            try {
                b = Integer.parseInt(token.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("histogram: bins=" + token + " is not a number");
            }
            if (b < 1 || b > (1 << 24)) throw new IllegalArgumentException("histogram: bins must be in 1..2^24, got " + b);
            if (!out.contains(b)) out.add(b);
        }
        return out;
    }

    /** Checks the range and the edges (bad input is an {@link IllegalArgumentException} with one line). */
    public static void validate(PatternRequest request) {
        binCounts(request);
        for (ElementType t : HistogramSource.TYPES) {
            if (lo(request, t) >= hi(request, t) || Double.isNaN(lo(request, t)) || Double.isNaN(hi(request, t))) {
                throw new IllegalArgumentException("histogram: the range needs lo < hi, got lo=" + request.option("lo", "0")
                        + " hi=" + request.option("hi", "default"));
            }
        }
        boolean ints = request.types().isEmpty() || request.types().contains(ElementType.INT32.token());
        if (ints && lo(request, ElementType.INT32) < Integer.MIN_VALUE || ints && hi(request, ElementType.INT32) > 1L << 31) {
            throw new IllegalArgumentException("histogram: for int32 samples lo and hi must lie in [-2^31, 2^31]");
        }
        modes(request);
        distributions(request);
    }

    /** {@code even} and/or {@code range}. */
    public static List<String> modes(PatternRequest request) {
        return choice(request, "mode", List.of("even", "range"));
    }

    /** {@code uniform} and/or {@code skewed}. */
    public static List<String> distributions(PatternRequest request) {
        return choice(request, "dist", List.of("uniform", "skewed"));
    }

    private static List<String> choice(PatternRequest request, String key, List<String> all) {
        String v = request.option(key, "all");
        if (v.equals("all")) return all;
        if (!all.contains(v)) throw new IllegalArgumentException("histogram: " + key + "=" + v + " is not " + String.join(", ", all) + " or all");
        return List.of(v);
    }

    /** The lower end of the range for samples of {@code type}. */
    public static double lo(PatternRequest request, ElementType type) {
        String edges = request.option("edges", null);
        if (edges != null) return explicitEdges(edges)[0];
        return number(request.option("lo", "0"), "lo");
    }

    /** The upper end (exclusive). */
    public static double hi(PatternRequest request, ElementType type) {
        String edges = request.option("edges", null);
        if (edges != null) {
            double[] e = explicitEdges(edges);
            return e[e.length - 1];
        }
        return number(request.option("hi", type.isFloating() ? "1" : Integer.toString(1 << 20)), "hi");
    }

    private static double number(String text, String key) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("histogram: " + key + "=" + text + " is not a number");
        }
    }

    private static double[] explicitEdges(String text) {
        String[] parts = text.split(",");
        double[] e = new double[parts.length];
        for (int i = 0; i < parts.length; i++) e[i] = number(parts[i].strip(), "edges");
        if (e.length < 2) throw new IllegalArgumentException("histogram: edges= needs at least two edges");
        for (int i = 1; i < e.length; i++) {
            if (!(e[i - 1] < e[i])) throw new IllegalArgumentException("histogram: edges must increase, but " + parts[i - 1] + " >= " + parts[i]);
        }
        return e;
    }

    /**
     * The edges of {@code bins} explicit bins for samples of {@code type}: the user's, or {@code lo}, {@code hi}
     * and bins − 1 distinct random points between them (from {@code seed}), each representable in the type.
     */
    public static double[] edges(PatternRequest request, ElementType type, int bins, long seed) {
        String given = request.option("edges", null);
        if (given != null) return explicitEdges(given);
        double lo = lo(request, type);
        double hi = hi(request, type);
        if (type == ElementType.INT32 && hi - lo < bins) {
            throw new IllegalArgumentException("histogram: " + bins + " explicit bins need hi - lo >= bins for integers");
        }
        SplittableRandom rng = new SplittableRandom(seed);
        TreeSet<Double> interior = new TreeSet<>();
        int guard = 0;
        while (interior.size() < bins - 1) {
            double x = representable(type, rng.nextDouble(lo, hi));
            if (x > lo && x < hi) interior.add(x);
            if (++guard > 100 * bins + 1000) throw new IllegalArgumentException("histogram: cannot place " + bins + " distinct edges in [lo, hi)");
        }
        double[] e = new double[bins + 1];
        e[0] = lo;
        int i = 1;
        for (double x : interior) e[i++] = x;
        e[bins] = hi;
        return e;
    }

    private static double representable(ElementType type, double x) {
        return switch (type) {
            case INT32 -> Math.floor(x);
            case FLOAT32 -> (float) x;
            default -> x;
        };
    }

    /** Even bins of one sample type: the bin of a sample, or −1 outside [lo, hi) (and for NaN). */
    public record EvenBins(ElementType type, double lo, double hi, int bins) {

        /** The 64-bit parameter the kernel reads as {@code scale_bits}: the reciprocal for integers, the scale's bits for floats. */
        public long scaleBits() {
            return switch (type) {
                case INT32 -> Long.divideUnsigned(-1L, (long) hi - (long) lo);
                case FLOAT32 -> Float.floatToRawIntBits(bins / ((float) hi - (float) lo));
                default -> Double.doubleToRawLongBits(bins / (hi - lo));
            };
        }

        /** {@code lo} as the kernel reads it. */
        public long loBits() {
            return bits(lo);
        }

        /** {@code hi} as the kernel reads it. */
        public long hiBits() {
            return bits(hi);
        }

        private long bits(double v) {
            return switch (type) {
                case INT32 -> (long) v;
                case FLOAT32 -> Float.floatToRawIntBits((float) v);
                default -> Double.doubleToRawLongBits(v);
            };
        }

        /** The bin of sample {@code x} (computed the way the kernel does). */
        public int bin(double x) {
            switch (type) {
                case INT32 -> {
                    long xi = (long) x;
                    long l = (long) lo;
                    long h = (long) hi;
                    if (xi < l || xi >= h) return -1;
                    return (int) ((xi - l) * bins / (h - l));
                }
                case FLOAT32 -> {
                    float xf = (float) x;
                    float l = (float) lo;
                    float h = (float) hi;
                    if (!(xf >= l && xf < h)) return -1;
                    float scale = bins / (h - l);
                    return Math.min((int) ((xf - l) * scale), bins - 1);
                }
                default -> {
                    if (!(x >= lo && x < hi)) return -1;
                    return Math.min((int) ((x - lo) * (bins / (hi - lo))), bins - 1);
                }
            }
        }
    }

    /** The bin of {@code x} among increasing {@code edges} (edges[i] ≤ x &lt; edges[i + 1]), −1 outside or NaN. */
    public static int rangeBin(double[] edges, double x) {
        if (!(x >= edges[0] && x < edges[edges.length - 1])) return -1;
        int low = 0;
        int high = edges.length - 1;
        while (high - low > 1) {
            int mid = (low + high) >>> 1;
            if (edges[mid] <= x) low = mid;
            else high = mid;
        }
        return low;
    }

    /** Counts samples {@code 0..n-1} into bins by {@code binOf} (in parallel); samples it maps to −1 are not counted. */
    public static long[] counts(int n, int bins, IntToDoubleFunction sample, java.util.function.DoubleToIntFunction binOf) {
        int chunk = 1 << 20;
        int chunks = (n + chunk - 1) / chunk;
        return IntStream.range(0, chunks).parallel().mapToObj(c -> {
            long[] local = new long[bins];
            for (int i = c * chunk, end = (int) Math.min(n, (long) (c + 1) * chunk); i < end; i++) {
                int b = binOf.applyAsInt(sample.applyAsDouble(i));
                if (b >= 0) local[b]++;
            }
            return local;
        }).reduce(new long[bins], (a, b) -> {
            long[] s = new long[bins];
            for (int i = 0; i < bins; i++) s[i] = a[i] + b[i];
            return s;
        });
    }
}
