package org.entangle.cuda;

/**
 * The knobs of the device-wide form.
 *
 * @param itemsPerThread consecutive elements each thread scans (tile = width × items)
 * @param minBlocksPerSm resident blocks per multiprocessor asked of the compiler with {@code __launch_bounds__}
 *                       (0: the compiler's choice of registers)
 * @param backoffNanos   {@code __nanosleep} between polls of predecessors that have not published yet (0: spin),
 *                       the delay CUB's sm_90 scan tuning also uses to keep pollers from flooding L2
 * @param vectorAccess   full tiles of a forward, unsegmented scan move through global memory in 16-byte pieces
 *                       (CUB's vectorised BlockLoad/BlockStore; asynchronous copies in the streaming form); other
 *                       tiles and forms use one element per access
 * @param itemsInRegisters each thread holds its items in registers between the reduction and the rescan (as
 *                       CUB does) rather than reading them from shared memory twice
 * @param warpScan       the thread totals are scanned by shuffles inside each warp and then across the warp totals
 *                       (CUB's BlockScan "warp scans", one barrier) instead of by the network: a speed reference
 * @param stages         0: one block per tile; 2 or more: the streaming form, a grid of resident blocks that take
 *                       tiles in order from a counter and hold {@code stages} tiles in shared memory, the next ones
 *                       loading asynchronously while the current one is scanned
 */
public record DeviceScanTuning(int itemsPerThread, int minBlocksPerSm, int backoffNanos, boolean vectorAccess,
                               boolean itemsInRegisters, boolean warpScan, int stages) {

    /** The most tiles a block of the streaming form holds in shared memory. */
    public static final int MAX_STAGES = 4;
    /** Threads per multiprocessor the one-block-per-tile default asks to keep resident (8 blocks of 256 threads). */
    public static final int DEFAULT_RESIDENT_THREADS = 2048;
    /** The default look-back back-off in nanoseconds. */
    public static final int DEFAULT_BACKOFF_NANOS = 200;
    /** The streaming form's default depth: the tile being scanned and the next one loading. */
    public static final int DEFAULT_STAGES = 2;

    /** One block per tile, no warp scans. */
    public DeviceScanTuning(int itemsPerThread, int minBlocksPerSm, int backoffNanos, boolean vectorAccess, boolean itemsInRegisters) {
        this(itemsPerThread, minBlocksPerSm, backoffNanos, vectorAccess, itemsInRegisters, false, 0);
    }

    public DeviceScanTuning {
        if (itemsPerThread < 1 || itemsPerThread > 64) {
            throw new IllegalArgumentException("items per thread must be in 1..64, got " + itemsPerThread);
        }
        if (minBlocksPerSm < 0 || minBlocksPerSm > 32) {
            throw new IllegalArgumentException("minimum blocks per multiprocessor must be in 0..32, got " + minBlocksPerSm);
        }
        if (backoffNanos < 0 || backoffNanos > 100_000) {
            throw new IllegalArgumentException("back-off must be in 0..100000 ns, got " + backoffNanos);
        }
        if (stages == 1 || stages < 0 || stages > MAX_STAGES) {
            throw new IllegalArgumentException("stages must be 0 (one block per tile) or 2.." + MAX_STAGES + ", got " + stages);
        }
    }

    /** Whether this is the streaming form (resident blocks taking tiles in order, {@link #stages()} deep). */
    public boolean streaming() {
        return stages > 0;
    }

    /**
     * The measured default of one block per tile for blocks of {@code width} threads (README "GPU"): vectorised
     * access, items in shared memory, {@link #DEFAULT_RESIDENT_THREADS} threads per multiprocessor asked of the
     * compiler and {@link #DEFAULT_BACKOFF_NANOS} ns of back-off.
     */
    public static DeviceScanTuning defaults(int width, int itemsPerThread) {
        return new DeviceScanTuning(itemsPerThread, defaultMinBlocks(width), DEFAULT_BACKOFF_NANOS, true, false);
    }

    /** Blocks per multiprocessor that keep {@link #DEFAULT_RESIDENT_THREADS} threads resident (1..32). */
    public static int defaultMinBlocks(int width) {
        return Math.max(1, Math.min(32, DEFAULT_RESIDENT_THREADS / width));
    }
}
