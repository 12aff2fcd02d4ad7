package org.entangle.cuda.patterns;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.CodeBuilder;
import org.entangle.network.Network;

/**
 * Stable LSD radix sort of 32-bit keys (optionally with uint32 values), four passes of 8-bit digits in the
 * single-pass-per-digit ("onesweep") structure of Adinets &amp; Merrill ("Onesweep: A Faster Least Significant Digit
 * Radix Sort for GPUs", 2022), with the digit offsets computed by the chosen network (GPU parallel-patterns seed,
 * "radix sort"):
 * <ol>
 *   <li>{@code histogram}: one read of the keys counts the digits of all four passes (and ORs the keys' bits and
 *       complements: a pass whose digit is the same in all keys is skipped, decided on the device, so the host
 *       launches all six kernels without waiting);</li>
 *   <li>{@code bin_scan}: <b>the network</b> scans each pass's 256 digit counts across a block: the first output
 *       position of every digit;</li>
 *   <li>per pass, {@code onesweep}: each block takes the next tile of {@link Geometry#tileKeys()} keys, counts its
 *       digits per warp, <b>the network</b> scans the tile's 256 digit totals across the block's threads, each warp
 *       ranks its keys stably (the lanes with the same digit are found as {@link RadixRanking} {@code rank=} says,
 *       by default by per-bit ballots; the highest of them claims their slots in shared memory), the tile's digit
 *       counts are chained to the preceding tiles' by decoupled look-back (Merrill &amp; Garland 2016; one thread per
 *       digit, reading {@link #lookBack} tiles' status words per round rather than one, so a walk past tiles still in
 *       flight costs a quarter of the memory latencies), and the keys (then the values) are written out in runs of
 *       equal digits. The passes that run alternate between
 *       two buffers; when none runs, the last launch copies the input.</li>
 * </ol>
 * {@link RadixKey}'s flip is applied once, as the first pass that runs loads a key, and undone as the last one stores
 * it (CUB's bit twiddling in and out): the passes between move flipped bits and take digits as plain bit fields. The
 * pass's role (first, last, both or neither) selects a template instance of the tile, so the flips cost nothing in
 * the passes between and those run the same code for every key type. Options: {@code items=K} and {@code blocks=B}
 * (see {@link Geometry#of(PatternRequest, boolean)}), {@code look-back=K}, {@code rank=ballot|match|atomic-or}
 * ({@link RadixRanking}) and {@code counters=16|32} ({@link RadixWarpCounters}). The histograms, the varying bits,
 * the per-pass tile counters and the tile status share one scratch buffer, zeroed by one memset. The tile status
 * words carry 30-bit counts, so n is below 2^30.
 */
public final class RadixSortSource implements PatternSource {

    /** Bits per digit. */
    public static final int DIGIT_BITS = 8;
    /** Digits per pass. */
    public static final int RADIX = 1 << DIGIT_BITS;
    /** Passes over 32-bit keys. */
    public static final int PASSES = 32 / DIGIT_BITS;
    /** Threads per block of the histogram kernel. */
    public static final int HISTOGRAM_THREADS = 256;
    /** Scratch words of the varying bits (two: the OR of the flipped keys, the OR of their complements). */
    public static final int BITS_AT = PASSES * RADIX;
    /** Scratch words of the per-pass tile counters. */
    public static final int COUNTERS_AT = BITS_AT + 8;
    /** Scratch words before the tile status (histograms, varying bits, tile counters). */
    public static final int SCRATCH_HEADER_WORDS = BITS_AT + 32;
    /** Keys below this bound: the tile status words keep counts in 30 bits. */
    public static final long MAX_KEYS = 1L << 30;
    /** Static shared memory a block may declare. */
    static final int SHARED_LIMIT = 48 * 1024;
    /** Shared memory of an sm_90 multiprocessor, and what the driver reserves per resident block. */
    static final int MULTIPROCESSOR_SHARED = 228 * 1024, BLOCK_RESERVED_SHARED = 1024;
    /** Keys per thread when shared memory allows (Onesweep's 15–24; of 16, 20 and 24 at 384 threads, 24 was fastest on the H200). */
    static final int MAX_ITEMS = 24;
    /** Tile status words per look-back round by default: four tiles' words in flight per memory latency. */
    static final int DEFAULT_LOOK_BACK = 4;

    /**
     * The onesweep kernel's launch shape: {@code threads} per block (the network runs across them), {@code items}
     * keys per thread, at least {@code minBlocks} blocks resident per multiprocessor (caps the registers).
     */
    public record Geometry(int threads, int items, int minBlocks) {

        /** Keys per tile. */
        public int tileKeys() {
            return threads * items;
        }

