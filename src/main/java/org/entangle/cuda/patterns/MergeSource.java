package org.entangle.cuda.patterns;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.CodeBuilder;

/**
 * Stable merge of two sorted arrays by merge path (Green, McColl &amp; Bader, "GPU Merge Path", ICS 2012; the
 * GPU parallel-patterns seed's "parallel merge", fixed for duplicates and ragged sizes), in the tile structure of
 * CUB's {@code DeviceMerge} (Merrill &amp; Garland's merge-path tiles): a partition kernel binary-searches, on every
 * tile's first output diagonal, how many elements of A precede it; each block then loads its A and B ranges
 * ({@code items} coalesced loads per thread in flight, each from one of two per-thread pointers at a constant offset)
 * into shared memory with the largest key after B, every thread binary-searches its own diagonal there and merges
 * {@code items} consecutive outputs serially (with selects) into registers, and the block writes them back to shared
 * memory in tile order (an odd {@code items} keeps the threads of a warp on different banks, as in CUB) and stores
 * the tile with coalesced 16-byte stores (the last tile element by element). On equal keys every element of A comes
 * before every element of B (the search takes A[i] before B[j] when B[j] is not less than A[i]); any sizes work, A or
 * B empty included.
 *
 * <p>Keys compare in {@link RadixKey}'s order (int32 as signed; float32 in IEEE totalOrder: −NaN first, −0.0
 * before +0.0, +NaN last), so the inputs must be sorted in that order. The keys enter shared memory once as signed
 * integers of that order (float32: the low 31 bits inverted when the sign bit is set, a map that is its own inverse)
 * and leave it once the same way, so the searches and the serial merge make one integer compare per step for every
 * key type. Values (uint32) travel with their keys. Outputs per thread: {@code items=K} (default
 * {@value #DEFAULT_ITEMS} for keys, {@value #DEFAULT_PAIR_ITEMS} for pairs); the resident blocks asked follow from the
 * registers and shared memory of the tile.
 * <b>The merge does not use the scan network</b>: merge path replaces the scan of per-thread output counts, so
 * the emitted code is the same for every network.
 */
public final class MergeSource implements PatternSource {

    /** Threads per block. */
    public static final int THREADS = 256;
    /** Outputs per thread of keys unless {@code items=} says otherwise (8 blocks of 32 registers per SM). */
    public static final int DEFAULT_ITEMS = 23;
    /** Outputs per thread of pairs unless {@code items=} says otherwise (5 blocks of 48 registers per SM). */
    public static final int DEFAULT_PAIR_ITEMS = 15;
    /** Most outputs per thread of keys only. */
    public static final int MAX_ITEMS = 31;
    /** Most outputs per thread with values. */
    public static final int MAX_PAIR_ITEMS = 23;
    /** Bytes of shared memory an SM gives its blocks (228 KiB on Hopper, less 1 KiB reserved per block). */
    private static final int SHARED_PER_SM = 228 * 1024;
    /** Registers of an SM. */
    private static final int REGISTERS_PER_SM = 65536;

    /** One configuration: a key type, with or without uint32 values, and the outputs per thread. */
    public record Config(RadixKey key, boolean pairs, int items) {
        /** With the default outputs per thread ({@link #DEFAULT_ITEMS}, {@link #DEFAULT_PAIR_ITEMS}). */
        public Config(RadixKey key, boolean pairs) {
            this(key, pairs, pairs ? DEFAULT_PAIR_ITEMS : DEFAULT_ITEMS);
        }

        /** For reports: {@code int32 keys}. */
        public String label() {
            return key.token() + (pairs ? " pairs" : " keys");
        }

        String namespace() {
            return "merge_" + key.token() + (pairs ? "_pairs" : "_keys");
        }

        /** {@code (const unsigned* a, long long na, const unsigned* b, long long nb, long long* splits)}: tiles + 1 threads. */
        public String partitionEntry() {
            return "entangle_" + namespace() + "_partition";
        }

        /** {@code (a, b, [values_a, values_b,] out, [values_out,] const long long* splits, long long na, long long nb)}. */
        public String mergeEntry() {
            return "entangle_" + namespace() + "_merge";
        }

