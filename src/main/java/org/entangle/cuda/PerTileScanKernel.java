package org.entangle.cuda;

/**
 * The device-wide kernel with one block per tile (Merrill &amp; Garland 2016): block i scans tile i, blocks
 * starting in index order (which CUB's single-pass scan relies on too). Each warp loads its part of the tile
 * coalesced, in 16-byte vectors for full tiles of forward unsegmented scans (CUB's vectorised BlockLoad), and
 * transposes it through padded shared memory so that each thread reduces {@code ITEMS} consecutive elements;
 * the items stay in shared memory across the look-back, which keeps register use low and the number of resident
 * blocks (that hide the look-back's latency) high. The tile is stored back the way it came.
 */
final class PerTileScanKernel {

    private PerTileScanKernel() {
    }

    static void emit(CodeBuilder c, DeviceScanGenerator.TileScan scan) {
        ScanOptions o = scan.o();
        String heads = o.segmented() ? "heads, " : "";
        scan.emitSignature(c);
        c.line("__shared__ V staging[PAD(TILE)];");
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
                const long long tiles = (n + TILE - 1) / TILE;
                """);
        scan.emitStatus(c, "scratch");
        c.blank();
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
        c.lines("""
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const int i = warp_base + k * 32 + lane;
                """);
        c.line("staging[PAD(i)] = load_element(in, " + heads + "n, base + i);");
        c.line("}");
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
                    for (int q = 0; q < VEC; ++q) v.e[q] = value_of(staging[PAD(warp_base + (k * 32 + lane) * VEC + q)]);
                    dst[k * 32 + lane] = v;
                    }
                    return;
                    }
                    """);
        }
        c.lines("""
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const int i = warp_base + k * 32 + lane;
                store_element(out, n, base + i, value_of(staging[PAD(i)]));
                }
                }
                """);
    }
}
