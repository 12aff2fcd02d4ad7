package org.entangle.cuda;

/**
 * The device-wide kernel body (Merrill &amp; Garland 2016): block i scans tile i, blocks starting in index order
 * (which CUB's single-pass scan relies on too). Each warp loads its part of the tile coalesced, in 16-byte pieces
 * for full tiles of forward unsegmented scans (CUB's vectorised BlockLoad), so that each thread reduces
 * {@code ITEMS} consecutive elements from shared memory; the items stay in shared memory across the look-back,
 * which keeps register use low and the number of resident blocks (that hide the look-back's latency) high. The
 * tile is stored back the way it came. In the {@link DeviceScanTuning.TileLayout#PADDED padded} layout the
 * vectors pass through registers and are transposed element by element into a tile padded by one slot per 32; in
 * the {@link DeviceScanTuning.TileLayout#DIRECT direct} layout they are copied whole, asynchronously
 * ({@code cp.async}, sm_80 and later), into an unpadded tile, thread t's run at {@code t * ITEMS}; there
 * {@link DeviceScanTuning.L2Hint} may put an L2 evict-first policy on those copies and the 16-byte stores, or ask
 * for 256-byte L2 fetches on the copies (PTX ISA: {@code createpolicy}, the {@code L2::cache_hint} and
 * {@code L2::256B} qualifiers of {@code cp.async} and {@code st}; elements are streamed once, as in CUB's
 * {@code LOAD_CS}/{@code STORE_CS} cache modifiers).
 */
final class PerTileScanKernel {

    private PerTileScanKernel() {
    }

    static void emit(CodeBuilder c, DeviceScanGenerator.TileScan scan) {
        boolean direct = scan.tuning().layout() == DeviceScanTuning.TileLayout.DIRECT;
        if (direct && scan.vector()) emitAsyncCopies(c, scan.tuning().l2Hint());
        scan.emitSignature(c);
        c.line(direct ? "__shared__ __align__(16) V tile_items[TILE];  // unpadded: thread t's items at t * ITEMS"
                : "__shared__ V staging[PAD(TILE)];");
        scan.emitSharedArrays(c);
        c.lines("""
                const int t = threadIdx.x;
                const int lane = t & 31;
                const int warp = t >> 5;
                // Blocks start in the order of their index (CUB's single-pass scan relies on the same), so every
                // tile a block waits for has started.
                const long long tile = blockIdx.x;
                const long long base = tile * TILE;
                const int warp_base = warp * WARP_ITEMS;
                """);
        if (!scan.packed()) c.line("const long long tiles = (n + TILE - 1) / TILE;");
        scan.emitStatus(c, "scratch");
        c.blank();
        if (scan.tuning().lookBack() == DeviceScanTuning.LookBack.DEDICATED_WARP) TileLookBack.emitDedicatedWarp(c);
        if (direct) {
            emitDirect(c, scan);
        } else {
            emitPadded(c, scan);
        }
    }