        /** Outputs per tile (one block). */
        public int tile() {
            return THREADS * items;
        }

        /** Tiles for {@code total} outputs. */
        public long tiles(long total) {
            return (total + tile() - 1) / tile();
        }

        /** Blocks of the partition kernel for {@code total} outputs: a thread for each of the tiles + 1 boundaries. */
        public long partitionBlocks(long total) {
            return (tiles(total) + 1 + PARTITION_THREADS - 1) / PARTITION_THREADS;
        }

        /**
         * Resident blocks per SM asked of the merge kernel: as many as the registers (keys: 13 plus one per output;
         * pairs: 16 plus two; in steps of 8) and the shared memory of the tile allow, at most 8 (every thread slot of a
         * Hopper SM), so that nvcc fits the kernel without spills. Keys up to 19 items: 8 blocks of 32 registers, at 23: 6 of 40;
         * pairs at 15: 5 of 48.
         */
        public int minBlocks() {
            int registers = ((pairs ? 2 * items + 16 : items + 13) + 7) / 8 * 8;
            int shared = (pairs ? 2 : 1) * 4 * (tile() + items) + 1024;
            return Math.max(1, Math.min(8, Math.min(REGISTERS_PER_SM / (THREADS * registers), SHARED_PER_SM / shared)));
        }
    }

    @Override
    public String name() {
        return "merge";
    }

    /**
     * Configurations: types int32 and float32 (default both) × {@code values=none|uint32|both} (default both), with
     * {@code items=K} outputs per thread (see {@link #items}).
     */
    public List<Config> configs(PatternRequest request) {
        List<RadixKey> keys = new ArrayList<>();
        for (String t : request.types()) {
            RadixKey k = RadixKey.fromToken(t);
            if (k == null || k == RadixKey.UINT32) throw new IllegalArgumentException("merge: type " + t + " is not int32 or float32");
            if (!keys.contains(k)) keys.add(k);
        }
        if (keys.isEmpty()) keys.addAll(List.of(RadixKey.INT32, RadixKey.FLOAT32));
        String values = request.option("values", "both");
        if (!List.of("none", "uint32", "both").contains(values)) {
            throw new IllegalArgumentException("merge: values=" + values + " is not none, uint32 or both");
        }
        int keyItems = items(request, false);
        int pairItems = values.equals("none") ? DEFAULT_PAIR_ITEMS : items(request, true);
        List<Config> out = new ArrayList<>();
        for (RadixKey k : keys) {
            if (!values.equals("uint32")) out.add(new Config(k, false, keyItems));
            if (!values.equals("none")) out.add(new Config(k, true, pairItems));
        }
        return out;
    }

    /**
     * Outputs per thread from {@code items=K}: odd (so that the threads of a warp, ITEMS slots apart, use different
     * shared-memory banks), from 7 to 31, at most 23 with values (two tiles in 48 KiB of static shared memory);
     * default {@value #DEFAULT_ITEMS} for keys, {@value #DEFAULT_PAIR_ITEMS} for pairs.
     */
    public static int items(PatternRequest request, boolean pairs) {
        int items = request.intOption("merge", "items", pairs ? DEFAULT_PAIR_ITEMS : DEFAULT_ITEMS, 7, MAX_ITEMS);
        if (items % 2 == 0) throw new IllegalArgumentException("merge: items=" + items + " is not odd (a warp's reads ITEMS slots apart share banks)");
        if (pairs && items > MAX_PAIR_ITEMS) {
            throw new IllegalArgumentException("merge: items=" + items + " with values: at most " + MAX_PAIR_ITEMS
                    + " (the keys' and values' tiles share 48 KiB of static shared memory); add values=none");
        }
        return items;
    }

    /** Threads per block of the partition kernel (one thread per tile boundary). */
    public static final int PARTITION_THREADS = 256;

    @Override
    public String emit(PatternRequest request) {
        return emit(request, configs(request));
    }

