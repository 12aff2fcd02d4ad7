package org.entangle.cuda.patterns;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.CodeBuilder;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.ScanOperator;
import org.entangle.network.Algebra;
import org.entangle.network.Network;

/**
 * Stable stream compaction in a single pass (GPU parallel-patterns seed, "stream compaction"; CUB's
 * {@code DeviceSelect}; Merrill &amp; Garland 2016 decoupled look-back). Block i takes tile i: each warp loads its
 * {@code 32 × ITEMS} elements in chunks of 32 16-byte vectors straight into registers (coalesced, no transpose), each
 * thread marks the elements it keeps (a threshold {@code x > t}, or a nonzero byte in a flags array), and a warp ballot
 * per vector slot counts every chunk's kept elements (a lane's offset inside a chunk is the same ballot masked to the
 * lanes below it, as in CUB's warp-level compaction). Lane k of each warp holds chunk k's count; ordered by warp then
 * lane these are the chunks in the tile's order, so the chosen network's scan of the per-thread counts across the block
 * gives every chunk's offset in the tile. The tile's count is chained to its predecessors' by decoupled look-back, the
 * kept elements are gathered in order into shared memory and written out coalesced; the last block writes the total
 * count. A NaN never passes a threshold. Counts are 32-bit: arrays below 2^31 elements.
 */
public final class CompactSource implements PatternSource {

    /** The element types compacted. */
    public static final List<ElementType> TYPES = List.of(ElementType.INT32, ElementType.INT64, ElementType.FLOAT32, ElementType.FLOAT64);
    /** Bytes of a tile's elements at most when the items per thread are not given (the staging array in shared memory). */
    private static final int TILE_BYTES = 48 * 1024;
    /** Bytes of a tile's elements at most when the items per thread are given. */
    private static final int MAX_TILE_BYTES = 96 * 1024;
    /** Registers per thread besides the elements' own (addressing, keep bits, counts): 48 in all for 32 bytes of items, no spills. */
    private static final int OVERHEAD_REGISTERS = 16;

    /** One configuration: the element type (both predicates are emitted for each). */
    public record Config(ElementType type) {
        String namespace() {
            return "compact_" + type.token();
        }

        /** {@code (const E* in, E* out, unsigned long long* count, long long n, long long threshold_bits, unsigned long long* scratch)}. */
        public String thresholdEntry() {
            return "entangle_" + namespace() + "_if";
        }

        /** {@code (const E* in, const unsigned char* flags, E* out, unsigned long long* count, long long n, unsigned long long* scratch)}. */
        public String flagsEntry() {
            return "entangle_" + namespace() + "_flagged";
        }
    }

    @Override
    public String name() {
        return "compact";
    }

    /** The request's configurations (one per type). */
    public List<Config> configs(PatternRequest request) {
        List<Config> out = new ArrayList<>();
        for (ElementType t : PatternCode.types(request, TYPES, TYPES, name())) out.add(new Config(t));
        return out;
    }

