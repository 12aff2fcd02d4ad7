package org.entangle.cuda.patterns;

import java.util.ArrayList;
import java.util.List;
import org.entangle.cuda.CodeBuilder;
import org.entangle.cuda.DeviceScanTuning;
import org.entangle.cuda.ElementType;
import org.entangle.cuda.ScanOperator;
import org.entangle.network.Algebra;
import org.entangle.network.Network;

/**
 * Device-wide reduction (sum, max, min) around a scan network, in one launch. As in CUB's {@code DeviceReduce}
 * (Merrill, CUB "DeviceReduce"; GPU parallel-patterns seed, "reduction"), blocks of one thread per network wire
 * stream the input with 16-byte vector loads, {@link #VECTORS} per thread in flight, and the network combines the
 * block's thread partials (its last lane holds the block total: warp shuffles for the steps inside warps, shared
 * memory for the others).
 * <ul>
 * <li>The grid fills the device once: {@link #blocksPerMultiprocessor} blocks on every multiprocessor (the launch
 * bounds keep the registers within that occupancy). Each block reads one contiguous range, all ranges equal to
 * within 512 bytes (CUB's even-share partitioning taken down to one warp's load), so no block waits at the end
 * for another's extra tile.</li>
 * <li>The loads are {@code ld.global.nc.L1::no_allocate}: the data is read once, so it does not displace L1 lines
 * of loads still in flight.</li>
 * <li>Each thread keeps one accumulator per element of a vector: the combines of a tile form short independent
 * chains, not one long one.</li>
 * <li>The blocks' totals are combined by the last block to finish (a ticket taken with {@code atomicAdd} after a
 * {@code __threadfence}, the last-block pattern of the CUDA C Programming Guide's memory-fence example): it reads
 * every block's total in index order and runs the same network over them, so the result is deterministic for
 * floats (no atomics on values), and it resets the ticket for the next launch. The ticket must be zero before
 * the first launch.</li>
 * </ul>
 * Max and min use {@code fmax}/{@code fmin} for floats, which ignore a NaN operand; a sum propagates NaN.
 *
 * <p>Options, each a comma-separated list (one kernel per combination, the rows labelled with the values that differ
 * from the default):
 * <ul>
 * <li>{@code op=add|max|min|all} (default all).</li>
 * <li>{@code vectors=V}, 1..16: 16-byte loads each thread has in flight per tile (default {@link #VECTORS}); with
 * {@code blocks=B}, 1..(2048 / width), the resident blocks per multiprocessor the launch bounds ask for and the grid
 * fills (default {@link #blocksPerMultiprocessor}). The bytes in flight per multiprocessor, 16 V B width, are what
 * keeps device memory busy (Little's law; Volkov 2010, "Better performance at lower occupancy"): V = 16 at B = 2
 * keeps as many in flight as the default with half the threads, V = 12 at B = 4 half as many again (64 registers;
 * the 4-byte types spill 4 to 8 bytes there).</li>
 * <li>{@code hint=} the loads' L2 hint ({@link StreamLoad}): {@code none} (default), {@code evict-first},
 * {@code prefetch-64}, {@code prefetch-128}, {@code prefetch-256}.</li>
 * <li>{@code bulk=S}, 0..4: with S &gt; 0 the block's range streams through S shared-memory stages of 8 KiB filled by
 * the TMA's bulk copies ({@link BulkCopyRing}, as CUB's {@code DeviceTransform} streams on Hopper) instead of register
 * loads ({@code vectors} and {@code hint} then do not apply); 0 (default) keeps the register loads.</li>
 * </ul>
 */
public final class ReduceSource implements PatternSource {

    /** The element types reduced. */
    public static final List<ElementType> TYPES = List.of(ElementType.INT32, ElementType.INT64, ElementType.FLOAT32, ElementType.FLOAT64);
    /** 16-byte vector loads each thread has in flight per tile, unless option {@code vectors} says otherwise. */
    public static final int VECTORS = 8;
    /** The most loads in flight per thread option {@code vectors} takes. */
    static final int MAX_VECTORS = 16;

    /**
     * One configuration: what is reduced with which operator, the loads in flight per thread, the resident blocks per
     * multiprocessor, the stages of bulk copies (0: register loads), the loads' L2 hint, and {@code variant}, the
     * options that differ from the defaults (empty for the default kernel, else for example {@code , vectors=16, blocks=2}).
     */
    public record Config(ElementType type, ScanOperator op, int vectors, int blocks, int bulk, StreamLoad hint, String variant) {
        /** For reports: {@code int32 add}, or {@code int32 add, vectors=16, blocks=2}. */
        public String label() {
            return type.token() + " " + op.token() + variant;
        }