    private static void emitPadded(CodeBuilder c, DeviceScanGenerator.TileScan scan) {
        if (scan.vector()) {
            c.lines("""
                    // 1. Load: each warp reads WARP_ITEMS consecutive elements coalesced, in 16-byte vectors when the
                    //    tile is full and the arrays are aligned, then transposes them through shared memory so that
                    //    each thread holds ITEMS consecutive elements.
                    const bool vector_tile = base + TILE <= n && ((((size_t)in) | ((size_t)out)) & 15) == 0;
                    if (vector_tile) {
                    const Vec* src = (const Vec*)(in + base + warp_base);
                    #pragma unroll
                    for (int k = 0; k < ITEMS / VEC; ++k) {
                    const Vec v = src[k * 32 + lane];
                    #pragma unroll
                    for (int q = 0; q < VEC; ++q) staging[PAD(warp_base + (k * 32 + lane) * VEC + q)] = v.e[q];
                    }
                    } else {
                    """);
        } else {
            c.lines("""
                    // 1. Load: each warp reads WARP_ITEMS consecutive elements coalesced, then transposes them through
                    //    shared memory so that each thread holds ITEMS consecutive elements.
                    """);
        }
        emitElementLoads(c, scan, "staging[PAD(i)]");
        if (scan.vector()) c.line("}");
        c.line("__syncwarp();");
        c.line("const int mine = warp_base + lane * ITEMS;");
        c.blank();
        scan.emitScan(c, "staging[PAD(#)]");
        c.line("__syncwarp();");
        c.blank();
        c.line("// 6. Store the tile the way it came (transposed back, coalesced).");
        if (scan.vector()) {
            c.lines("""
                    if (vector_tile) {
                    Vec* dst = (Vec*)(out + base + warp_base);
                    #pragma unroll
                    for (int k = 0; k < ITEMS / VEC; ++k) {
                    Vec v;
                    #pragma unroll
                    for (int q = 0; q < VEC; ++q) v.e[q] = value_of(STORED);
                    dst[k * 32 + lane] = v;
                    }
                    return;
                    }
                    """.replace("STORED", scan.stored("staging[PAD(warp_base + (k * 32 + lane) * VEC + q)]")));
        }
        emitElementStores(c, scan, "staging[PAD(i)]");
        c.line("}");
    }

    private static void emitDirect(CodeBuilder c, DeviceScanGenerator.TileScan scan) {
        boolean evictFirst = scan.tuning().l2Hint() == DeviceScanTuning.L2Hint.EVICT_FIRST;
        if (scan.vector()) {
            c.lines("""
                    // 1. Load: each warp copies its WARP_ITEMS consecutive elements straight into its part of the tile,
                    //    16 bytes at a time, when the tile is full and the arrays are aligned.
                    const bool vector_tile = base + TILE <= n && ((((size_t)in) | ((size_t)out)) & 15) == 0;
                    if (vector_tile) {
                    const Vec* src = (const Vec*)(in + base + warp_base);
                    Vec* dst = (Vec*)(tile_items + warp_base);
                    #pragma unroll
                    for (int k = 0; k < (WARP_CHUNKS + 31) / 32; ++k) {
                    const int chunk = k * 32 + lane;
                    if (WARP_CHUNKS % 32 == 0 || chunk < WARP_CHUNKS) copy_async(dst + chunk, src + chunk);
                    }
                    copy_async_commit();
                    copy_async_wait_all();
                    } else {
                    """);
        } else {
            c.line("// 1. Load: each warp reads its WARP_ITEMS consecutive elements coalesced.");
        }
        emitElementLoads(c, scan, "tile_items[i]");
        if (scan.vector()) c.line("}");
        c.line("__syncwarp();  // the warp's part of the tile is in shared memory");
        c.line("const int mine = warp_base + lane * ITEMS;");
        c.blank();
        scan.emitScan(c, "tile_items[#]");
        c.line("__syncwarp();");
        c.blank();
        c.line("// 6. Store the warp's part of the tile coalesced" + (scan.vector() ? ", 16 bytes at a time for full tiles." : "."));
        if (scan.vector()) {
            c.lines("""
                    if (vector_tile) {
                    const Vec* src = (const Vec*)(tile_items + warp_base);
                    Vec* dst = (Vec*)(out + base + warp_base);
                    #pragma unroll
                    for (int k = 0; k < (WARP_CHUNKS + 31) / 32; ++k) {
                    const int chunk = k * 32 + lane;
                    if (WARP_CHUNKS % 32 == 0 || chunk < WARP_CHUNKS) STORE
                    }
                    return;
                    }
                    """.replace("STORE", directVectorStore(scan, evictFirst)));
        }
        emitElementStores(c, scan, "tile_items[i]");
        c.line("}");
    }

    /** The statement that stores 16-byte piece {@code chunk} of the warp's part of the tile (after its {@code if}). */
    private static String directVectorStore(DeviceScanGenerator.TileScan scan, boolean evictFirst) {
        if (!scan.tuning().prefixAtStore()) return evictFirst ? "store_evict_first(dst + chunk, src + chunk);" : "dst[chunk] = src[chunk];";
        return "{\nVec v = src[chunk];\n#pragma unroll\nfor (int q = 0; q < VEC; ++q) v.e[q] = " + scan.stored("v.e[q]") + ";\n"
                + (evictFirst ? "store_evict_first(dst + chunk, &v);" : "dst[chunk] = v;") + "\n}";
    }