    /**
     * Elements per thread (in 16-byte vectors): option {@code items=} (a multiple of the vector's elements, at most 32),
     * else 32 (4-byte) or 24 (8-byte), halved while the tile passes 48 KiB.
     */
    public static int itemsPerThread(PatternRequest request, ElementType type) {
        int vector = 16 / type.bytes();
        int width = request.network().width();
        String given = request.option("items", null);
        if (given == null) {
            int items = type.bytes() == 4 ? 32 : 24;
            while (items > vector && (long) items * width * type.bytes() > TILE_BYTES) items = Math.max(vector, items / 2 / vector * vector);
            return items;
        }
        int items;
        try {
            items = Integer.parseInt(given.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("compact: items=" + given + " is not a whole number");
        }
        if (items < vector || items > 32 || items % vector != 0) {
            throw new IllegalArgumentException("compact: items=" + given + " must be a multiple of " + vector + " from " + vector + " to 32 for "
                    + type.token() + " (whole 16-byte vectors, one keep bit each)");
        }
        if ((long) items * width * type.bytes() > MAX_TILE_BYTES) {
            throw new IllegalArgumentException("compact: items=" + given + " makes a " + type.token() + " tile of " + (long) items * width * type.bytes()
                    + " bytes at width " + width + "; at most " + MAX_TILE_BYTES);
        }
        return items;
    }

    /** Option {@code store=}: {@code staged} (default: kept elements gathered in shared memory, stored coalesced) or {@code direct} (each thread stores its own). */
    public static boolean directStores(PatternRequest request) {
        String store = request.option("store", "staged");
        if (!store.equals("staged") && !store.equals("direct")) {
            throw new IllegalArgumentException("compact: store=" + store + " is not staged or direct");
        }
        return store.equals("direct");
    }

    /** Elements per tile (block). */
    public static long tileItems(PatternRequest request, ElementType type) {
        return (long) request.network().width() * itemsPerThread(request, type);
    }

    /** Dynamic shared memory per block: the padded staging array of a tile's kept elements (none with direct stores). */
    public static long stagingBytes(PatternRequest request, ElementType type) {
        long tile = tileItems(request, type);
        return directStores(request) ? 0 : (tile + tile / 32) * type.bytes();
    }

    /**
     * Resident blocks per SM asked of the compiler: as many as the shared memory (the staging array, about 33 KiB at
     * width 256 for 32 KiB tiles) allows in the 228 KiB of a Hopper SM, and no more than leave each thread registers for
     * its items plus {@link #OVERHEAD_REGISTERS} (fewer spill the items; measured on an H200, README "GPU patterns").
     */
    public static int minBlocks(PatternRequest request, ElementType type) {
        int width = request.network().width();
        long shared = stagingBytes(request, type) + 8L * width + 64;
        int registers = (OVERHEAD_REGISTERS + itemsPerThread(request, type) * type.bytes() / 4 + 7) / 8 * 8;
        int byRegisters = 65536 / (registers * width);
        return (int) Math.max(1, Math.min(byRegisters, 220 * 1024 / shared));
    }

    /** Blocks for n elements: one per tile, at least one (it writes the count). */
    public static long blocks(PatternRequest request, ElementType type, long n) {
        return Math.max(1, (n + tileItems(request, type) - 1) / tileItems(request, type));
    }

    /** Bytes of zeroed tile status the kernels need (one 64-bit word per tile). */
    public static long scratchBytes(PatternRequest request, ElementType type, long n) {
        return 8 * blocks(request, type, n);
    }

    @Override
    public String emit(PatternRequest request) {
        StringBuilder sb = new StringBuilder(PatternCode.header(name(), request,
                "stable stream compaction: the network scans each tile's keep counts, tiles chained by decoupled look-back"));
        for (Config c : configs(request)) sb.append(unit(request, c));
        return sb.toString();
    }

    /** The translation unit of one configuration alone. */
    public String emit(PatternRequest request, Config config) {
        return PatternCode.header(name(), request, "stable stream compaction of " + config.type().token()) + unit(request, config);
    }

    private static String unit(PatternRequest request, Config cfg) {
        Network network = request.network();
        boolean exclusive = PatternCode.requireBlockScan(network, Algebra.COMMUTATIVE);
        ElementType e = cfg.type();
        int w = network.width();
        CodeBuilder c = new CodeBuilder();
        c.blank();
        c.line("namespace " + cfg.namespace() + " {");
        c.line("// The network scans int counts; the elements are E.");
        PatternCode.emitBlockScan(c, network, ElementType.INT32, ScanOperator.ADD, exclusive);
        c.line("typedef " + e.cType() + " E;");
        c.line("constexpr int THREADS = " + w + ";");
        c.line("constexpr int ITEMS = " + itemsPerThread(request, e) + ";                 // elements per thread, in 16-byte vectors");
        c.line("constexpr bool DIRECT = " + directStores(request) + ";          // each thread stores its kept elements (else staged in shared memory)");
        c.lines("""
                constexpr int TILE = THREADS * ITEMS;
                constexpr int WARP_ITEMS = 32 * ITEMS;
                constexpr int VEC = 16 / sizeof(E);
                struct __align__(16) Vec { E e[VEC]; };
                extern __shared__ __align__(16) unsigned char staging[];   // dynamic: the tile's kept elements, padded
                __device__ __forceinline__ int pad(int i) { return i + (i >> 5); }  // one slot per 32 against bank conflicts
                constexpr unsigned long long STATUS_INVALID = 0, STATUS_AGGREGATE = 1, STATUS_PREFIX = 2;
                """);
        String decode = switch (e) {
            case INT32 -> "(int)bits";
            case INT64 -> "bits";
            case FLOAT32 -> "__int_as_float((int)bits)";
            case FLOAT64 -> "__longlong_as_double(bits)";
        };
        c.line("__device__ __forceinline__ E threshold_of(long long bits) { return " + decode + "; }");
        c.blank();
        c.lines("""
                // Tile status: bits 62-63 the status, bits 0-31 the count (the tile's own, or with all before it).
                __device__ __forceinline__ void publish(unsigned long long* words, long long tile, unsigned long long status, unsigned count) {
                ((volatile unsigned long long*)words)[tile] = status << 62 | count;
                }

                // Decoupled look-back by one warp: lane j reads tile - 1 - j; waits only for tiles up to the nearest
                // inclusive prefix; returns the count of all tiles before this one.
                __device__ unsigned look_back(const unsigned long long* words, long long tile) {
                const int lane = threadIdx.x & 31;
                unsigned exclusive = 0;
                long long window = tile - 1;
                for (;;) {
                const long long p = window - lane;
                unsigned long long s;
                unsigned value;
                for (;;) {
                if (p >= 0) {
                const unsigned long long word = ((const volatile unsigned long long*)words)[p];
                s = word >> 62;
                value = (unsigned)word;
                } else {
                s = STATUS_PREFIX;
                value = 0;
                }
                const unsigned prefix_seen = __ballot_sync(FULL_MASK, s == STATUS_PREFIX);
                const unsigned needed = prefix_seen ? ((prefix_seen & (0u - prefix_seen)) << 1) - 1u : FULL_MASK;
                if (!(__ballot_sync(FULL_MASK, s == STATUS_INVALID) & needed)) break;
                __nanosleep(200);
                }
                const unsigned prefix_lanes = __ballot_sync(FULL_MASK, s == STATUS_PREFIX);
                const int last = prefix_lanes ? __ffs(prefix_lanes) - 1 : 31;
                if (lane > last) value = 0;
                #pragma unroll
                for (int d = 16; d > 0; d >>= 1) value += __shfl_xor_sync(FULL_MASK, value, d);
                exclusive += value;
                if (prefix_lanes) break;
                window -= 32;
                }
                return exclusive;
                }

                template <bool FLAGS>
                __device__ __forceinline__ void compact_tile(const E* __restrict__ in, const unsigned char* __restrict__ flags, E threshold,
                E* __restrict__ out, unsigned long long* __restrict__ count, long long n, unsigned long long* __restrict__ scratch) {
                constexpr int CHUNKS = ITEMS / VEC;   // 16-byte loads per thread
                E* items = (E*)staging;
                __shared__ unsigned tile_prefix;
                __shared__ int tile_count;
                const int t = threadIdx.x;
                const int lane = t & 31;
                const int warp = t >> 5;
                const long long tile = blockIdx.x;
                const long long base = tile * TILE;
                const int warp_base = warp * WARP_ITEMS;
                const bool full = base + TILE <= n;
                // 1. Load: the warp's WARP_ITEMS elements in chunks of 32 x VEC, lane l holding vector k * 32 + l of the
                //    warp's (coalesced 16-byte loads of a full aligned tile, all in flight at once) in registers.
                E x[CHUNKS][VEC];
                if (full && (((size_t)in) & 15) == 0) {
                const Vec* src = (const Vec*)(in + base + warp_base);
                #pragma unroll
                for (int k = 0; k < CHUNKS; ++k) {
                const Vec v = src[k * 32 + lane];
                #pragma unroll
                for (int q = 0; q < VEC; ++q) x[k][q] = v.e[q];
                }
                } else {
                #pragma unroll
                for (int k = 0; k < CHUNKS; ++k) {
                #pragma unroll
                for (int q = 0; q < VEC; ++q) {
                const long long i = base + warp_base + (k * 32 + lane) * VEC + q;
                x[k][q] = i < n ? in[i] : E(0);
                }
                }
                }
                // 2. What the thread keeps (bit k * VEC + q), by the flags (VEC bytes in one word when aligned) or the threshold.
                unsigned keep = 0;
                if (FLAGS) {
                if (full && (((size_t)flags) & (VEC - 1)) == 0) {
                #pragma unroll
                for (int k = 0; k < CHUNKS; ++k) {
                const unsigned char* f = flags + base + warp_base + (k * 32 + lane) * VEC;
                const unsigned word = VEC == 4 ? *(const unsigned*)f : VEC == 2 ? *(const unsigned short*)f : *f;
                #pragma unroll
                for (int q = 0; q < VEC; ++q) keep |= ((word >> (8 * q)) & 0xffu) ? 1u << (k * VEC + q) : 0u;
                }
                } else {
                #pragma unroll
                for (int k = 0; k < CHUNKS; ++k) {
                #pragma unroll
                for (int q = 0; q < VEC; ++q) {
                const long long i = base + warp_base + (k * 32 + lane) * VEC + q;
                keep |= (i < n && flags[i]) ? 1u << (k * VEC + q) : 0u;
                }
                }
                }
                } else {
                #pragma unroll
                for (int k = 0; k < CHUNKS; ++k) {
                #pragma unroll
                for (int q = 0; q < VEC; ++q) {
                const long long i = base + warp_base + (k * 32 + lane) * VEC + q;
                keep |= ((full || i < n) && x[k][q] > threshold) ? 1u << (k * VEC + q) : 0u;
                }
                }
                }
                // 3. A ballot per vector slot counts each chunk's kept elements; lane k takes chunk k's count.
                int chunk_count = 0;
                #pragma unroll
                for (int k = 0; k < CHUNKS; ++k) {
                int kept = 0;
                #pragma unroll
                for (int q = 0; q < VEC; ++q) kept += __popc(__ballot_sync(FULL_MASK, (keep >> (k * VEC + q)) & 1u));
                if (lane == k) chunk_count = kept;
                }
                // 4. The network scans the per-thread counts: ordered by warp then lane, they are the chunks in the tile's
                //    order, so each chunk's offset in the tile; the last thread publishes the tile's count.
                const int inclusive = block_scan(chunk_count);
                const int exclusive = inclusive - chunk_count;
                if (t == THREADS - 1) {
                tile_count = inclusive;
                publish(scratch, tile, tile == 0 ? STATUS_PREFIX : STATUS_AGGREGATE, (unsigned)inclusive);
                }
                // 5. Staged: gather the kept elements in order into shared memory, at the chunk's offset, then the lanes
                //    below (the same ballots, masked) and the thread's earlier kept elements.
                const unsigned below = (1u << lane) - 1u;
                if (!DIRECT) {
                #pragma unroll
                for (int k = 0; k < CHUNKS; ++k) {
                int at = __shfl_sync(FULL_MASK, exclusive, k);
                #pragma unroll
                for (int q = 0; q < VEC; ++q) at += __popc(__ballot_sync(FULL_MASK, (keep >> (k * VEC + q)) & 1u) & below);
                #pragma unroll
                for (int q = 0; q < VEC; ++q) {
                if ((keep >> (k * VEC + q)) & 1u) items[pad(at++)] = x[k][q];
                }
                }
                }
                // 6. Look-back: the count of all earlier tiles.
                if (warp == 0) {
                const unsigned prefix = tile == 0 ? 0u : look_back(scratch, tile);
                if (lane == 0) tile_prefix = prefix;
                }
                __syncthreads();
                const unsigned prefix = tile_prefix;
                const int total = tile_count;
                if (t == THREADS - 1 && tile != 0) publish(scratch, tile, STATUS_PREFIX, prefix + (unsigned)total);
                // 7. Store the kept elements: staged, coalesced from shared memory; direct, each thread its own at the
                //    same offsets as the gather (a warp's chunk is one contiguous run of the output).
                if (DIRECT) {
                E* const dst = out + prefix;
                #pragma unroll
                for (int k = 0; k < CHUNKS; ++k) {
                int at = __shfl_sync(FULL_MASK, exclusive, k);
                #pragma unroll
                for (int q = 0; q < VEC; ++q) at += __popc(__ballot_sync(FULL_MASK, (keep >> (k * VEC + q)) & 1u) & below);
                #pragma unroll
                for (int q = 0; q < VEC; ++q) {
                if ((keep >> (k * VEC + q)) & 1u) dst[at++] = x[k][q];
                }
                }
                } else {
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const int i = k * THREADS + t;
                if (i < total) out[(long long)prefix + i] = items[pad(i)];
                }
                }
                if (tile == gridDim.x - 1 && t == 0) *count = (unsigned long long)prefix + (unsigned long long)total;
                }
                """);
        String bounds = "__launch_bounds__(THREADS, " + minBlocks(request, e) + ")";
        c.line("extern \"C\" __global__ void " + bounds + " " + cfg.thresholdEntry() + "(const E* __restrict__ in, E* __restrict__ out, "
                + "unsigned long long* __restrict__ count, long long n, long long threshold_bits, unsigned long long* __restrict__ scratch) {");
        c.line("compact_tile<false>(in, nullptr, threshold_of(threshold_bits), out, count, n, scratch);");
        c.line("}");
        c.line("extern \"C\" __global__ void " + bounds + " " + cfg.flagsEntry() + "(const E* __restrict__ in, const unsigned char* __restrict__ flags, "
                + "E* __restrict__ out, unsigned long long* __restrict__ count, long long n, unsigned long long* __restrict__ scratch) {");
        c.line("compact_tile<true>(in, flags, E(0), out, count, n, scratch);");
        c.line("}");
        c.line("}  // namespace " + cfg.namespace());
        return c.toString();
    }
}
