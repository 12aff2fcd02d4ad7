package org.entangle.cuda;

/**
 * The streaming device-wide kernel: a grid of resident blocks, each taking tiles in order from a counter
 * (Merrill &amp; Garland 2016 hand out tile indices the same way where blocks may not start in order) and holding
 * {@code STAGES} tiles in dynamic shared memory. While a block reduces, scans, looks back for and stores one tile,
 * the next {@code STAGES - 1} tiles it has taken are already loading by asynchronous 16-byte copies
 * ({@code cp.async}, sm_80 and later), so the latency chain of a tile (load, network, look-back, store) no longer
 * leaves the memory system idle. Each warp loads, rescans and stores its own part of a tile: only the network and
 * the look-back synchronise the block. Items lie unpadded in shared memory, thread t's {@code ITEMS} consecutive
 * elements at {@code t * ITEMS}, so an odd {@code ITEMS} reads them without bank conflicts. Tiles that are not
 * whole (the last one), arrays that are not 16-byte aligned, backward and segmented scans load element by element
 * when the tile is scanned.
 */
final class StreamingScanKernel {

    private StreamingScanKernel() {
    }

    static void emit(CodeBuilder c, DeviceScanGenerator.TileScan scan) {
        ScanOptions o = scan.o();
        boolean vector = scan.vector();
        if (vector) emitAsyncCopies(c);
        scan.emitSignature(c);
        c.lines("""
                extern __shared__ __align__(16) unsigned char stage_memory[];  // STAGES tiles (dynamic shared memory)
                V (*const stage)[TILE] = (V (*)[TILE])stage_memory;
                """);
        scan.emitSharedArrays(c);
        c.lines("""
                __shared__ long long claimed[STAGES];  // the tile each stage holds or is loading
                const int t = threadIdx.x;
                const int lane = t & 31;
                const int warp = t >> 5;
                const int warp_base = warp * WARP_ITEMS;
                const int mine = warp_base + lane * ITEMS;
                const long long tiles = (n + TILE - 1) / TILE;
                // Tiles are handed out in order by a counter (the first two scratch words) and a block scans the tiles
                // it takes in order: the smallest unfinished tile is always the one a running block is scanning, and
                // every tile it looks back at has been taken by a running block.
                unsigned long long* const next_tile = scratch;
                """);
        scan.emitStatus(c, "scratch + 2");
        if (vector) c.line("const bool aligned = ((((size_t)in) | ((size_t)out)) & 15) == 0;");
        c.lines("""
                if (t == 0) {
                for (int s = 0; s < STAGES; ++s) claimed[s] = (long long)atomicAdd(next_tile, 1ull);
                }
                __syncthreads();
                """);
        if (vector) {
            c.lines("""
                    // 1. Start loading the tiles of every stage but the last.
                    #pragma unroll
                    for (int s = 0; s < STAGES - 1; ++s) start_load(in, n, aligned, claimed[s], stage[s], warp_base, lane);
                    """);
        }
        c.lines("""
                for (int s = 0;; s = s + 1 == STAGES ? 0 : s + 1) {
                const long long tile = claimed[s];
                """);
        if (vector) {
            c.lines("""
                    // The stage the previous tile freed starts loading the tile taken for it, STAGES - 1 tiles ahead.
                    const int ahead = s == 0 ? STAGES - 1 : s - 1;
                    start_load(in, n, aligned, claimed[ahead], stage[ahead], warp_base, lane);
                    """);
        }
        c.lines("""
                if (tile >= tiles) break;
                unsigned long long claim = 0;
                if (t == 0) claim = atomicAdd(next_tile, 1ull);  // the tile this stage takes next (stored after the look-back)
                V* const buffer = stage[s];
                const long long base = tile * TILE;
                """);
        if (vector) {
            c.lines("""
                    copy_async_wait<STAGES - 1>();  // this thread's copies of the tile have landed
                    if (!whole_tile(tile, n, aligned)) {
                    """);
        } else {
            c.line("// 1. Load: each warp reads its WARP_ITEMS elements coalesced.");
        }
        c.lines("""
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const int i = warp_base + k * 32 + lane;
                """);
        c.line("buffer[i] = load_element(in, " + (o.segmented() ? "heads, " : "") + "n, base + i);");
        c.line("}");
        if (vector) c.line("}");
        c.line("__syncwarp();  // the warp's part of the tile is in shared memory");
        c.blank();
        scan.emitScan(c, "buffer[#]");
        c.line("if (t == 0) claimed[s] = (long long)claim;  // read again only after the barrier that ends this tile");
        c.line("__syncwarp();");
        c.blank();
        c.line("// 6. Store the warp's part of the tile, coalesced" + (vector ? " (16-byte vectors for whole tiles)." : "."));
        if (vector) {
            c.lines("""
                    if (whole_tile(tile, n, aligned)) {
                    const Vec* src = (const Vec*)(buffer + warp_base);
                    Vec* dst = (Vec*)(out + base + warp_base);
                    #pragma unroll
                    for (int k = 0; k < (WARP_CHUNKS + 31) / 32; ++k) {
                    const int chunk = k * 32 + lane;
                    if (WARP_CHUNKS % 32 == 0 || chunk < WARP_CHUNKS) dst[chunk] = src[chunk];
                    }
                    } else {
                    """);
        }
        c.lines("""
                #pragma unroll
                for (int k = 0; k < ITEMS; ++k) {
                const int i = warp_base + k * 32 + lane;
                store_element(out, n, base + i, value_of(buffer[i]));
                }
                """);
        if (vector) c.line("}");
        c.line("__syncthreads();  // the tile is done: the shared variables and exchange buffers are free for the next one");
        c.line("}");
        if (vector) c.line("copy_async_wait<0>();");
        c.line("}");
    }

