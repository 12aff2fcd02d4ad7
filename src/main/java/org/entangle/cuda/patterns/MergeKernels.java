package org.entangle.cuda.patterns;

import org.entangle.cuda.CodeBuilder;

/** The partition and merge kernels of one {@link MergeSource.Config} (see there for the algorithm). */
final class MergeKernels {

    private MergeKernels() {
    }

    /**
     * A C expression of the key bits {@code u}: a signed integer that orders as the keys do, and that gives the
     * key bits back when applied to itself. int32: the bits themselves; float32: the 31 low bits inverted when the
     * sign bit is set (IEEE totalOrder as signed integers, {@link RadixKey#flip} with the sign bit flipped back).
     */
    static String ordered(RadixKey key) {
        return switch (key) {
            case INT32 -> "(int)u";
            case FLOAT32 -> "(int)(u ^ ((unsigned)((int)u >> 31) & 0x7fffffffu))";
            case UINT32 -> throw new IllegalArgumentException("merge: type uint32 is not int32 or float32");
        };
    }

    /**
     * This thread's ITEMS words of the tile from {@code first} (A) and {@code second} (B) into {@code into}: a full
     * tile without bounds, the last one within {@code count}.
     */
    private static void load(CodeBuilder c, String into, String first, String second) {
        String one = "if (k * THREADS < in_a) " + into + "[k] = __ldg(" + into + "_a + k * THREADS); else "
                + into + "[k] = __ldg(" + into + "_b + k * THREADS);";
        c.line("const unsigned* " + into + "_a = " + first + " + a0 + t;");
        c.line("const unsigned* " + into + "_b = " + second + " + (d0 - a0) - la + t;   // B's element for tile slot k * THREADS + t >= la");
        c.line("unsigned " + into + "[ITEMS];");
        c.line("if (full) {");
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < ITEMS; ++k) {");
        c.line(one);
        c.line("}");
        c.line("} else {");
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < ITEMS; ++k) {");
        c.line("if (k * THREADS < in_tile) " + into + "[k] = __ldg((k * THREADS < in_a ? " + into + "_a : " + into + "_b) + k * THREADS);");
        c.line("}");
        c.line("}");
    }

