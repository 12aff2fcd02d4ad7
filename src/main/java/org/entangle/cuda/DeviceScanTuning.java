package org.entangle.cuda;

/**
 * The knobs of the device-wide form.
 *
 * @param itemsPerThread consecutive elements each thread scans in registers (tile = width × items)
 * @param minBlocksPerSm resident blocks per multiprocessor asked of the compiler with {@code __launch_bounds__}
 *                       (0: the compiler's choice of registers)
 * @param backoffNanos   {@code __nanosleep} between polls of predecessors that have not published yet (0: spin),
 *                       the delay CUB's sm_90 scan tuning also uses to keep pollers from flooding L2
 * @param vectorAccess   full tiles of a forward, unsegmented scan move through global memory in 16-byte vectors
 *                       (CUB's vectorised BlockLoad/BlockStore); other tiles and forms use one element per access
 * @param itemsInRegisters each thread holds its items in registers across the look-back (as CUB does) rather
 *                       than leaving them in shared memory (fewer registers, more resident blocks)
 * @param cacheHints     loads through the read-only path ({@code __ldg}, {@code ld.global.nc}) and streaming
 *                       stores ({@code __stcs}, evict-first), since every element is read once and written once
 * @param lookbackWarp   one extra warp per block does the look-back from the block's start, overlapping it with
 *                       the load, the reduction and the network, which synchronise on a named barrier without it
 * @param warpScan       the thread totals are scanned by shuffles inside each warp and then across the warp totals
 *                       (CUB's BlockScan "warp scans", one barrier) instead of by the network: a speed reference
 */
public record DeviceScanTuning(int itemsPerThread, int minBlocksPerSm, int backoffNanos, boolean vectorAccess,
                               boolean itemsInRegisters, boolean cacheHints, boolean lookbackWarp, boolean warpScan) {

    /** The tuning without cache hints, dedicated look-back warp or warp scan. */
    public DeviceScanTuning(int itemsPerThread, int minBlocksPerSm, int backoffNanos, boolean vectorAccess, boolean itemsInRegisters) {
        this(itemsPerThread, minBlocksPerSm, backoffNanos, vectorAccess, itemsInRegisters, false, false, false);
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
    }

    /** Threads per multiprocessor the default tuning asks to keep resident (16 blocks of 128 threads: 32 registers). */
    public static final int DEFAULT_RESIDENT_THREADS = 2048;
    /** The default look-back back-off in nanoseconds. */
    public static final int DEFAULT_BACKOFF_NANOS = 200;

    /**
     * The measured default for blocks of {@code width} threads (README "GPU"): vectorised access, items in shared
     * memory, {@link #DEFAULT_RESIDENT_THREADS} threads per multiprocessor asked of the compiler and
     * {@link #DEFAULT_BACKOFF_NANOS} ns of back-off.
     */
    public static DeviceScanTuning defaults(int width, int itemsPerThread) {
        return new DeviceScanTuning(itemsPerThread, defaultMinBlocks(width), DEFAULT_BACKOFF_NANOS, true, false);
    }

    /** Blocks per multiprocessor that keep {@link #DEFAULT_RESIDENT_THREADS} threads resident (1..32). */
    public static int defaultMinBlocks(int width) {
        return Math.max(1, Math.min(32, DEFAULT_RESIDENT_THREADS / width));
    }
}
