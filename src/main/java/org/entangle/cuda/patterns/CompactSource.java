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
 * {@code DeviceSelect}; Merrill &amp; Garland 2016 decoupled look-back). A block takes a tile: each warp loads its
 * {@code 32 × ITEMS} elements in chunks of 32 16-byte vectors straight into registers (coalesced, no transpose), each
 * thread marks the elements it keeps (a threshold {@code x > t}, or a nonzero byte in a flags array), and a warp ballot
 * per vector slot counts every chunk's kept elements (a lane's offset inside a chunk is the same ballot masked to the
 * lanes below it, as in CUB's warp-level compaction). Lane k of each warp holds chunk k's count; ordered by warp then
 * lane these are the chunks in the tile's order, so the chosen network's scan of the per-thread counts across the block
 * gives every chunk's offset in the tile. The tile's count is chained to its predecessors' by decoupled look-back; the
 * kept elements are gathered in order into shared memory (dynamic, sized by the tile) and written out coalesced, or
 * with {@code store=direct} written by each thread at its offsets. The tile holding the array's end writes the count.
 * <p>
 * Two schedules: {@code grid}, one block per tile; {@code persistent}, as many blocks as stay resident, each taking
 * tile indices in order from a counter (so every tile a look-back waits for is held by a running block, whatever the
 * order blocks start in) and issuing its next tile's loads as soon as the current tile's elements sit in shared
 * memory, so they stay in flight through the look-back and the stores. Items per thread ({@code items=}) and the
 * schedule are options; the defaults are the grid with 32 items for 4-byte elements and 16 for 8-byte ones (on the
 * H200 at 2^28 int64 elements, half kept, the persistent schedule took 1.07–1.18 ms against the grid's 1.04; with the
 * default delays the grid took 0.994 ms at 16 items, 1.002 at 24 and 1.008 at 32).
 * <p>
 * Two knobs from CUB's {@code DeviceSelect} tuning for Hopper: the look-back's delays ({@code backoff=}, nanoseconds
 * slept after a read that finds a tile it needs unpublished; {@code settle=}, nanoseconds slept before the first read;
 * the defaults are the 1140 and 380 of CUB's 8-byte select-if policy for sm_90, so the predecessors' status words are
 * in L2 when the warp first reads and its first window more often ends at an inclusive prefix; CUB sleeps only in
 * grids of 500 blocks or more, these delays apply at every size; on the H200 at 2^28 they took every configuration's
 * time down by 4–7 % against 200 ns after a miss and none before), and the cache
 * operator of a full tile's 16-byte loads ({@code load=default}: plain {@code ld.global}; {@code ldg}:
 * {@code ld.global.nc} as CUB's {@code LOAD_LDG}; {@code stream}: {@code ld.global.cs}, evict-first as CUB's
 * {@code LOAD_CS}; {@code noalloc}: {@code ld.global.nc.L1::no_allocate}, so elements read once take no lines of the
 * L1 the staging arrays leave — 28 KiB of a Hopper SM's 256 with four 8-byte tiles of 24 items resident).
 * A NaN never passes a threshold. Counts are 32-bit: arrays below 2^31 elements.
 */
public final class CompactSource implements PatternSource {

