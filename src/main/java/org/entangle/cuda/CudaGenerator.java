package org.entangle.cuda;

import java.util.Locale;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.Network;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.check.CheckResult;
import org.entangle.network.check.RangeChecker;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;

/**
 * Writes readable CUDA C for a scan network, in one of three {@link KernelForm}s. The network must be a
 * correct forward inclusive or exclusive scan of the in-place model (checked with {@link RangeChecker} for
 * the operators the kernel applies: every associative operator when segmented, since the lifted operator does
 * not commute; commutative ones for +; idempotent ones for max and min). Exclusive results from an inclusive
 * network come from a shift, inclusive results from an exclusive network from combining with the own element,
 * and backward scans from mirrored indices, so one network serves every {@link ScanOptions}.
 */
public final class CudaGenerator {

    /** Bytes of shared memory a kernel may declare statically. */
    static final int STATIC_SHARED_LIMIT = 48 * 1024;
    /** Bytes of shared memory one block may have on sm_90 (static and dynamic together). */
    static final int BLOCK_SHARED_LIMIT = 227 * 1024;
    /** Bytes of shared memory of an sm_90 multiprocessor. */
    static final int SHARED_PER_MULTIPROCESSOR = 228 * 1024;
    /** The streaming form's default tile size in bytes (README "GPU"). */
    static final int STREAMING_TILE_BYTES = 24 * 1024;

    private CudaGenerator() {
    }

    /** One block of {@code width} threads per segment of {@code width} elements, shared memory, one barrier per step. */
    public static GeneratedKernel block(Network network, ScanOptions options) {
        return block(network, options, null);
    }

    /** The block form with the exchange indices remapped against bank conflicts ({@code remap} null for none). */
    public static GeneratedKernel block(Network network, ScanOptions options, BankRemap remap) {
        boolean exclusiveNetwork = requireScan(network, options);
        return TileKernelGenerator.generate(network, LaneProgram.of(network), options, exclusiveNetwork, KernelForm.BLOCK,
                header(network, options, KernelForm.BLOCK, "one block of " + network.width() + " threads per "
                        + network.width() + " elements; grid = ceil(n / " + network.width() + ")", remap), remap);
    }

    /** One warp per segment of {@code width} ≤ 32 elements, values in registers, one shuffle per step. */
    public static GeneratedKernel warp(Network network, ScanOptions options) {
        if (network.width() > 32) {
            throw new IllegalArgumentException("the warp form needs a network of width at most 32, got " + network.width());
        }
        boolean exclusiveNetwork = requireScan(network, options);
        return TileKernelGenerator.generate(network, LaneProgram.of(network), options, exclusiveNetwork, KernelForm.WARP,
                header(network, options, KernelForm.WARP, "one warp (32 threads) per " + network.width()
                        + " elements; grid = ceil(n / " + network.width() + ")", null), null);
    }

    /**
     * A single-pass scan of arrays of any length with one block per tile: blocks of {@code width} threads, each
     * thread scanning {@code itemsPerThread} elements, the network across the threads, and tiles chained by
     * decoupled look-back (the form the GPU patterns embed).
     */
    public static GeneratedKernel deviceWide(Network network, ScanOptions options, int itemsPerThread) {
        return deviceWide(network, options, DeviceScanTuning.defaults(network.width(), itemsPerThread));
    }

    /** The device-wide form with every knob of {@link DeviceScanTuning}. */
    public static GeneratedKernel deviceWide(Network network, ScanOptions options, DeviceScanTuning tuning) {
        return deviceWide(network, options, tuning, null);
    }

    /** The device-wide form with the network's exchange indices remapped against bank conflicts ({@code remap} null for none). */
    public static GeneratedKernel deviceWide(Network network, ScanOptions options, DeviceScanTuning tuning, BankRemap remap) {
        int w = network.width();
        int itemsPerThread = tuning.itemsPerThread();
        if (w < 32 || w > LaneProgram.MAX_WIDTH || w % 32 != 0) {
            throw new IllegalArgumentException("the device-wide form needs a network width that is a multiple of 32 "
                    + "up to " + LaneProgram.MAX_WIDTH + " (its threads per block), got " + w);
        }
        boolean exclusiveNetwork = requireScan(network, options);
        int tile = w * itemsPerThread;
        long remapBytes = 2L * (remap == null ? 0 : remap.slots(w) - w) * valueBytes(options);
        if (tuning.streaming()) {
            long bytes = (long) tuning.stages() * tile * valueBytes(options) + staticSharedBytes(w, options) + remapBytes;
            if (bytes > BLOCK_SHARED_LIMIT) {
                throw new IllegalArgumentException(tuning.stages() + " stages of " + w + " x " + itemsPerThread + " " + options.type().token()
                        + (options.segmented() ? " (value, flag) pairs" : " elements") + " need about " + bytes
                        + " bytes of shared memory, over the " + BLOCK_SHARED_LIMIT + " a block may have; use fewer items or stages");
            }
        } else {
            long sharedBytes = perTileSharedBytes(w, itemsPerThread, options) + remapBytes;
            if (sharedBytes > STATIC_SHARED_LIMIT) {
                throw new IllegalArgumentException("a tile of " + w + " x " + itemsPerThread + " " + options.type().token()
                        + (options.segmented() ? " (value, flag) pairs" : " elements") + " needs about " + sharedBytes
                        + " bytes of shared memory, over the " + STATIC_SHARED_LIMIT + " a kernel may declare statically; use fewer items per thread");
            }
        }
        String launch = tuning.streaming()
                ? "blocks of " + w + " threads, " + tuning.stages() + " tiles of " + w + " x " + itemsPerThread + " = " + tile
                        + " elements each in dynamic shared memory; grid = resident blocks (at most ceil(n / " + tile + "))"
                : "blocks of " + w + " threads x " + itemsPerThread + " items = " + tile + " elements per tile; grid = ceil(n / " + tile + ")";
        return DeviceScanGenerator.generate(network, LaneProgram.of(network), options, exclusiveNetwork, tuning,
                header(network, options, KernelForm.DEVICE_WIDE, launch, remap), remap);
    }

