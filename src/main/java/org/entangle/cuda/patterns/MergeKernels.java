package org.entangle.cuda.patterns;

import org.entangle.cuda.CodeBuilder;

/** The partition and merge kernels of one {@link MergeSource.Config} (see there for the algorithm). */
final class MergeKernels {

    private MergeKernels() {
    }

    static String unit(MergeSource.Config cfg) {
        boolean pairs = cfg.pairs();
        CodeBuilder c = new CodeBuilder();
        c.blank();
        c.line("namespace " + cfg.namespace() + " {");
        c.line("constexpr int THREADS = " + MergeSource.THREADS + ";");
        c.line("constexpr int ITEMS = " + MergeSource.ITEMS + ";                 // consecutive outputs per thread (a multiple of 4)");
        c.line("constexpr int TILE = THREADS * ITEMS;");
        c.line("__device__ __forceinline__ int pad(int i) { return i + (i >> 5); }   // one slot per 32 against bank conflicts");
        c.line("__device__ __forceinline__ int pad4(int i) { return i + ((i >> 5) << 2); }   // four per 32: 16-byte accesses without conflicts");
        c.line("// Key order (" + cfg.key().token() + "): the keys' bits flipped to unsigned integers of the same order.");
        c.line("__device__ __forceinline__ unsigned flip(unsigned u) { return " + cfg.key().cFlip() + "; }");
        c.line("__device__ __forceinline__ bool less(unsigned x, unsigned y) { return flip(x) < flip(y); }");
        c.lines("""
                // How many of A's elements are among the first diag outputs; on ties A's come first.
                __device__ long long merge_path(const unsigned* a, long long na, const unsigned* b, long long nb, long long diag) {
                long long lo = diag > nb ? diag - nb : 0, hi = diag < na ? diag : na;
                while (lo < hi) {
                const long long mid = (lo + hi) >> 1;
                if (!less(__ldg(b + diag - 1 - mid), __ldg(a + mid))) lo = mid + 1; else hi = mid;
                }
                return lo;
                }
                """);
        c.line("extern \"C\" __global__ void " + cfg.partitionEntry()
                + "(const unsigned* __restrict__ a, long long na, const unsigned* __restrict__ b, long long nb, long long* __restrict__ splits) {");
        c.lines("""
                const long long tiles = (na + nb + TILE - 1) / TILE;
                const long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x;
                if (t <= tiles) splits[t] = merge_path(a, na, b, nb, t * TILE < na + nb ? t * TILE : na + nb);
                }
                """);
        c.line("extern \"C\" __global__ void __launch_bounds__(THREADS, " + MergeSource.minBlocks(pairs) + ") " + cfg.mergeEntry()
                + "(const unsigned* __restrict__ a, const unsigned* __restrict__ b, "
                + (pairs ? "const unsigned* __restrict__ values_a, const unsigned* __restrict__ values_b, " : "")
                + "unsigned* __restrict__ out, " + (pairs ? "unsigned* __restrict__ values_out, " : "")
                + "const long long* __restrict__ splits, long long na, long long nb) {");
        c.line("// Sized for the 4-word-padded layout of the stores (pad4), which covers pad's and a few slots past the end.");
        c.line("__shared__ __align__(16) unsigned keys[TILE + TILE / 8];");
        if (pairs) c.line("__shared__ __align__(16) unsigned values[TILE + TILE / 8];");
        c.lines("""
                const int t = threadIdx.x;
                const long long total = na + nb;
                const long long d0 = (long long)blockIdx.x * TILE;
                const long long d1 = d0 + TILE < total ? d0 + TILE : total;
                const long long a0 = splits[blockIdx.x], a1 = splits[blockIdx.x + 1];
                const int la = (int)(a1 - a0), count = (int)(d1 - d0);
                const bool full = count == TILE;
                // 1. The tile's inputs A[a0, a1) then B[d0 - a0, d1 - a1): ITEMS loads per thread in flight at once, then
                //    into shared memory (A at [0, la), B at [la, count)).
                const unsigned* from_a = a + a0;
                const unsigned* from_b = b + (d0 - a0) - la;   // from_b + i is B's element for tile slot i >= la
                unsigned loaded[ITEMS];
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const int i = k * THREADS + t;
                if (full || i < count) loaded[k] = __ldg(i < la ? from_a + i : from_b + i);
                }
                """);
        if (pairs) {
            c.lines("""
                    const unsigned* values_from_a = values_a + a0;
                    const unsigned* values_from_b = values_b + (d0 - a0) - la;
                    unsigned loaded_values[ITEMS];
                    #pragma unroll
                    for (int k = 0; k < ITEMS; ++k) {
                    const int i = k * THREADS + t;
                    if (full || i < count) loaded_values[k] = __ldg(i < la ? values_from_a + i : values_from_b + i);
                    }
                    """);
        }
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < ITEMS; ++k) {");
        c.line("const int i = k * THREADS + t;");
        c.line("if (full || i < count) {");
        c.line("keys[pad(i)] = loaded[k];");
        if (pairs) c.line("values[pad(i)] = loaded_values[k];");
        c.line("}");
        c.line("}");
        String merge = """
                __syncthreads();
                // 2. This thread's diagonal inside the tile by binary search, then ITEMS outputs merged serially with
                //    selects: one shared-memory read per output (past the end of A or B it reads a slot never taken).
                const int diag = t * ITEMS < count ? t * ITEMS : count;
                const int lb = count - la;
                int lo = diag > lb ? diag - lb : 0, hi = diag < la ? diag : la;
                while (lo < hi) {
                const int mid = (lo + hi) >> 1;
                if (!less(keys[pad(la + diag - 1 - mid)], keys[pad(mid)])) lo = mid + 1; else hi = mid;
                }
                int ai = lo, bi = la + diag - lo;
                unsigned ka = keys[pad(ai)], kb = keys[pad(bi)];
                unsigned merged[ITEMS];
                unsigned merged_values[ITEMS];
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const bool take_b = bi < count && (ai >= la || less(kb, ka));
                merged[k] = take_b ? kb : ka;
                merged_values[k] = values[pad(take_b ? bi : ai)];
                bi += take_b;
                ai += !take_b;
                if (take_b) kb = keys[pad(bi)]; else ka = keys[pad(ai)];
                }
                """;
        c.lines(pairs ? merge : merge.replace("unsigned merged_values[ITEMS];\n", "").replace("merged_values[k] = values[pad(take_b ? bi : ai)];\n", ""));
        c.line("// 3. A full tile: each warp turns its 32 x ITEMS outputs from thread order to lane order in shared memory,");
        c.line("//    then stores them with coalesced 16-byte stores.");
        c.line("if (full && ((size_t)out & 15) == 0" + (pairs ? " && ((size_t)values_out & 15) == 0" : "") + ") {");
        c.line("__syncthreads();");
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < ITEMS / 4; ++k) {");
        c.line("*(uint4*)&keys[pad4(diag + 4 * k)] = make_uint4(merged[4 * k], merged[4 * k + 1], merged[4 * k + 2], merged[4 * k + 3]);");
        if (pairs) {
            c.line("*(uint4*)&values[pad4(diag + 4 * k)] = make_uint4(merged_values[4 * k], merged_values[4 * k + 1], "
                    + "merged_values[4 * k + 2], merged_values[4 * k + 3]);");
        }
        c.line("}");
        c.line("__syncwarp();");
        c.line("const int warp_first = (t >> 5) * 32 * ITEMS;");
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < ITEMS / 4; ++k) {");
        c.line("const int i = warp_first + (k * 32 + (t & 31)) * 4;");
        c.line("*(uint4*)(out + d0 + i) = *(const uint4*)&keys[pad4(i)];");
        if (pairs) c.line("*(uint4*)(values_out + d0 + i) = *(const uint4*)&values[pad4(i)];");
        c.line("}");
        c.line("return;");
        c.line("}");
        c.line("// The last, partial tile (or unaligned outputs): back through shared memory, stored coalesced.");
        c.line("__syncthreads();");
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < ITEMS; ++k) {");
        c.line("if (diag + k < count) {");
        c.line("keys[pad(diag + k)] = merged[k];");
        if (pairs) c.line("values[pad(diag + k)] = merged_values[k];");
        c.line("}");
        c.line("}");
        c.line("__syncthreads();");
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < ITEMS; ++k) {");
        c.line("const int i = k * THREADS + t;");
        c.line("if (full || i < count) {");
        c.line("out[d0 + i] = keys[pad(i)];");
        if (pairs) c.line("values_out[d0 + i] = values[pad(i)];");
        c.line("}");
        c.line("}");
        c.line("}");
        c.line("}  // namespace " + cfg.namespace());
        return c.toString();
    }
}