        /** Tiles for n keys. */
        public long tiles(long n) {
            return (n + tileKeys() - 1) / tileKeys();
        }

        /** Bytes of the scratch for n keys: the header, then RADIX status words per tile and pass. */
        public long scratchBytes(long n) {
            return 4L * (SCRATCH_HEADER_WORDS + (long) PASSES * RADIX * tiles(n));
        }

        /**
         * max(384, width) threads, and as many keys per thread (up to {@link #MAX_ITEMS}) as fit beside the
         * per-warp 32-bit digit counters, the digit tables and the network's exchange rows in 48 KiB. Keys alone:
         * 1,536 resident threads per multiprocessor (four blocks of 384; 40 registers a thread); with values, which
         * keep their slots in registers, 1,152 (three blocks; 56 registers). On the H200 at 2^28 four blocks made
         * keys 5–7 % faster than three, and pairs 15–30 % slower.
         */
        public static Geometry of(Network network, boolean pairs) {
            return of(network, pairs, RadixRanking.BALLOT, RadixWarpCounters.WORDS);
        }

        /**
         * {@link #of(Network, boolean)} with the warp counters' width, beside the ranking's dynamic shared memory
         * ({@link RadixRanking#dynamicSharedBytes}): the static storage then shrinks, if need be, so that the resident
         * blocks still fit an sm_90 multiprocessor.
         */
        public static Geometry of(Network network, boolean pairs, RadixRanking ranking, RadixWarpCounters counters) {
            int threads = Math.max(384, network.width());
            int minBlocks = Math.max(1, (pairs ? 1152 : 1536) / threads);
            int fixed = threads / 32 * RADIX * counters.bytes() + 2 * threads * 4 + 2 * RADIX * 4 + 64;
            int dynamic = ranking.dynamicSharedBytes(threads);
            int budget = dynamic == 0 ? SHARED_LIMIT
                    : Math.min(SHARED_LIMIT, MULTIPROCESSOR_SHARED / minBlocks - BLOCK_RESERVED_SHARED - dynamic);
            int items = Math.min(MAX_ITEMS, (budget - fixed) / (4 * threads));
            return new Geometry(threads, items, minBlocks);
        }

        /**
         * {@link #of(Network, boolean, RadixRanking, RadixWarpCounters)} for the request's {@code rank=} and
         * {@code counters=}, with its {@code items=K} (keys per thread, at most what fits in 48 KiB) and {@code blocks=B}
         * (resident blocks per multiprocessor the registers are capped for) in place of the defaults.
         */
        public static Geometry of(PatternRequest request, boolean pairs) {
            Geometry g = of(request.network(), pairs, RadixRanking.of(request), RadixWarpCounters.of(request));
            int items = request.intOption("radix-sort", "items", g.items(), 1, g.items());
            int blocks = request.intOption("radix-sort", "blocks", g.minBlocks(), 1, Math.max(1, 2048 / g.threads()));
            return new Geometry(g.threads(), items, blocks);
        }
    }

    /** Tile status words the look-back reads per round ({@code look-back=K}, 1 to 8; 1 reads one tile at a time as CUB does). */
    public static int lookBack(PatternRequest request) {
        return request.intOption("radix-sort", "look-back", DEFAULT_LOOK_BACK, 1, 8);
    }

    /** One configuration: a key type, with or without uint32 values. */
    public record Config(RadixKey key, boolean pairs) {
        /** For reports: {@code float32 keys} or {@code int32 pairs}. */
        public String label() {
            return key.token() + (pairs ? " pairs" : " keys");
        }

        String namespace() {
            return "radix_" + key.token() + (pairs ? "_pairs" : "_keys");
        }

        /** {@code (const unsigned* keys, unsigned* scratch, long long n)}, {@link #HISTOGRAM_THREADS} threads; the scratch zeroed before. */
        public String histogramEntry() {
            return "entangle_" + namespace() + "_histogram";
        }

        /** {@code (const unsigned* scratch, unsigned* bin_starts)}: one block of {@link Geometry#threads()} per pass. */
        public String binScanEntry() {
            return "entangle_" + namespace() + "_bin_scan";
        }

        /**
         * {@code (keys_in, keys_a, keys_b, [values_in, values_a, values_b,] const unsigned* bin_starts, unsigned* scratch,
         * long long n, long long shift)}, launched for every pass in order: the result is in the {@code a} buffers when
         * {@link #resultInFirst} of the scratch's varying bits, else in the {@code b} buffers.
         */
        public String onesweepEntry() {
            return "entangle_" + namespace() + "_onesweep";
        }
    }

    @Override
    public String name() {
        return "radix-sort";
    }

