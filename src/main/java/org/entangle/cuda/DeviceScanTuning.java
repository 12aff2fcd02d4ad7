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
 */
public record DeviceScanTuning(int itemsPerThread, int minBlocksPerSm, int backoffNanos, boolean vectorAccess,
                               boolean itemsInRegisters) {

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

    /** Only the items per thread set; vectorised access, items in shared memory across the look-back. */
    public static DeviceScanTuning items(int itemsPerThread) {
        return new DeviceScanTuning(itemsPerThread, 0, 0, true, false);
    }
}