    private static void emitElementLoads(CodeBuilder c, DeviceScanGenerator.TileScan scan, String slot) {
        c.lines("""
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const int i = warp_base + k * 32 + lane;
                """);
        c.line(slot + " = load_element(in, " + (scan.o().segmented() ? "heads, " : "") + "n, base + i);");
        c.line("}");
    }

    private static void emitElementStores(CodeBuilder c, DeviceScanGenerator.TileScan scan, String slot) {
        c.lines("""
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const int i = warp_base + k * 32 + lane;
                """);
        c.line("store_element(out, n, base + i, value_of(" + scan.stored(slot) + "));");
        c.line("}");
    }

    private static void emitAsyncCopies(CodeBuilder c, DeviceScanTuning.L2Hint hint) {
        String copy = switch (hint) {
            case NONE -> "cp.async.cg.shared.global [%0], [%1], 16;\" :: \"r\"((unsigned)__cvta_generic_to_shared(dst)), \"l\"(src)";
            case PREFETCH_256 -> "cp.async.cg.shared.global.L2::256B [%0], [%1], 16;\" :: \"r\"((unsigned)__cvta_generic_to_shared(dst)), \"l\"(src)";
            case EVICT_FIRST -> "cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;\" :: \"r\"((unsigned)__cvta_generic_to_shared(dst)), \"l\"(src),"
                    + " \"l\"(evict_first_policy())";
        };
        c.line("#define WARP_CHUNKS (WARP_ITEMS / VEC)  // 16-byte pieces of a warp's part of a tile");
        if (hint == DeviceScanTuning.L2Hint.EVICT_FIRST) c.lines(EVICT_FIRST);
        c.lines("""
                // Asynchronous copies (cp.async, sm_80 and later): 16 bytes from global to shared memory without passing
                // through registers; a thread commits its copies as a group and waits for them. Older GPUs copy synchronously.
                """);
        if (hint == DeviceScanTuning.L2Hint.PREFETCH_256) c.line("// L2 fetches the whole 256-byte block around each copy.");
        c.lines("""
                __device__ __forceinline__ void copy_async(Vec* dst, const Vec* src) {
                #if __CUDA_ARCH__ >= 800
                asm volatile("COPY : "memory");
                #else
                *dst = *src;
                #endif
                }
                """.replace("COPY", copy) + """
                __device__ __forceinline__ void copy_async_commit() {
                #if __CUDA_ARCH__ >= 800
                asm volatile("cp.async.commit_group;" ::: "memory");
                #endif
                }
                __device__ __forceinline__ void copy_async_wait_all() {
                #if __CUDA_ARCH__ >= 800
                asm volatile("cp.async.wait_group 0;" ::: "memory");
                #endif
                }
                """);
        c.blank();
    }

    /** The evict-first policy and the 16-byte store that carries it (--l2-hint evict-first). */
    private static final String EVICT_FIRST = """
            // L2 evict-first (createpolicy, sm_80 and later): each element is read once and written once, so its lines
            // are the first L2 gives up, before the tile status words that every successor reads.
            __device__ __forceinline__ unsigned long long evict_first_policy() {
            unsigned long long policy = 0;
            #if __CUDA_ARCH__ >= 800
            asm("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
            #endif
            return policy;
            }
            __device__ __forceinline__ void store_evict_first(Vec* dst, const Vec* src) {
            #if __CUDA_ARCH__ >= 800
            const uint4 v = *(const uint4*)src;
            asm volatile("st.global.L2::cache_hint.v4.b32 [%0], {%1, %2, %3, %4}, %5;" :: "l"(dst), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w),
            "l"(evict_first_policy()) : "memory");
            #else
            *dst = *src;
            #endif
            }
            """;
}
