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
        c.line("constexpr int ITEMS = " + MergeSource.ITEMS + ";");
        c.line("constexpr int TILE = THREADS * ITEMS;");
        c.line("__device__ __forceinline__ int pad(int i) { return i + (i >> 5); }   // one slot per 32 against bank conflicts");
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
        c.line("extern \"C\" __global__ void __launch_bounds__(THREADS) " + cfg.mergeEntry() + "(const unsigned* __restrict__ a, const unsigned* __restrict__ b, "
                + (pairs ? "const unsigned* __restrict__ values_a, const unsigned* __restrict__ values_b, " : "")
                + "unsigned* __restrict__ out, " + (pairs ? "unsigned* __restrict__ values_out, " : "")
                + "const long long* __restrict__ splits, long long na, long long nb) {");
        c.line("__shared__ unsigned keys[TILE + TILE / 32];");
        if (pairs) c.line("__shared__ unsigned values[TILE + TILE / 32];");
        c.lines("""
                const long long total = na + nb;
                const long long d0 = (long long)blockIdx.x * TILE;
                const long long d1 = d0 + TILE < total ? d0 + TILE : total;
                const long long a0 = splits[blockIdx.x], a1 = splits[blockIdx.x + 1];
                const long long b0 = d0 - a0;
                const int la = (int)(a1 - a0), count = (int)(d1 - d0);
                for (int i = threadIdx.x; i < count; i += THREADS) {
                keys[pad(i)] = i < la ? __ldg(a + a0 + i) : __ldg(b + b0 + i - la);
                """);
        if (pairs) c.line("values[pad(i)] = i < la ? __ldg(values_a + a0 + i) : __ldg(values_b + b0 + i - la);");
        String merge = """
                }
                __syncthreads();
                // This thread's diagonal inside the tile: A is keys[0, la), B is keys[la, count).
                const int diag = threadIdx.x * ITEMS < count ? threadIdx.x * ITEMS : count;
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
            c.line("for (int k = 0; k < ITEMS; ++k) merged_values[k] = diag + k < count ? values[pad(source[k])] : 0u;");
        }
        c.line("__syncthreads();");
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < ITEMS; ++k) {");
        c.line("if (diag + k < count) {");
        c.line("keys[pad(diag + k)] = merged[k];");
        if (pairs) c.line("values[pad(diag + k)] = merged_values[k];");
        c.line("}");
        c.line("}");
        c.line("__syncthreads();");
        c.line("for (int i = threadIdx.x; i < count; i += THREADS) {");
        c.line("out[d0 + i] = keys[pad(i)];");
        if (pairs) c.line("values_out[d0 + i] = values[pad(i)];");
        c.line("}");
        c.line("}");
        c.line("}  // namespace " + cfg.namespace());
        return c.toString();
    }
}