    /** Passes that run for the histogram's varying bits (the AND of its two words): those whose digit has a varying bit. */
    public static int passesRun(int varying) {
        int runs = 0;
        for (int pass = 0; pass < PASSES; pass++) {
            if ((varying >>> (DIGIT_BITS * pass) & (RADIX - 1)) != 0) runs++;
        }
        return runs;
    }

    /** Whether the sorted keys end in the first of the two buffers: no pass ran (the input was copied there) or an odd number. */
    public static boolean resultInFirst(int varying) {
        int runs = passesRun(varying);
        return runs == 0 || runs % 2 == 1;
    }

    /** Refuses, with a one-line reason, n keys the tile status words cannot count (n ≥ {@link #MAX_KEYS}). */
    public static void requireSortable(long n) {
        if (n >= MAX_KEYS) {
            throw new IllegalArgumentException("radix-sort: " + n + " keys; the tile counts hold 30 bits, so n must be below 2^30");
        }
    }

    /** Configurations of the request: types (default all three) × {@code values=none|uint32|both} (default both). */
    public List<Config> configs(PatternRequest request) {
        List<RadixKey> keys = new ArrayList<>();
        for (String t : request.types()) {
            RadixKey k = RadixKey.fromToken(t);
            if (k == null) throw new IllegalArgumentException("radix-sort: type " + t + " is not uint32, int32 or float32");
            if (!keys.contains(k)) keys.add(k);
        }
        if (keys.isEmpty()) keys.addAll(RadixKey.ALL);
        String values = request.option("values", "both");
        if (!List.of("none", "uint32", "both").contains(values)) {
            throw new IllegalArgumentException("radix-sort: values=" + values + " is not none, uint32 or both");
        }
        List<Config> out = new ArrayList<>();
        for (RadixKey k : keys) {
            if (!values.equals("uint32")) out.add(new Config(k, false));
            if (!values.equals("none")) out.add(new Config(k, true));
        }
        return out;
    }

    @Override
    public String emit(PatternRequest request) {
        return emit(request, configs(request));
    }

    /** The translation unit for some configurations. */
    public String emit(PatternRequest request, List<Config> configs) {
        Network network = request.network();
        boolean exclusive = BlockNetworkScan.requireNetwork(network, name());
        StringBuilder sb = new StringBuilder(header(request));
        int lookBack = lookBack(request);
        RadixRanking ranking = RadixRanking.of(request);
        RadixWarpCounters counters = RadixWarpCounters.of(request);
        for (Config c : configs) {
            sb.append(RadixSortKernels.unit(network, exclusive, c, Geometry.of(request, c.pairs()), lookBack, ranking, counters));
        }
        return sb.toString();
    }

    /** The program timing {@code cub::DeviceRadixSort::SortKeys} or {@code SortPairs} on hashed keys, for {@code CubHarness}. */
    public static String libraryHarness(Config cfg) {
        String k = cfg.key().cType();
        String setup = String.join("\n",
                k + "* keys_in; " + k + "* keys_out; unsigned* values_in = nullptr; unsigned* values_out = nullptr;",
                "CHECK(cudaMalloc(&keys_in, n * 4 + 4)); CHECK(cudaMalloc(&keys_out, n * 4 + 4));",
                "fill_hash<<<1024, 256>>>((unsigned*)keys_in, n, 1u);",
                cfg.pairs() ? "CHECK(cudaMalloc(&values_in, n * 4 + 4)); CHECK(cudaMalloc(&values_out, n * 4 + 4)); fill_hash<<<1024, 256>>>(values_in, n, 2u);" : "",
                "CHECK(" + call(cfg) + ");");
        return SortingHarnessTemplate.program("cub::DeviceRadixSort " + cfg.label(), "", setup, call(cfg));
    }

    private static String call(Config cfg) {
        return cfg.pairs()
                ? "cub::DeviceRadixSort::SortPairs(temp, temp_bytes, keys_in, keys_out, values_in, values_out, n)"
                : "cub::DeviceRadixSort::SortKeys(temp, temp_bytes, keys_in, keys_out, n)";
    }

    static String header(PatternRequest request) {
        CodeBuilder c = new CodeBuilder();
        c.line("// Generated by Entangle: radix-sort built on network " + request.networkName() + " (width "
                + request.network().width() + ", " + request.network().spec() + ")");
        c.line("// stable LSD radix sort, 4 passes of 8-bit digits: one histogram of all passes' digits, the network's scan of");
        c.line("// each pass's digit counts, and per pass one onesweep kernel whose block-level digit offsets come from the");
        c.line("// network and whose offsets across tiles come from decoupled look-back; passes with a constant digit return at once.");
        c.line("// compile: nvcc -ptx -arch=sm_90 THIS_FILE.cu");
        c.line("#include <cuda_runtime.h>");
        return c.toString();
    }
}