        String namespace() {
            return "reduce_" + type.token() + "_" + op.token() + variant.replaceAll("[^A-Za-z0-9]+", "_");
        }

        /**
         * The kernel: {@code (const T* in, T* partials, unsigned* ticket, T* out, long long n)}, {@link #blocks}
         * blocks; {@code partials} holds one element per block, {@code ticket} is zero before the launch and after it.
         */
        public String entry() {
            return "entangle_" + namespace();
        }
    }

    @Override
    public String name() {
        return "reduce";
    }

    /** Every configuration of the request (types × operators). */
    public List<Config> configs(PatternRequest request) {
        List<ElementType> types = PatternCode.types(request, TYPES, TYPES, name());
        String ops = request.option("op", "all");
        List<ScanOperator> operators = new ArrayList<>();
        if (ops.equals("all")) {
            operators.addAll(List.of(ScanOperator.values()));
        } else {
            for (String token : ops.split(",")) {
                ScanOperator o = ScanOperator.fromToken(token.strip());
                if (o == null) throw new IllegalArgumentException("reduce: op=" + token + " is not add, max, min or all");
                operators.add(o);
            }
        }
        int defaultBlocks = blocksPerMultiprocessor(request.network());
        int maxBlocks = Math.max(1, Math.min(32, 2048 / request.network().width()));
        List<Config> out = new ArrayList<>();
        for (ElementType t : types) {
            for (ScanOperator o : operators) {
                for (int b : request.intListOption(name(), "blocks", defaultBlocks, 1, maxBlocks)) {
                    String blocks = b == defaultBlocks ? "" : ", blocks=" + b;
                    for (int stages : request.intListOption(name(), "bulk", 0, 0, BulkCopyRing.MAX_STAGES)) {
                        if (stages > 0) {
                            out.add(new Config(t, o, VECTORS, b, stages, StreamLoad.NONE, ", bulk=" + stages + blocks));
                            continue;
                        }
                        for (int v : request.intListOption(name(), "vectors", VECTORS, 1, MAX_VECTORS)) {
                            for (StreamLoad h : StreamLoad.hints(request, name())) {
                                out.add(new Config(t, o, v, b, 0, h, (v == VECTORS ? "" : ", vectors=" + v) + blocks + h.labelSuffix()));
                            }
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Elements of the configuration's type per thread per tile. */
    public static int itemsPerThread(Config config) {
        return config.vectors() * 16 / config.type().bytes();
    }

    /** Elements per block per tile (one round of the configuration's loads per thread). */
    public static long tileItems(Network network, Config config) {
        return (long) network.width() * itemsPerThread(config);
    }

    /**
     * Resident blocks per multiprocessor the kernel's launch bounds guarantee by default: half a multiprocessor's
     * threads, each with {@link #VECTORS} loads in flight (on an H200 at 2^28 elements, 8 loads at 4 blocks of 256
     * reduced at 0.996–1.005 of CUB's rate over the 12 configurations, in two runs).
     */
    public static int blocksPerMultiprocessor(Network network) {
        return Math.max(1, DeviceScanTuning.defaultMinBlocks(network.width()) / 2);
    }

    /**
     * Blocks of the launch: one full occupancy of {@code multiprocessors} (the configuration's blocks on each), no
     * more than tiles, at least one.
     */
    public static long blocks(Network network, Config config, long n, int multiprocessors) {
        long tile = tileItems(network, config);
        long tiles = (n + tile - 1) / tile;
        return Math.max(1, Math.min(tiles, (long) multiprocessors * config.blocks()));
    }

    @Override
    public String emit(PatternRequest request) {
        StringBuilder sb = new StringBuilder(PatternCode.header(name(), request,
                "device-wide reduction: balanced ranges of 16-byte loads, the network as the block's tree, the last block combines"));
        for (Config c : configs(request)) sb.append(unit(request.network(), c));
        return sb.toString();
    }

    /** The translation unit of one configuration alone. */
    public String emit(PatternRequest request, Config config) {
        return PatternCode.header(name(), request, "device-wide reduction " + config.label()) + unit(request.network(), config);
    }

    private static String unit(Network network, Config cfg) {
        boolean exclusive = PatternCode.requireBlockScan(network, cfg.op() == ScanOperator.ADD ? Algebra.COMMUTATIVE : Algebra.IDEMPOTENT);
        int w = network.width();
        CodeBuilder c = new CodeBuilder();
        c.blank();
        c.line("namespace " + cfg.namespace() + " {");
        PatternCode.emitBlockScan(c, network, cfg.type(), cfg.op(), exclusive);
        c.line("constexpr int THREADS = " + w + ";");
        c.line("constexpr int VEC = 16 / sizeof(T);           // elements per 16-byte load");
        c.line("constexpr int VECS = " + cfg.vectors() + ";" + " ".repeat(Math.max(1, 23 - Integer.toString(cfg.vectors()).length()))
                + "// loads in flight per thread per tile");
        c.line("constexpr int TILE = THREADS * VECS;           // vectors per block per tile");
        c.line("struct __align__(16) Vec { T e[VEC]; };");
        c.blank();
        if (cfg.bulk() > 0) {
            BulkCopyRing.emit(c, cfg.bulk());
        } else {
            emitRegisterLoads(c, cfg);
        }
        c.blank();
        c.line("// Block b reads the 512-byte-aligned vectors [32 (rows b / G), 32 (rows (b + 1) / G)), rows = vectors / 32; the network");
        c.line("// combines its threads' partials; the last block to finish combines the blocks' partials in index order.");
        c.line("extern \"C\" __global__ void __launch_bounds__(THREADS, " + cfg.blocks() + ") " + cfg.entry()
                + "(const T* __restrict__ in, T* __restrict__ partials, unsigned* __restrict__ ticket, T* __restrict__ out, long long n) {");
        c.lines("""
                const int t = threadIdx.x;
                T acc[VEC];
                #pragma unroll
                for (int q = 0; q < VEC; ++q) acc[q] = identity();
                const long long vectors = ((((size_t)in) & 15) == 0) ? n / VEC : 0;
                const long long rows = vectors / 32;
                const long long begin = 32 * (rows * blockIdx.x / gridDim.x);
                const long long end = 32 * (rows * (blockIdx.x + 1) / gridDim.x);
                """);
        if (cfg.bulk() > 0) {
            c.lines("""
                    stream_bulk((const Vec*)in + begin, end - begin, [&](const Vec& x) {
                    #pragma unroll
                    for (int q = 0; q < VEC; ++q) acc[q] = op(acc[q], x.e[q]);
                    });
                    """);
        } else {
            c.lines("""
                    const Vec* p = (const Vec*)in + begin + t;
                    const int tiles = (int)((end - begin) / TILE);
                    const int rest = (int)(end - begin - (long long)tiles * TILE) - t;
                    for (int i = 0; i < tiles; ++i, p += TILE) consume(acc, p, TILE);
                    consume(acc, p, rest);
                    """);
        }
        c.lines("""
                T a = acc[0];
                #pragma unroll
                for (int q = 1; q < VEC; ++q) a = op(a, acc[q]);
                // The elements after the last whole row (all of them when the input is not 16-byte aligned).
                for (long long i = 32 * rows * VEC + (long long)blockIdx.x * THREADS + t; i < n; i += (long long)gridDim.x * THREADS) a = op(a, in[i]);
                // One call site of the network for both rounds (the block's threads, then the blocks' partials).
                __shared__ bool last;
                for (bool gathered = false;; gathered = true) {
                const T total = block_scan(a);
                if (gathered) {
                if (t == THREADS - 1) {
                out[0] = total;
                *ticket = 0;
                }
                break;
                }
                if (t == THREADS - 1) {
                partials[blockIdx.x] = total;
                __threadfence();
                last = atomicAdd(ticket, 1u) == gridDim.x - 1;
                }
                __syncthreads();
                if (!last) break;
                __threadfence();
                a = identity();
                for (int i = t; i < (int)gridDim.x; i += THREADS) a = op(a, __ldcg(partials + i));
                }
                }
                """);
        c.line("}  // namespace " + cfg.namespace());
        return c.toString();
    }

    /** The register loads: {@code load} with the configuration's L2 hint and {@code consume}, VECS loads a tile. */
    private static void emitRegisterLoads(CodeBuilder c, Config cfg) {
        c.line("// One vector read once: not allocated in L1.");
        c.lines(cfg.hint().loadFunction());
        c.blank();
        c.lines("""
                // A tile from p: vectors p[k * THREADS] with k * THREADS < limit, into one accumulator per vector lane.
                __device__ __forceinline__ void consume(T* acc, const Vec* p, int limit) {
                Vec x[VECS];
                #pragma unroll
                for (int k = 0; k < VECS; ++k) {
                if (k * THREADS < limit) {
                load(x[k], p + k * THREADS);
                } else {
                #pragma unroll
                for (int q = 0; q < VEC; ++q) x[k].e[q] = identity();
                }
                }
                #pragma unroll
                for (int k = 0; k < VECS; ++k) {
                #pragma unroll
                for (int q = 0; q < VEC; ++q) acc[q] = op(acc[q], x[k].e[q]);
                }
                }
                """);
    }
}
