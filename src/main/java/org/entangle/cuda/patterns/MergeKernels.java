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
        c.line("// Key order (" + cfg.key().token() + "): the keys' bits flipped to unsigned integers of the same order.");
        c.line("__device__ __forceinline__ unsigned flip(unsigned u) { return " + cfg.key().cFlip() + "; }");
        c.line("__device__ __forceinline__ bool less(unsigned x, unsigned y) { return flip(x) < flip(y); }");
        c.lines("""
                // How many of A's elements are among the first diag outputs (on ties A's come first), searched by one warp:
                // a[i] is among them iff b[diag - 1 - i] is not less than a[i], true then false as i grows; each round the
                // 32 lanes test 32 points of [lo, hi) at once, so the range shrinks 33-fold (6 rounds for 2^30, not 30).
                __device__ long long merge_path_warp(const unsigned* __restrict__ a, long long na, const unsigned* __restrict__ b, long long nb, long long diag) {
                const int lane = threadIdx.x & 31;
                long long lo = diag > nb ? diag - nb : 0, hi = diag < na ? diag : na;
                while (lo < hi) {
                const long long span = hi - lo;
                const long long p = lo + span * (lane + 1) / 33;
                const int taken = __popc(__ballot_sync(0xffffffffu, !less(__ldg(b + diag - 1 - p), __ldg(a + p))));
                const long long next_lo = taken > 0 ? lo + span * taken / 33 + 1 : lo;
                hi = taken < 32 ? lo + span * (taken + 1) / 33 : hi;
                lo = next_lo;
                }
                return lo;
                }
                """);
        c.line("// One warp per tile boundary t (0..tiles): splits[t] = A's elements among the first t * TILE outputs.");
        c.line("extern \"C\" __global__ void " + cfg.partitionEntry()
                + "(const unsigned* __restrict__ a, long long na, const unsigned* __restrict__ b, long long nb, long long* __restrict__ splits) {");
        c.lines("""
                const long long tiles = (na + nb + TILE - 1) / TILE;
                const long long t = (blockIdx.x * (long long)blockDim.x + threadIdx.x) >> 5;
                if (t > tiles) return;
                const long long s = merge_path_warp(a, na, b, nb, t * TILE < na + nb ? t * TILE : na + nb);
                if ((threadIdx.x & 31) == 0) splits[t] = s;
                }
                """);
        c.line("extern \"C\" __global__ void __launch_bounds__(THREADS, " + MergeSource.minBlocks(pairs) + ") " + cfg.mergeEntry()
                + "(const unsigned* __restrict__ a, const unsigned* __restrict__ b, "
                + (pairs ? "const unsigned* __restrict__ values_a, const unsigned* __restrict__ values_b, " : "")
                + "unsigned* __restrict__ out, " + (pairs ? "unsigned* __restrict__ values_out, " : "")
                + "const long long* __restrict__ splits, long long na, long long nb) {");
        c.line("__shared__ unsigned keys[TILE + TILE / 32];");
        if (pairs) c.line("__shared__ unsigned values[TILE + TILE / 32];");
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
                // 2. This thread's diagonal inside the tile by binary search, then ITEMS outputs merged serially.
                const int diag = t * ITEMS < count ? t * ITEMS : count;
                const int lb = count - la;
                int lo = diag > lb ? diag - lb : 0, hi = diag < la ? diag : la;
                while (lo < hi) {
                const int mid = (lo + hi) >> 1;
                if (!less(keys[pad(la + diag - 1 - mid)], keys[pad(mid)])) lo = mid + 1; else hi = mid;
                }
                int ai = lo, bi = la + diag - lo;
                unsigned ka = ai < la ? keys[pad(ai)] : 0u, kb = bi < count ? keys[pad(bi)] : 0u;
                unsigned merged[ITEMS];
                int source[ITEMS];
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const bool take_a = bi >= count || (ai < la && !less(kb, ka));
                if (take_a) {
                merged[k] = ka; source[k] = ai++;
                if (ai < la) ka = keys[pad(ai)];
                } else {
                merged[k] = kb; source[k] = bi++;
                if (bi < count) kb = keys[pad(bi)];
                }
                }
                """;
        c.lines(pairs ? merge : merge.replace("int source[ITEMS];\n", "").replace("source[k] = ", ""));
        if (pairs) {
            c.line("unsigned merged_values[ITEMS];");
            c.line("#pragma unroll");
            c.line("for (int k = 0; k < ITEMS; ++k) merged_values[k] = values[pad(diag + k < count ? source[k] : 0)];");
        }
        c.line("// 3. A full tile: each thread stores its consecutive outputs straight from registers, 16 bytes at a time.");
        c.line("if (full && ((size_t)out & 15) == 0" + (pairs ? " && ((size_t)values_out & 15) == 0" : "") + ") {");
        c.line("uint4* to = (uint4*)(out + d0 + diag);");
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < ITEMS / 4; ++k) to[k] = make_uint4(merged[4 * k], merged[4 * k + 1], merged[4 * k + 2], merged[4 * k + 3]);");
        if (pairs) {
            c.line("uint4* values_to = (uint4*)(values_out + d0 + diag);");
            c.line("#pragma unroll");
            c.line("for (int k = 0; k < ITEMS / 4; ++k) values_to[k] = make_uint4(merged_values[4 * k], merged_values[4 * k + 1], "
                    + "merged_values[4 * k + 2], merged_values[4 * k + 3]);");
        }
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