    /** The translation unit for some configurations. */
    public String emit(PatternRequest request, List<Config> configs) {
        CodeBuilder c = new CodeBuilder();
        c.line("// Generated by Entangle: merge (merge path), requested with network " + request.networkName()
                + "; the merge does not use the network (merge path needs no scan).");
        c.line("// compile: nvcc -ptx -arch=sm_90 THIS_FILE.cu");
        c.line("#include <cuda_runtime.h>");
        StringBuilder sb = new StringBuilder(c.toString());
        for (Config cfg : configs) sb.append(MergeKernels.unit(cfg));
        return sb.toString();
    }

    /**
     * The program timing {@code cub::DeviceMerge::MergeKeys} or {@code MergePairs} on two sorted halves of n, for
     * {@code CubHarness}: like our benchmark, each half is uniformly random keys sorted (by
     * {@code cub::DeviceRadixSort} in the untimed setup), so both merges see runs of the same random lengths.
     * float32 keys are uniform in [-1, 1) here (no NaN: the library compares with {@code <}).
     */
    public static String libraryHarness(Config cfg) {
        String k = cfg.key().cType();
        String setup = String.join("\n",
                "const long long na = n / 2, nb = n - n / 2;",
                k + "* a; " + k + "* b; " + k + "* out; " + k + "* scratch; unsigned* va = nullptr; unsigned* vb = nullptr; unsigned* vout = nullptr;",
                "CHECK(cudaMalloc(&a, na * 4 + 4)); CHECK(cudaMalloc(&b, nb * 4 + 4)); CHECK(cudaMalloc(&out, n * 4 + 4));",
                "CHECK(cudaMalloc(&scratch, nb * 4 + 4));",
                "CHECK(sorted_random(a, scratch, na, 1u)); CHECK(sorted_random(b, scratch, nb, 2u)); CHECK(cudaFree(scratch));",
                cfg.pairs() ? "CHECK(cudaMalloc(&va, na * 4 + 4)); CHECK(cudaMalloc(&vb, nb * 4 + 4)); CHECK(cudaMalloc(&vout, n * 4 + 4)); "
                        + "fill_hash<<<1024, 256>>>(va, na, 3u); fill_hash<<<1024, 256>>>(vb, nb, 4u);" : "",
                "CHECK(" + call(cfg) + ");");
        String fill = String.join("\n",
                "// Uniformly random keys: all 32-bit patterns for integers, [-1, 1) for floats.",
                "__device__ inline void random_key(int* p, unsigned h) { *p = (int)h; }",
                "__device__ inline void random_key(unsigned* p, unsigned h) { *p = h; }",
                "__device__ inline void random_key(float* p, unsigned h) { *p = (float)(h >> 8) * (1.0f / 8388608.0f) - 1.0f; }",
                "template <class K> __global__ void fill_keys(K* p, long long n, unsigned salt) {",
                "    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {",
                "        unsigned long long h = (unsigned long long)(i + 1) * 0x9E3779B97F4A7C15ull ^ salt;",
                "        h ^= h >> 29; h *= 0xBF58476D1CE4E5B9ull; h ^= h >> 32;",
                "        random_key(p + i, (unsigned)h);",
                "    }",
                "}",
                "// dst = n random keys in ascending order (scratch holds them unsorted).",
                "template <class K> cudaError_t sorted_random(K* dst, K* scratch, long long n, unsigned salt) {",
                "    fill_keys<<<1024, 256>>>(scratch, n, salt);",
                "    void* t = nullptr; size_t bytes = 0;",
                "    cudaError_t e = cub::DeviceRadixSort::SortKeys(t, bytes, scratch, dst, n);",
                "    if (e != cudaSuccess) return e;",
                "    if ((e = cudaMalloc(&t, bytes > 0 ? bytes : 1)) != cudaSuccess) return e;",
                "    e = cub::DeviceRadixSort::SortKeys(t, bytes, scratch, dst, n);",
                "    cudaError_t f = cudaFree(t);",
                "    return e != cudaSuccess ? e : f;",
                "}");
        return SortingHarnessTemplate.program("cub::DeviceMerge " + cfg.label(), fill, setup, call(cfg));
    }

    private static String call(Config cfg) {
        return cfg.pairs()
                ? "cub::DeviceMerge::MergePairs(temp, temp_bytes, a, va, na, b, vb, nb, out, vout)"
                : "cub::DeviceMerge::MergeKeys(temp, temp_bytes, a, na, b, nb, out)";
    }
}
