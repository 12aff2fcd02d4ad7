package org.entangle.cuda.patterns;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.CodeBuilder;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.ScanOperator;
import org.entangle.cuda.ScanOptions;
import org.entangle.network.Network;

/**
 * Stable LSD radix sort of 32-bit keys (optionally with uint32 values), four passes of 8-bit digits, the
 * "reduce-then-scan" structure of Merrill &amp; Grimshaw ("High Performance and Scalable Radix Sorting", 2011)
 * with the digit offsets of every pass computed by the chosen network (GPU parallel-patterns seed, "radix sort"):
 * <ol>
 *   <li>{@code upsweep}: each block counts the digits of its tile of {@link #TILE} keys in shared-memory
 *       histograms and writes them digit-major ({@code counts[digit * tiles + tile]}); the first pass also
 *       ORs the keys' bits and complements into two words, from which the host skips every pass whose digit is
 *       the same in all keys;</li>
 *   <li>the network's device-wide exclusive scan ({@link EmbeddedDeviceScan}) of the counts gives each
 *       (digit, tile) its first output position;</li>
 *   <li>{@code scatter}: each warp ranks its keys stably with {@code __match_any_sync} and per-warp digit
 *       counters, the block's digit totals are scanned across the threads by the network ({@link BlockNetworkScan}),
 *       the keys are sorted locally in shared memory and written out in runs of equal digits.</li>
 * </ol>
 * Keys move as raw bits; {@link RadixKey}'s flip is applied only to compute digits. Blocks have
 * max(256, network width) threads.
 */
public final class RadixSortSource implements PatternSource {

    /** Keys per tile (block) in every pass. */
    public static final int TILE = 4096;
    /** Bits per digit. */
    public static final int DIGIT_BITS = 8;

    /** One configuration: a key type, with or without uint32 values. */
    public record Config(RadixKey key, boolean pairs) {
        /** For reports: {@code float32 keys} or {@code int32 pairs}. */
        public String label() {
            return key.token() + (pairs ? " pairs" : " keys");
        }

        String namespace() {
            return "radix_" + key.token() + (pairs ? "_pairs" : "_keys");
        }

        /** {@code (const unsigned* keys, unsigned* counts, long long n, long long shift, unsigned* bits_seen, long long track_bits)}. */
        public String upsweepEntry() {
            return "entangle_" + namespace() + "_upsweep";
        }

        /** {@code (keys_in, keys_out, [values_in, values_out,] const unsigned* offsets, long long n, long long shift)}. */
        public String scatterEntry() {
            return "entangle_" + namespace() + "_scatter";
        }
    }

    /** The device-wide exclusive scan of the digit counts. */
    public static final String SCAN_ENTRY = "entangle_radix_digit_scan";

    @Override
    public String name() {
        return "radix-sort";
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

    /** Threads per block for a network: its width, at least 256. */
    public static int blockThreads(Network network) {
        return Math.max(256, network.width());
    }

    /** Tiles (blocks) for n keys. */
    public static long tiles(long n) {
        return (n + TILE - 1) / TILE;
    }

    /** The scan of the digit counts (also gives its launch geometry and scratch size). */
    public static EmbeddedDeviceScan digitScan(Network network) {
        return EmbeddedDeviceScan.of(network, new ScanOptions(ElementType.INT32, ScanOperator.ADD, true, false, false), SCAN_ENTRY);
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
        sb.append(digitScan(network).source());
        for (Config c : configs) sb.append(RadixSortKernels.unit(network, exclusive, c));
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
        c.line("// stable LSD radix sort, 4 passes of 8-bit digits: upsweep digit counts, the network's device-wide");
        c.line("// exclusive scan of the counts, and a scatter whose block-local digit offsets come from the network too.");
        c.line("// compile: nvcc -ptx -arch=sm_90 THIS_FILE.cu");
        c.line("#include <cuda_runtime.h>");
        return c.toString();
    }
}
