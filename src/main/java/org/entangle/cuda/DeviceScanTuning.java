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
 *                       (CUB's vectorised BlockLoad/BlockStore); other tiles and forms use one element per access
 * @param itemsInRegisters each thread holds its items in registers between the reduction and the rescan (as
 *                       CUB does) rather than reading them from shared memory twice
 * @param warpScan       the thread totals are scanned by shuffles inside each warp and then across the warp totals
 *                       (CUB's BlockScan "warp scans", one barrier) instead of by the network: a speed reference
 * @param layout         how the tile lies in shared memory (see {@link TileLayout})
 * @param lookBack       when and by which warp a tile looks back (see {@link LookBack})
 * @param l2Hint         the L2 cache hint on the 16-byte accesses of full tiles in the direct layout (see {@link L2Hint})
 * @param prefixAtStore  with the early look-back, the warps that do not look back rescan their items from their
 *                       thread prefixes while the first warp looks back, and combine the tile's prefix in as they
 *                       store; the first warp hands the prefix over on a named barrier it does not wait at
 */
public record DeviceScanTuning(int itemsPerThread, int minBlocksPerSm, int backoffNanos, boolean vectorAccess,
                               boolean itemsInRegisters, boolean warpScan, TileLayout layout, LookBack lookBack,
                               L2Hint l2Hint, boolean prefixAtStore) {

    /**
     * The L2 cache hint on a full tile's 16-byte copies into shared memory ({@code cp.async}) and 16-byte stores, in
     * the direct layout (PTX ISA, "cp.async", "st", "createpolicy"; sm_80 and later). Each element is read once and
     * written once, while the tile status words are read by every successor.
     * <ul>
     *   <li>{@code NONE}: no hint (the default);</li>
     *   <li>{@code EVICT_FIRST}: loads and stores carry an L2 evict-first access policy ({@code createpolicy}), so
     *       the streamed lines leave L2 before the status words and other lines;</li>
     *   <li>{@code PREFETCH_256}: the copies ask L2 to fetch the whole 256-byte block around each access
     *       ({@code cp.async ... L2::256B}), larger DRAM requests earlier in the tile's chain.</li>
     * </ul>
     */
    public enum L2Hint {
        NONE, EVICT_FIRST, PREFETCH_256;

        /** The command-line token. */
        public String token() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        /** The hint of a command-line token, or null. */
        public static L2Hint fromToken(String token) {
            for (L2Hint h : values()) {
                if (h.token().equals(token)) return h;
            }
            return null;
        }
    }

    /**
     * How a tile lies in shared memory.
     * <ul>
     *   <li>{@code PADDED}: one padding slot per 32 elements; 16-byte vectors pass through registers and are
     *       transposed element by element (conflict-free stores; thread runs of an even length read with 2-way
     *       bank conflicts);</li>
     *   <li>{@code DIRECT}: unpadded, thread t's items at {@code t * ITEMS}; 16-byte pieces move between global and
     *       shared memory without a transpose ({@code cp.async} in, 16-byte loads and stores out), and an odd
     *       {@code ITEMS} spreads the thread runs over all banks.</li>
     * </ul>
     */
    public enum TileLayout {
        PADDED, DIRECT;

        /** The command-line token. */
        public String token() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * When a tile publishes its aggregate and looks back (Merrill &amp; Garland 2016, section 4: the aggregate is
     * published as soon as it is known, the look-back needs only the predecessors).
     * <ul>
     *   <li>{@code AFTER_NETWORK}: the last thread publishes the aggregate when the network ends; then the first
     *       warp looks back while the others wait at the block barrier, after which the last thread publishes the
     *       inclusive prefix;</li>
     *   <li>{@code EARLY}: the aggregate comes from warp shuffles and one barrier right after the reduction (the
     *       network still scans the thread totals); the first warp publishes it and reads its first look-back window
     *       before the network, evaluates it after the network, and publishes the inclusive prefix itself, before the
     *       block barrier;</li>
     *   <li>{@code DEDICATED_WARP}: one more warp (LANES + 32 threads) takes the warps' totals through a named
     *       barrier the scan threads only arrive at, publishes the aggregate, looks back and publishes the inclusive
     *       prefix, while the scan threads run the network on a named barrier of their own; they meet once, for the
     *       prefix.</li>
     * </ul>
     */
    public enum LookBack {
        AFTER_NETWORK, EARLY, DEDICATED_WARP;

        /** The command-line token. */
        public String token() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        /** The look-back of a command-line token, or null. */
        public static LookBack fromToken(String token) {
            for (LookBack l : values()) {
                if (l.token().equals(token)) return l;
            }
            return null;
        }
    }

    /** Threads per multiprocessor the default asks to keep resident (8 blocks of 256 threads). */
    public static final int DEFAULT_RESIDENT_THREADS = 2048;
    /** The default look-back back-off in nanoseconds. */
    public static final int DEFAULT_BACKOFF_NANOS = 200;
    /** The layout the command line uses unless told otherwise (README "GPU"). */
    public static final TileLayout DEFAULT_LAYOUT = TileLayout.DIRECT;
    /** The look-back the command line uses unless told otherwise (README "GPU": measured faster than after the network). */
    public static final LookBack DEFAULT_LOOK_BACK = LookBack.EARLY;
    /** Threads a multiprocessor holds at most (sm_50 and later). */
    static final int MAX_THREADS_PER_SM = 2048;

    /** The padded layout, no warp scans, the look-back after the network. */
    public DeviceScanTuning(int itemsPerThread, int minBlocksPerSm, int backoffNanos, boolean vectorAccess, boolean itemsInRegisters) {
        this(itemsPerThread, minBlocksPerSm, backoffNanos, vectorAccess, itemsInRegisters, false, TileLayout.PADDED);
    }

    /** The look-back after the network (the form the GPU patterns embed). */
    public DeviceScanTuning(int itemsPerThread, int minBlocksPerSm, int backoffNanos, boolean vectorAccess,
                            boolean itemsInRegisters, boolean warpScan, TileLayout layout) {
        this(itemsPerThread, minBlocksPerSm, backoffNanos, vectorAccess, itemsInRegisters, warpScan, layout, LookBack.AFTER_NETWORK);
    }

    /** No L2 hint, the prefix combined in by the rescan. */
    public DeviceScanTuning(int itemsPerThread, int minBlocksPerSm, int backoffNanos, boolean vectorAccess,
                            boolean itemsInRegisters, boolean warpScan, TileLayout layout, LookBack lookBack) {
        this(itemsPerThread, minBlocksPerSm, backoffNanos, vectorAccess, itemsInRegisters, warpScan, layout, lookBack, L2Hint.NONE, false);
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
        if (layout == null) throw new IllegalArgumentException("a tile layout is needed");
        if (lookBack == null) throw new IllegalArgumentException("a look-back is needed");
        if (l2Hint == null) throw new IllegalArgumentException("an L2 hint is needed (none for no hint)");
        if (l2Hint != L2Hint.NONE && (layout != TileLayout.DIRECT || !vectorAccess)) {
            throw new IllegalArgumentException("the L2 hint " + l2Hint.token() + " applies to the 16-byte accesses of the direct layout");
        }
        if (prefixAtStore && lookBack != LookBack.EARLY) {
            throw new IllegalArgumentException("the prefix at the store needs the early look-back, got " + lookBack.token());
        }
    }

    /** The same knobs with {@code l} as the look-back. */
    public DeviceScanTuning withLookBack(LookBack l) {
        return new DeviceScanTuning(itemsPerThread, minBlocksPerSm, backoffNanos, vectorAccess, itemsInRegisters, warpScan, layout, l,
                l2Hint, prefixAtStore);
    }

    /** Threads per block for a network of {@code width}: one more warp with {@link LookBack#DEDICATED_WARP}. */
    public int blockThreads(int width) {
        return width + (lookBack == LookBack.DEDICATED_WARP ? 32 : 0);
    }

    /** The resident blocks per multiprocessor asked of the compiler, no more than fit {@link #MAX_THREADS_PER_SM} (0: none asked). */
    int launchMinBlocks(int width) {
        return Math.min(minBlocksPerSm, MAX_THREADS_PER_SM / blockThreads(width));
    }

    /**
     * The measured padded default for blocks of {@code width} threads (README "GPU"): vectorised access, items in
     * shared memory, {@link #DEFAULT_RESIDENT_THREADS} threads per multiprocessor asked of the compiler and
     * {@link #DEFAULT_BACKOFF_NANOS} ns of back-off.
     */
    public static DeviceScanTuning defaults(int width, int itemsPerThread) {
        return defaults(width, itemsPerThread, TileLayout.PADDED);
    }

    /** The measured default in {@code layout}: as {@link #defaults(int, int)} otherwise. */
    public static DeviceScanTuning defaults(int width, int itemsPerThread, TileLayout layout) {
        return new DeviceScanTuning(itemsPerThread, defaultMinBlocks(width), DEFAULT_BACKOFF_NANOS, true, false, false, layout);
    }

    /** Blocks per multiprocessor that keep {@link #DEFAULT_RESIDENT_THREADS} threads resident (1..32). */
    public static int defaultMinBlocks(int width) {
        return Math.max(1, Math.min(32, DEFAULT_RESIDENT_THREADS / width));
    }
}