    /** The element types compacted. */
    public static final List<ElementType> TYPES = List.of(ElementType.INT32, ElementType.INT64, ElementType.FLOAT32, ElementType.FLOAT64);
    /** Bytes of a tile's elements at most when the items per thread are not given (the staging array in shared memory). */
    private static final int TILE_BYTES = 48 * 1024;
    /** Bytes of a tile's elements at most when the items per thread are given. */
    private static final int MAX_TILE_BYTES = 96 * 1024;
    /** The look-back's default delays in ns, before the first read and after a miss (CUB's 8-byte select-if policy for sm_90). */
    private static final int DEFAULT_SETTLE_NS = 1140;
    private static final int DEFAULT_BACKOFF_NS = 380;
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
     * else 32 (4-byte) or 16 (8-byte), halved while the tile passes 48 KiB.
     */
    public static int itemsPerThread(PatternRequest request, ElementType type) {
        int vector = 16 / type.bytes();
        int width = request.network().width();
        if (request.option("items", null) == null) {
            int items = type.bytes() == 4 ? 32 : 16;
            while (items > vector && (long) items * width * type.bytes() > TILE_BYTES) items = Math.max(vector, items / 2 / vector * vector);
            return items;
        }
        int items = request.intOption("compact", "items", 0, vector, 32);
        if (items % vector != 0) {
            throw new IllegalArgumentException("compact: items=" + items + " must be a multiple of " + vector + " for " + type.token()
                    + " (whole 16-byte vectors, one keep bit each)");
        }
        if ((long) items * width * type.bytes() > MAX_TILE_BYTES) {
            throw new IllegalArgumentException("compact: items=" + items + " makes a " + type.token() + " tile of " + (long) items * width * type.bytes()
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

    /**
     * Option {@code schedule=}: {@code grid} (one block per tile) or {@code persistent} (as many blocks as stay resident,
     * each taking tiles in order from a counter and issuing the next tile's loads before the current tile's look-back
     * and stores, so they stay in flight through them; staged stores only). Default: grid.
     */
    public static boolean persistent(PatternRequest request, ElementType type) {
        String schedule = request.option("schedule", "grid");
        if (!schedule.equals("grid") && !schedule.equals("persistent")) {
            throw new IllegalArgumentException("compact: schedule=" + schedule + " is not grid or persistent");
        }
        if (schedule.equals("persistent") && directStores(request)) {
            throw new IllegalArgumentException("compact: schedule=persistent needs store=staged (the next tile's loads reuse the registers direct stores read)");
        }
        return schedule.equals("persistent");
    }

    /** Option {@code backoff=}: nanoseconds the look-back warp sleeps after a read that finds a tile it needs unpublished, 0..10000 (default 380). */
    public static int lookBackBackoff(PatternRequest request) {
        return request.intOption("compact", "backoff", DEFAULT_BACKOFF_NS, 0, 10_000);
    }

    /** Option {@code settle=}: nanoseconds the look-back warp sleeps before its first read, 0..10000 (default 1140). */
    public static int lookBackSettle(PatternRequest request) {
        return request.intOption("compact", "settle", DEFAULT_SETTLE_NS, 0, 10_000);
    }

    /**
     * Option {@code load=}: how a full tile's 16-byte element loads go: {@code default} (plain {@code ld.global}),
     * {@code ldg} ({@code ld.global.nc}, the read-only path: CUB's {@code LOAD_LDG}), {@code stream}
     * ({@code ld.global.cs}, evict-first: CUB's {@code LOAD_CS}) or {@code noalloc} ({@code ld.global.nc.L1::no_allocate}:
     * each element is read once, so it takes no L1 line). Returns the {@code load_vec} definition, or null for {@code default}.
     */
    public static String vectorLoad(PatternRequest request) {
        String load = request.option("load", "default");
        String instruction = switch (load) {
            case "default" -> null;
            case "ldg" -> "ld.global.nc.v4.u32";
            case "stream" -> "ld.global.cs.v4.u32";
            case "noalloc" -> "ld.global.nc.L1::no_allocate.v4.u32";
            default -> throw new IllegalArgumentException("compact: load=" + load + " is not default, ldg, stream or noalloc");
        };
        if (instruction == null) return null;
        return "__device__ __forceinline__ Vec load_vec(const Vec* p) {   // " + load + ": " + instruction + "\n"
                + "union { uint4 u; Vec v; } r;\n"
                + "asm(\"" + instruction + " {%0, %1, %2, %3}, [%4];\" : \"=r\"(r.u.x), \"=r\"(r.u.y), \"=r\"(r.u.z), \"=r\"(r.u.w) : \"l\"(p));\n"
                + "return r.v;\n"
                + "}";
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
     * its items plus {@link #OVERHEAD_REGISTERS}, twice that in the persistent schedule (which keeps the tile loop's
     * state besides; fewer spill, measured on an H200, README "GPU patterns"), and within an SM's 2,048 threads and 32 blocks.
     */
    public static int minBlocks(PatternRequest request, ElementType type) {
        int width = request.network().width();
        long shared = stagingBytes(request, type) + 8L * width + 64;
        int registers = (OVERHEAD_REGISTERS * (persistent(request, type) ? 2 : 1) + itemsPerThread(request, type) * type.bytes() / 4 + 7) / 8 * 8;
        int byRegisters = 65536 / (registers * width);
        return (int) Math.max(1, Math.min(Math.min(byRegisters, Math.min(32, 2048 / width)), 220 * 1024 / shared));
    }

    /** Blocks for n elements: one per tile, at least one (it writes the count). */
    public static long blocks(PatternRequest request, ElementType type, long n) {
        return Math.max(1, (n + tileItems(request, type) - 1) / tileItems(request, type));
    }

    /** Blocks to launch on a device of {@code multiprocessors} SMs: one per tile, or with the persistent schedule as many as stay resident. */
    public static long launchBlocks(PatternRequest request, ElementType type, long n, int multiprocessors) {
        long tiles = blocks(request, type, n);
        return persistent(request, type) ? Math.min(tiles, (long) multiprocessors * minBlocks(request, type)) : tiles;
    }

    /** Bytes of zeroed scratch the kernels need: one 64-bit status word per tile, then the tile counter. */
    public static long scratchBytes(PatternRequest request, ElementType type, long n) {
        return 8 * (blocks(request, type, n) + 1);
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
        c.line("constexpr bool PERSISTENT = " + persistent(request, e) + ";      // resident blocks take tiles in order from a counter, loading the next early");
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
        c.lines(CompactTileCode.lookBack(lookBackBackoff(request), lookBackSettle(request)));
        c.blank();
        c.lines(CompactTileCode.loads(vectorLoad(request)));
        c.blank();
        c.lines(CompactTileCode.TILES);
        String bounds = "__launch_bounds__(THREADS, " + minBlocks(request, e) + ")";
        c.line("extern \"C\" __global__ void " + bounds + " " + cfg.thresholdEntry() + "(const E* __restrict__ in, E* __restrict__ out, "
                + "unsigned long long* __restrict__ count, long long n, long long threshold_bits, unsigned long long* __restrict__ scratch) {");
        c.line("compact_tiles<false>(in, nullptr, threshold_of(threshold_bits), out, count, n, scratch);");
        c.line("}");
        c.line("extern \"C\" __global__ void " + bounds + " " + cfg.flagsEntry() + "(const E* __restrict__ in, const unsigned char* __restrict__ flags, "
                + "E* __restrict__ out, unsigned long long* __restrict__ count, long long n, unsigned long long* __restrict__ scratch) {");
        c.line("compact_tiles<true>(in, flags, E(0), out, count, n, scratch);");
        c.line("}");
        c.line("}  // namespace " + cfg.namespace());
        return c.toString();
    }
}