    static String unit(MergeSource.Config cfg) {
        boolean pairs = cfg.pairs();
        CodeBuilder c = new CodeBuilder();
        c.blank();
        c.line("namespace " + cfg.namespace() + " {");
        c.line("constexpr int THREADS = " + MergeSource.THREADS + ";");
        c.line("constexpr int ITEMS = " + cfg.items() + ";                 // consecutive outputs per thread (odd)");
        c.line("constexpr int TILE = THREADS * ITEMS;");
        c.line("// Key order (" + cfg.key().token() + "): the key's bits as a signed integer of the same order; applied twice it gives");
        c.line("// the bits back. Keys take this form once on their way into shared memory and leave it once on their way out,");
        c.line("// so every comparison of the searches and of the serial merge is one signed integer compare.");
        c.line("__device__ __forceinline__ int ordered(unsigned u) { return " + ordered(cfg.key()) + "; }");
        c.lines("""
                // How many of A's elements are among the first diag outputs; on ties A's come first.
                __device__ long long merge_path(const unsigned* a, long long na, const unsigned* b, long long nb, long long diag) {
                long long lo = diag > nb ? diag - nb : 0, hi = diag < na ? diag : na;
                while (lo < hi) {
                const long long mid = (lo + hi) >> 1;
                if (!(ordered(__ldg(b + diag - 1 - mid)) < ordered(__ldg(a + mid)))) lo = mid + 1; else hi = mid;
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
        c.line("extern \"C\" __global__ void __launch_bounds__(THREADS, " + cfg.minBlocks() + ") " + cfg.mergeEntry()
                + "(const unsigned* __restrict__ a, const unsigned* __restrict__ b, "
                + (pairs ? "const unsigned* __restrict__ values_a, const unsigned* __restrict__ values_b, " : "")
                + "unsigned* __restrict__ out, " + (pairs ? "unsigned* __restrict__ values_out, " : "")
                + "const long long* __restrict__ splits, long long na, long long nb) {");
        c.line("// ITEMS slots past the tile: the largest key after B, and the slots read (never stored) by the last tile's");
        c.line("// threads past its end.");
        c.line("__shared__ __align__(16) int keys[TILE + ITEMS];");
        if (pairs) c.line("__shared__ __align__(16) unsigned values[TILE + ITEMS];");
        c.lines("""
                const int t = threadIdx.x;
                const long long total = na + nb;
                const long long d0 = (long long)blockIdx.x * TILE;
                const long long d1 = d0 + TILE < total ? d0 + TILE : total;
                const long long a0 = splits[blockIdx.x], a1 = splits[blockIdx.x + 1];
                const int la = (int)(a1 - a0), count = (int)(d1 - d0);
                const bool full = count == TILE;
                // 1. The tile's inputs A[a0, a1) then B[d0 - a0, d1 - a1), slot k * THREADS + t in this thread's k-th load
                //    (ITEMS loads in flight at once, each from A or from B at a constant offset of one of two pointers),
                //    then into shared memory in the signed order: A at [0, la), B at [la, count).
                const int in_a = la - t, in_tile = count - t;   // slot k * THREADS + t is A's when k * THREADS < in_a
                """);
        load(c, "loaded", "a", "b");
        if (pairs) load(c, "loaded_values", "values_a", "values_b");
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < ITEMS; ++k) {");
        c.line("if (full || k * THREADS < in_tile) {");
        c.line("keys[k * THREADS + t] = ordered(loaded[k]);");
        if (pairs) c.line("values[k * THREADS + t] = loaded_values[k];");
        c.line("}");
        c.line("}");
        c.line("// After B, a key no key exceeds: the serial merge takes from A while A lasts once B is used up (ties go to A).");
        c.line("if (t == 0) keys[count] = 0x7fffffff;");
        String merge = """
                __syncthreads();
                // 2. This thread's diagonal inside the tile by binary search, then ITEMS outputs merged serially with
                //    selects: one shared-memory read per output. Past the end of B it reads the largest key, which only A's
                //    end (ai >= la) lets through; threads past the end of the last tile read slots never stored.
                //    ITEMS is odd, so the threads of a warp read different banks when one of A and B runs out.
                const int diag = t * ITEMS < count ? t * ITEMS : count;
                const int lb = count - la;
                int lo = diag > lb ? diag - lb : 0, hi = diag < la ? diag : la;
                while (lo < hi) {
                const int mid = (lo + hi) >> 1;
                if (!(keys[la + diag - 1 - mid] < keys[mid])) lo = mid + 1; else hi = mid;
                }
                int ai = lo, bi = la + diag - lo;
                int ka = keys[ai], kb = keys[bi];
                unsigned merged[ITEMS];
                unsigned merged_values[ITEMS];
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const bool take_b = ai >= la || kb < ka;
                merged[k] = (unsigned)ordered((unsigned)(take_b ? kb : ka));
                merged_values[k] = values[take_b ? bi : ai];
                bi += take_b;
                ai += !take_b;
                if (take_b) kb = keys[bi]; else ka = keys[ai];
                }
                """;
        c.lines(pairs ? merge : merge.replace("unsigned merged_values[ITEMS];\n", "").replace("merged_values[k] = values[take_b ? bi : ai];\n", ""));
        c.line("// 3. The outputs back through shared memory in tile order (stride ITEMS, odd: no bank conflicts), then stored");
        c.line("//    coalesced: 16-byte stores for a full tile, element by element for the last one (or unaligned outputs).");
        c.line("unsigned* staged = (unsigned*)keys;");
        c.line("__syncthreads();");
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < ITEMS; ++k) {");
        c.line("if (full || diag + k < count) {");
        c.line("staged[diag + k] = merged[k];");
        if (pairs) c.line("values[diag + k] = merged_values[k];");
        c.line("}");
        c.line("}");
        c.line("__syncthreads();");
        c.line("if (full && ((size_t)out & 15) == 0" + (pairs ? " && ((size_t)values_out & 15) == 0" : "") + ") {");
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < (ITEMS + 3) / 4; ++k) {");
        c.line("const int q = k * THREADS + t;");
        c.line("if (q < TILE / 4) {");
        c.line("*(uint4*)(out + d0 + 4 * q) = *(const uint4*)&staged[4 * q];");
        if (pairs) c.line("*(uint4*)(values_out + d0 + 4 * q) = *(const uint4*)&values[4 * q];");
        c.line("}");
        c.line("}");
        c.line("return;");
        c.line("}");
        c.line("#pragma unroll");
        c.line("for (int k = 0; k < ITEMS; ++k) {");
        c.line("if (k * THREADS < in_tile) {");
        c.line("out[d0 + k * THREADS + t] = staged[k * THREADS + t];");
        if (pairs) c.line("values_out[d0 + k * THREADS + t] = values[k * THREADS + t];");
        c.line("}");
        c.line("}");
        c.line("}");
        c.line("}  // namespace " + cfg.namespace());
        return c.toString();
    }
}
