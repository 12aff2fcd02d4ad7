package org.entangle.cuda;

/**
 * CUDA C produced from a network, with what a host needs to launch it: the {@code extern "C"} entry point,
 * threads per block and the elements each block handles. Kernel parameters, in order: {@code const T* in,
 * T* out}, then {@code const unsigned* heads} when segmented, then {@code long long n}, then for the
 * program form {@code int N} (with {@link #dynamicSharedBytes()} of dynamic shared memory), for the
 * device-wide form {@code unsigned long long* scratch} of {@link #scratchBytes(long)} bytes, zeroed before the
 * first launch and whenever the tile count changes (the status words carry their run's epoch, so runs over the
 * same tiles need no zeroing between them; zeroing before every launch is also fine): one status word per tile
 * (rounded up to an even count of words), and, when the status is not packed, the tiles' aggregates and
 * inclusive prefixes.
 *
 * @param source        the CUDA C source
 * @param entry         the kernel's name
 * @param form          block, warp or device-wide
 * @param options       what it computes
 * @param blockThreads  threads per block
 * @param tileItems     elements per block (the network width for the block and warp forms)
 * @param packedStatus  device-wide only: whether a tile's status and value share one 64-bit word
 * @param programN      program form only: the N passed to the kernel (0 for the other forms)
 */
public record GeneratedKernel(String source, String entry, KernelForm form, ScanOptions options, int blockThreads,
                              int tileItems, boolean packedStatus, int programN) {

    /** Blocks for {@code n} elements. */
    public long blocks(long n) {
        return (n + tileItems - 1) / tileItems;
    }

    /** Bytes of zeroed scratch memory the kernel needs for {@code n} elements (0 for the block and warp forms). */
    public long scratchBytes(long n) {
        if (form != KernelForm.DEVICE_WIDE) return 0;
        long tiles = blocks(n);
        long statusBytes = 8L * ((tiles + 1) & ~1L);
        if (packedStatus) return statusBytes;
        return statusBytes + 2 * tiles * valueBytes();
    }

    /** Bytes of dynamic shared memory a launch gives the kernel: N values for the program form, else 0. */
    public long dynamicSharedBytes() {
        return form == KernelForm.PROGRAM ? (long) programN * valueBytes() : 0;
    }

    /** Bytes of one value as the kernel stores it (element plus segment flag, padded). */
    private int valueBytes() {
        int bytes = options.type().bytes();
        return options.segmented() ? 2 * bytes : bytes;
    }
}
