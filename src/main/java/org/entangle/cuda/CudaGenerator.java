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
    /** Threads a CUDA block may have. */
    static final int MAX_BLOCK_THREADS = 1024;
    /** The direct layout's default tile size in bytes (README "GPU": 256 x 25 int32). */
    static final int DIRECT_TILE_BYTES = 25 * 1024;

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
     * A single-pass scan of arrays of any length: blocks of {@code width} threads, each thread scanning
     * {@code itemsPerThread} elements, the network across the threads, and tiles chained by decoupled look-back
     * (padded layout; the form the GPU patterns embed).
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
        if (tuning.blockThreads(w) > MAX_BLOCK_THREADS) {
            throw new IllegalArgumentException("a look-back warp beside " + w + " threads makes " + tuning.blockThreads(w)
                    + " threads per block, over the " + MAX_BLOCK_THREADS + " CUDA allows");
        }
        boolean exclusiveNetwork = requireScan(network, options);
        int tile = w * itemsPerThread;
        long sharedBytes = tileSharedBytes(w, itemsPerThread, options, tuning.layout())
                + 2L * (remap == null ? 0 : remap.slots(w) - w) * valueBytes(options);
        if (sharedBytes > STATIC_SHARED_LIMIT) {
            throw new IllegalArgumentException("a tile of " + w + " x " + itemsPerThread + " " + options.type().token()
                    + (options.segmented() ? " (value, flag) pairs" : " elements") + " needs about " + sharedBytes
                    + " bytes of shared memory, over the " + STATIC_SHARED_LIMIT + " a kernel may declare statically; use fewer items per thread");
        }
        String threads = tuning.lookBack() == DeviceScanTuning.LookBack.DEDICATED_WARP ? w + " + 32 threads (a look-back warp)" : w + " threads";
        return DeviceScanGenerator.generate(network, LaneProgram.of(network), options, exclusiveNetwork, tuning, header(network, options,
                KernelForm.DEVICE_WIDE, "blocks of " + threads + " x " + itemsPerThread + " items = " + tile + " elements per tile ("
                        + tuning.layout().token() + " layout, look-back " + tuning.lookBack().token() + "); grid = ceil(n / " + tile + ")", remap), remap);
    }

    /**
     * A measured number of items per thread of the padded layout (README "GPU"): up to 6144 elements per tile for
     * 4-byte types (at most 32 per thread: 128 x 32, 256 x 24), 1536 for 8-byte ones (at most 12).
     */
    public static int defaultItemsPerThread(int width, ElementType type) {
        int target = type.bytes() == 4 ? 6144 : 1536;
        return Math.max(1, Math.min(type.bytes() == 4 ? 32 : 12, target / width));
    }

    /**
     * The measured default of the padded layout, lowered until the tile fits the static shared-memory limit for
     * these options (segmented scans store (value, flag) pairs, twice the bytes).
     */
    public static int defaultItemsPerThread(int width, ScanOptions options) {
        int items = defaultItemsPerThread(width, options.type());
        while (items > 1 && tileSharedBytes(width, items, options, DeviceScanTuning.TileLayout.PADDED) > STATIC_SHARED_LIMIT) items--;
        return items;
    }

    /**
     * Items per thread of the direct layout: about {@link #DIRECT_TILE_BYTES} per tile, made odd so that the
     * threads' runs of consecutive items start in different shared-memory banks.
     */
    public static int defaultDirectItems(int width, ScanOptions options) {
        int items = (int) Math.max(1, Math.min(63, DIRECT_TILE_BYTES / ((long) width * valueBytes(options))));
        if (items % 2 == 0) items--;
        while (items > 1 && tileSharedBytes(width, items, options, DeviceScanTuning.TileLayout.DIRECT) > STATIC_SHARED_LIMIT) items -= 2;
        return items;
    }

    /** The default item count of {@code layout}: {@link #defaultDirectItems} or {@link #defaultItemsPerThread(int, ScanOptions)}. */
    public static int defaultItems(int width, ScanOptions options, DeviceScanTuning.TileLayout layout) {
        return layout == DeviceScanTuning.TileLayout.DIRECT ? defaultDirectItems(width, options) : defaultItemsPerThread(width, options);
    }

    /** The device-wide default of the command line ({@link DeviceScanTuning#DEFAULT_LAYOUT} and its item count). */
    public static DeviceScanTuning defaultTuning(int width, ScanOptions options) {
        DeviceScanTuning.TileLayout layout = DeviceScanTuning.DEFAULT_LAYOUT;
        return DeviceScanTuning.defaults(width, defaultItems(width, options, layout), layout).withLookBack(DeviceScanTuning.DEFAULT_LOOK_BACK);
    }

    private static int valueBytes(ScanOptions options) {
        return options.segmented() ? 2 * options.type().bytes() : options.type().bytes();
    }

    /** Shared memory of a tile in {@code layout} (padded: one slot per 32), two exchange rows, the thread results and the prefix. */
    private static long tileSharedBytes(int width, int itemsPerThread, ScanOptions options, DeviceScanTuning.TileLayout layout) {
        int tile = width * itemsPerThread;
        long slots = layout == DeviceScanTuning.TileLayout.PADDED ? tile + tile / 32 : tile;
        return (long) valueBytes(options) * (slots + 3L * width + 2);
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
