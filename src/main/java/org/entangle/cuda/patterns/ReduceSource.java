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
 * Device-wide reduction (sum, max, min) around a scan network, the way CUB's {@code DeviceReduce} is built
 * (Merrill, CUB "DeviceReduce"; GPU parallel-patterns seed, "reduction"): persistent blocks of one thread per
 * network wire walk the array in a grid-stride loop, each thread loading {@link #VECTORS} 16-byte vectors per
 * tile and accumulating them in a register; the network then combines the block's thread partials (its last
 * lane holds the block total: warp shuffles for the steps inside warps, shared memory for the others); a second
 * one-block kernel reduces the blocks' partials with the same network. The two passes keep the result
 * deterministic for floats (no atomics). Max and min use {@code fmax}/{@code fmin} for floats, which ignore a
 * NaN operand; a sum propagates NaN.
 *
 * <p>Options: {@code op=add|max|min|all} (default all).
 */
public final class ReduceSource implements PatternSource {

    /** The element types reduced. */
    public static final List<ElementType> TYPES = List.of(ElementType.INT32, ElementType.INT64, ElementType.FLOAT32, ElementType.FLOAT64);
    /** 16-byte vector loads each thread has in flight per tile. */
    public static final int VECTORS = 4;

    /** One configuration: what is reduced with which operator. */
    public record Config(ElementType type, ScanOperator op) {
        /** For reports: {@code int32 add}. */
        public String label() {
            return type.token() + " " + op.token();
        }

        String namespace() {
            return "reduce_" + type.token() + "_" + op.token();
        }

        /** The first pass: {@code (const T* in, T* partials, long long n)}, grid of {@link #blocks} blocks. */
        public String partialsEntry() {
            return "entangle_" + namespace() + "_partials";
        }

        /** The second pass: {@code (const T* partials, T* out, long long count)}, one block. */
        public String finalEntry() {
            return "entangle_" + namespace() + "_final";
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
        List<Config> out = new ArrayList<>();
        for (ElementType t : types) {
            for (ScanOperator o : operators) out.add(new Config(t, o));
        }
        return out;
    }

    /** Elements of the type per thread per tile. */
    public static int itemsPerThread(ElementType type) {
        return VECTORS * 16 / type.bytes();
    }

    /** Elements per block per grid-stride step. */
    public static long tileItems(Network network, ElementType type) {
        return (long) network.width() * itemsPerThread(type);
    }

    /** Blocks of the first pass: enough to fill {@code multiprocessors} at the launch bounds' occupancy, no more than tiles. */
    public static long blocks(Network network, ElementType type, long n, int multiprocessors) {
        long tiles = (n + tileItems(network, type) - 1) / tileItems(network, type);
        return Math.min(tiles, (long) multiprocessors * DeviceScanTuning.defaultMinBlocks(network.width()));
    }

    @Override
    public String emit(PatternRequest request) {
        StringBuilder sb = new StringBuilder(PatternCode.header(name(), request,
                "device-wide reduction: grid-stride loop with 16-byte loads, the network as the block's tree, a one-block second pass"));
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
        c.line("constexpr int VECS = " + VECTORS + ";                      // loads in flight per thread per tile");
        c.line("constexpr long long TILE = (long long)THREADS * VEC * VECS;");
        c.line("struct __align__(16) Vec { T e[VEC]; };");
        c.blank();
        c.line("// Pass 1: each block reduces tiles blockIdx.x, blockIdx.x + gridDim.x, ... and writes one partial.");
        c.line("extern \"C\" __global__ void __launch_bounds__(THREADS, " + DeviceScanTuning.defaultMinBlocks(w) + ") "
                + cfg.partialsEntry() + "(const T* __restrict__ in, T* __restrict__ partials, long long n) {");
        c.lines("""
                const int t = threadIdx.x;
                T acc = identity();
                long long done = 0;
                if ((((size_t)in) & 15) == 0) {
                const long long full = n / TILE;
                const Vec* v = (const Vec*)in;
                for (long long tile = blockIdx.x; tile < full; tile += gridDim.x) {
                Vec x[VECS];
                #pragma unroll
                for (int k = 0; k < VECS; ++k) x[k] = v[tile * (THREADS * VECS) + k * THREADS + t];
                #pragma unroll
                for (int k = 0; k < VECS; ++k) {
                #pragma unroll
                for (int q = 0; q < VEC; ++q) acc = op(acc, x[k].e[q]);
                }
                }
                done = full * TILE;
                }
                // The tail (and unaligned input), one element per access.
                for (long long i = done + (long long)blockIdx.x * THREADS + t; i < n; i += (long long)gridDim.x * THREADS) acc = op(acc, in[i]);
                const T total = block_scan(acc);
                if (t == THREADS - 1) partials[blockIdx.x] = total;
                }
                """);
        c.blank();
        c.line("// Pass 2: one block reduces the partials (the identity when there are none).");
        c.line("extern \"C\" __global__ void __launch_bounds__(THREADS) " + cfg.finalEntry()
                + "(const T* __restrict__ partials, T* __restrict__ out, long long count) {");
        c.lines("""
                T acc = identity();
                for (long long i = threadIdx.x; i < count; i += THREADS) acc = op(acc, partials[i]);
                const T total = block_scan(acc);
                if (threadIdx.x == THREADS - 1) out[0] = total;
                }
                """);
        c.line("}  // namespace " + cfg.namespace());
        return c.toString();
    }
}
