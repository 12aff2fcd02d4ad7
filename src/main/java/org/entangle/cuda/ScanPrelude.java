package org.entangle.cuda;

/**
 * The part of every generated kernel that defines the values and the lane program: the element type
 * {@code T}; the value {@code V} that flows through the network ({@code T} itself, or for a segmented scan a
 * (value, head flag) pair with the lifted operator, Blelloch 1990); {@code combine}, {@code identity} and
 * warp shuffles of {@code V}; the {@link LaneProgram} as a table; and {@code network_scan}, the network
 * applied across the lanes of a block, where each step is a shuffle when it stays inside warps and a
 * shared-memory exchange behind one {@code __syncthreads()} otherwise. Public for the GPU parallel patterns
 * ({@code org.entangle.cuda.patterns}), which run the same network inside their kernels.
 */
public final class ScanPrelude {

    /** How steps exchange values. */
    public enum Exchange { SHARED_ONLY, SHUFFLE_ONLY, SHUFFLE_WHERE_POSSIBLE }

    private ScanPrelude() {
    }

    /** Emits types and operator. */
    public static void emitAlgebra(CodeBuilder c, ScanOptions o) {
        ElementType t = o.type();
        ScanOperator op = o.operator();
        c.line("typedef " + t.cType() + " T;");
        c.line("#define FULL_MASK 0xffffffffu");
        c.blank();
        c.line("// The operator on elements: " + op.token() + " over " + t.token() + ".");
        c.line("__device__ __forceinline__ T op(T a, T b) { return " + op.cExpression(t, "a", "b") + "; }");
        if (o.segmented()) {
            c.blank();
            c.lines("""
                    // Segmented scan: the operator lifted to (value, head flag) pairs (Blelloch 1990):
                    // (v1, f1) + (v2, f2) = (f2 ? v2 : v1 + v2, f1 | f2).
                    struct V { T v; unsigned f; };
                    __device__ __forceinline__ V make_v(T v, unsigned f) { V r; r.v = v; r.f = f; return r; }
                    __device__ __forceinline__ V combine(V a, V b) { return make_v(b.f ? b.v : op(a.v, b.v), a.f | b.f); }
                    """);
            c.line("__device__ __forceinline__ V identity() { return make_v(" + op.cIdentity(t) + ", 0u); }");
            c.lines("""
                    __device__ __forceinline__ T value_of(V x) { return x.v; }
                    __device__ __forceinline__ V shfl(V x, int lane) { return make_v(__shfl_sync(FULL_MASK, x.v, lane), __shfl_sync(FULL_MASK, x.f, lane)); }
                    __device__ __forceinline__ V shfl_down(V x, int d) { return make_v(__shfl_down_sync(FULL_MASK, x.v, d), __shfl_down_sync(FULL_MASK, x.f, d)); }
                    __device__ __forceinline__ unsigned head_bit(const unsigned* heads, long long i) { return (__ldg(heads + (i >> 5)) >> (i & 31)) & 1u; }
                    """);
        } else {
            c.lines("""
                    typedef T V;
                    __device__ __forceinline__ V combine(V a, V b) { return op(a, b); }
                    """);
            c.line("__device__ __forceinline__ V identity() { return " + op.cIdentity(t) + "; }");
            c.lines("""
                    __device__ __forceinline__ T value_of(V x) { return x; }
                    __device__ __forceinline__ V shfl(V x, int lane) { return __shfl_sync(FULL_MASK, x, lane); }
                    __device__ __forceinline__ V shfl_down(V x, int d) { return __shfl_down_sync(FULL_MASK, x, d); }
                    """);
        }
    }

    /**
     * Emits the lane program table (over {@code tableLanes} ≥ the network width lanes; extra lanes keep their
     * value), {@code lane_step} and {@code network_scan}, whose exchange buffers hold {@code EXCHANGE_SLOTS}
     * values per row; with a {@link BankRemap} (null for none) every exchange index goes through {@code SLOT(i)}.
     *
     * @return the number of shared-memory exchange buffers {@code network_scan} uses (0, or 2 used in turn, so
     *         that one barrier per step suffices)
     */
    public static int emitNetwork(CodeBuilder c, LaneProgram program, int tableLanes, Exchange exchange) {
        return emitNetwork(c, program, tableLanes, exchange, null);
    }

    /** {@link #emitNetwork(CodeBuilder, LaneProgram, int, Exchange)} with shared-memory indices through {@code remap} (null: none). */
    static int emitNetwork(CodeBuilder c, LaneProgram program, int tableLanes, Exchange exchange, BankRemap remap) {
        return emitNetwork(c, program, tableLanes, exchange, remap, "__syncthreads();");
    }