    /**
     * A measured number of items per thread of one block per tile (README "GPU"): up to 6144 elements per tile for
     * 4-byte types (at most 32 per thread: 128 x 32, 256 x 24), 1536 for 8-byte ones (at most 12).
     */
    public static int defaultItemsPerThread(int width, ElementType type) {
        int target = type.bytes() == 4 ? 6144 : 1536;
        return Math.max(1, Math.min(type.bytes() == 4 ? 32 : 12, target / width));
    }

    /**
     * The measured default of one block per tile, lowered until the tile fits the static shared-memory limit for
     * these options (segmented scans store (value, flag) pairs, twice the bytes).
     */
    public static int defaultItemsPerThread(int width, ScanOptions options) {
        int items = defaultItemsPerThread(width, options.type());
        while (items > 1 && perTileSharedBytes(width, items, options) > STATIC_SHARED_LIMIT) items--;
        return items;
    }

    /**
     * Items per thread of the streaming form: about {@link #STREAMING_TILE_BYTES} per tile, made odd so that the
     * threads' runs of consecutive items start in different shared-memory banks.
     */
    public static int defaultStreamingItems(int width, ScanOptions options) {
        int items = (int) Math.max(1, Math.min(63, STREAMING_TILE_BYTES / ((long) width * valueBytes(options))));
        return items % 2 == 1 ? items : items - 1;
    }

    /**
     * The streaming form's default: {@link DeviceScanTuning#DEFAULT_STAGES} stages of {@link #defaultStreamingItems}
     * items, as many resident blocks asked of the compiler as the shared memory admits, vectorised access,
     * {@link DeviceScanTuning#DEFAULT_BACKOFF_NANOS} ns of back-off.
     */
    public static DeviceScanTuning streamingDefaults(int width, ScanOptions options) {
        int items = defaultStreamingItems(width, options);
        int stages = DeviceScanTuning.DEFAULT_STAGES;
        return new DeviceScanTuning(items, streamingResidentBlocks(width, items, stages, options), DeviceScanTuning.DEFAULT_BACKOFF_NANOS,
                true, false, false, stages);
    }

    /**
     * Blocks of the streaming form that fit a multiprocessor's {@link #SHARED_PER_MULTIPROCESSOR} bytes of shared
     * memory (each block also reserves 1 KB) and 2048 threads.
     */
    public static int streamingResidentBlocks(int width, int itemsPerThread, int stages, ScanOptions options) {
        long perBlock = (long) stages * width * itemsPerThread * valueBytes(options) + staticSharedBytes(width, options) + 1024;
        return (int) Math.max(1, Math.min(Math.min(32, 2048 / width), SHARED_PER_MULTIPROCESSOR / perBlock));
    }

    private static int valueBytes(ScanOptions options) {
        return options.segmented() ? 2 * options.type().bytes() : options.type().bytes();
    }

    /** The shared memory outside the tile: two exchange rows, the thread results, the prefix and the stage claims. */
    private static long staticSharedBytes(int width, ScanOptions options) {
        return (long) valueBytes(options) * (3L * width + 2) + 8L * DeviceScanTuning.MAX_STAGES;
    }

    private static long perTileSharedBytes(int width, int itemsPerThread, ScanOptions options) {
        int tile = width * itemsPerThread;
        return (long) valueBytes(options) * (tile + tile / 32 + 3L * width + 2);
    }

    /** Checks the network and says whether it computes the exclusive (rather than inclusive) scan. */
    private static boolean requireScan(Network network, ScanOptions options) {
        ScanSpec spec = network.spec();
        if (spec.direction() != Direction.FORWARD || spec.kind() == ResultKind.REDUCE) {
            throw new IllegalArgumentException("CUDA generation needs a forward inclusive or exclusive scan network; "
                    + nameOf(network) + " is meant as " + spec + " (--backward mirrors a forward network)");
        }
        Algebra algebra = options.segmented() ? Algebra.ASSOCIATIVE
                : options.operator() == ScanOperator.ADD ? Algebra.COMMUTATIVE : Algebra.IDEMPOTENT;
        CheckResult check = RangeChecker.check(network, spec.withAlgebra(algebra));
        if (!check.correct()) {
            throw new IllegalArgumentException(nameOf(network) + " is not a correct " + spec.withAlgebra(algebra) + ": "
                    + check.failure().message());
        }
        return spec.kind() == ResultKind.EXCLUSIVE;
    }

    private static String nameOf(Network network) {
        return network.name() == null ? "the network" : "network " + network.name();
    }

    private static String header(Network network, ScanOptions options, KernelForm form, String launch, BankRemap remap) {
        NetworkMetrics m = Metrics.of(network);
        return String.join("\n",
                "// Generated by Entangle: " + form.token() + " scan from " + nameOf(network),
                String.format(Locale.ROOT, "// network: width %d, %s, size %d, depth %d, steps %d, max fan-out %d, moves %d, deficiency %d",
                        m.width(), network.spec(), m.size(), m.depth(), m.steps(), m.maxFanout(), m.moves(), m.deficiency()),
                "// computes: " + options.label() + (remap == null ? "" : "\n" + remap.headerLine()),
                "// launch: " + launch,
                "// compile: nvcc -ptx -arch=sm_90 THIS_FILE.cu",
                "");
    }
}