    private static void emitAsyncCopies(CodeBuilder c) {
        c.lines("""
                #define WARP_CHUNKS (WARP_ITEMS / VEC)  // 16-byte pieces of a warp's part of a tile
                // Asynchronous copies (cp.async, sm_80 and later): 16 bytes from global to shared memory without passing
                // through registers; a thread commits its copies as one group and later waits until at most N of its
                // groups are pending. Older GPUs copy synchronously.
                __device__ __forceinline__ void copy_async(Vec* dst, const Vec* src) {
                #if __CUDA_ARCH__ >= 800
                asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"((unsigned)__cvta_generic_to_shared(dst)), "l"(src) : "memory");
                #else
                *dst = *src;
                #endif
                }
                __device__ __forceinline__ void copy_async_commit() {
                #if __CUDA_ARCH__ >= 800
                asm volatile("cp.async.commit_group;" ::: "memory");
                #endif
                }
                template <int N> __device__ __forceinline__ void copy_async_wait() {
                #if __CUDA_ARCH__ >= 800
                asm volatile("cp.async.wait_group %0;" :: "n"(N) : "memory");
                #endif
                }

                // Whether a tile moves in 16-byte pieces: whole, with 16-byte aligned arrays (others go element by element).
                __device__ __forceinline__ bool whole_tile(long long tile, long long n, bool aligned) {
                return aligned && (tile + 1) * TILE <= n;
                }

                // Starts loading the warp's part of `tile` into `buffer`: one commit group, empty unless the tile is whole.
                __device__ __forceinline__ void start_load(const T* __restrict__ in, long long n, bool aligned, long long tile, V* buffer,
                int warp_base, int lane) {
                if (whole_tile(tile, n, aligned)) {
                const Vec* src = (const Vec*)(in + tile * TILE + warp_base);
                Vec* dst = (Vec*)(buffer + warp_base);
                #pragma unroll
                for (int k = 0; k < (WARP_CHUNKS + 31) / 32; ++k) {
                const int chunk = k * 32 + lane;
                if (WARP_CHUNKS % 32 == 0 || chunk < WARP_CHUNKS) copy_async(dst + chunk, src + chunk);
                }
                }
                copy_async_commit();
                }
                """);
        c.blank();
    }
}