    /** {@link #emitNetwork(CodeBuilder, LaneProgram, int, Exchange, BankRemap)} with {@code barrier} as the steps' barrier. */
    static int emitNetwork(CodeBuilder c, LaneProgram program, int tableLanes, Exchange exchange, BankRemap remap, String barrier) {
        int steps = program.stepCount();
        c.lines("""
                // Lane program: what lane (thread) w does in step s is LANE_PROGRAM[s][w] = action << 10 | partner.
                // Actions: 0 keep, 1 take the partner's value (copy; source side of a swap),
                // 2 combine (lower wire on the left), 3 swap-combine (higher wire on the left), 4 identity.
                __device__ __forceinline__ V lane_step(unsigned entry, int lane, V mine, V other) {
                const int partner = entry & 1023;
                switch (entry >> 10) {
                case 1: return other;
                case 2: return partner < lane ? combine(other, mine) : combine(mine, other);
                case 3: return partner < lane ? combine(mine, other) : combine(other, mine);
                case 4: return identity();
                default: return mine;
                }
                }
                """);
        if (steps > 0) {
            c.line("static __device__ const unsigned short LANE_PROGRAM[" + steps + "][" + tableLanes + "] = {");
            for (int s = 0; s < steps; s++) {
                StringBuilder row = new StringBuilder("{");
                for (int w = 0; w < tableLanes; w++) {
                    int entry = w < program.width() ? program.instruction(s, w).encoded() : w;
                    row.append(w == 0 ? "" : ",").append(entry);
                }
                row.append("},");
                c.line("// step " + s + ": " + abbreviate(program.stepText(s)));
                c.line(row.toString());
            }
            c.line("};");
        }
        c.blank();
        int sharedSteps = 0;
        for (int s = 0; s < steps; s++) {
            if (usesShared(program, s, exchange)) sharedSteps++;
        }
        int buffers = sharedSteps > 0 ? 2 : 0;
        String mine = "lane";
        String partner = "e & 1023";
        if (buffers > 0) {
            c.line("#define EXCHANGE_SLOTS " + (remap == null ? tableLanes : remap.slots(tableLanes)) + "  // values per exchange row");
            if (remap != null) {
                if (remap.slotTable(tableLanes) != null) c.lines(remap.slotTable(tableLanes));
                c.line(remap.slotMacro() + "  // exchange index -> shared-memory slot (bank-conflict remap)");
                mine = "SLOT(lane)";
                partner = "SLOT(e & 1023)";
            }
        }
        c.line("// The network across the lanes: returns lane's value after the last step.");
        c.line("__device__ __forceinline__ V network_scan(V x, int lane" + (buffers > 0 ? ", V (*exchange)[EXCHANGE_SLOTS]" : "") + ") {");
        if (exchange != Exchange.SHUFFLE_WHERE_POSSIBLE && steps > 0) {
            boolean shared = exchange == Exchange.SHARED_ONLY;
            c.line("for (int s = 0; s < " + steps + "; ++s) {" + (shared ? "  // one barrier per step; buffers alternate" : "  // one shuffle per step"));
            c.line("const unsigned e = LANE_PROGRAM[s][lane];");
            if (shared) {
                c.line("exchange[s & 1][" + mine + "] = x;");
                c.line(barrier);
                c.line("x = lane_step(e, lane, x, exchange[s & 1][" + partner + "]);");
            } else {
                c.line("x = lane_step(e, lane, x, shfl(x, e & 31));");
            }
            c.line("}");
        }
        int parity = 0;
        for (int s = 0; s < steps && exchange == Exchange.SHUFFLE_WHERE_POSSIBLE; s++) {
            boolean shared = usesShared(program, s, exchange);
            c.line("{   // step " + s + (shared ? " (shared memory)" : " (warp shuffle)"));
            c.line("const unsigned e = LANE_PROGRAM[" + s + "][lane];");
            if (shared) {
                c.line("exchange[" + parity + "][" + mine + "] = x;");
                c.line(barrier);
                c.line("x = lane_step(e, lane, x, exchange[" + parity + "][" + partner + "]);");
                parity = 1 - parity;
            } else {
                c.line("x = lane_step(e, lane, x, shfl(x, e & 31));");
            }
            c.line("}");
        }
        c.line("return x;");
        c.line("}");
        return buffers;
    }

    /** Whether step {@code s} exchanges through shared memory. */
    public static boolean usesShared(LaneProgram program, int s, Exchange exchange) {
        return switch (exchange) {
            case SHARED_ONLY -> true;
            case SHUFFLE_ONLY -> false;
            case SHUFFLE_WHERE_POSSIBLE -> !program.staysInWarps(s);
        };
    }

    private static String abbreviate(String text) {
        return text.length() <= 160 ? text : text.substring(0, 157) + "...";
    }
}
