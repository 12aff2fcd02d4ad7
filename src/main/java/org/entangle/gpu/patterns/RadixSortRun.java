package org.entangle.gpu.patterns;

import org.entangle.cuda.patterns.EmbeddedDeviceScan;
import org.entangle.cuda.patterns.RadixSortSource;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.LoadedKernel;

/**
 * The device buffers of one radix sort of n keys (and values) and its passes (see {@link RadixSortSource}): the
 * input stays untouched, passes alternate between two buffers, passes whose digit is constant are skipped (the
 * first upsweep reports which bits vary), and when every pass is skipped the input is copied. Closing frees every
 * buffer.
 */
final class RadixSortRun implements AutoCloseable {

    final DeviceBuffer keysIn;
    final DeviceBuffer valuesIn;
    private final DeviceBuffer[] keys = new DeviceBuffer[2];
    private final DeviceBuffer[] values = new DeviceBuffer[2];
    private final DeviceBuffer counts;
    private final DeviceBuffer offsets;
    private final DeviceBuffer scratch;
    private final DeviceBuffer bits;
    private final LoadedKernel upsweep;
    private final LoadedKernel scatter;
    private final LoadedKernel scan;
    private final EmbeddedDeviceScan scanShape;
    private final long n;
    private final int threads;
    private DeviceBuffer resultKeys;
    private DeviceBuffer resultValues;
    private int passesRun;

    /** Device bytes for n keys (with values when {@code pairs}). */
    static long bytes(long n, boolean pairs, EmbeddedDeviceScan scan) {
        long cells = 256 * RadixSortSource.tiles(n);
        return (pairs ? 6 : 3) * 4 * n + 8 * cells + scan.kernel().scratchBytes(cells) + 64;
    }

    RadixSortRun(Gpu gpu, long n, boolean pairs, int threads, LoadedKernel upsweep, LoadedKernel scatter, LoadedKernel scan,
                 EmbeddedDeviceScan scanShape) {
        this.n = n;
        this.threads = threads;
        this.upsweep = upsweep;
        this.scatter = scatter;
        this.scan = scan;
        this.scanShape = scanShape;
        long cells = 256 * RadixSortSource.tiles(n);
        try {
            keysIn = gpu.allocate(4 * n, "the keys");
        valuesIn = pairs ? gpu.allocate(4 * n, "the values") : null;
        for (int i = 0; i < 2; i++) {
            keys[i] = gpu.allocate(4 * n, "the sorted keys");
            values[i] = pairs ? gpu.allocate(4 * n, "the sorted values") : null;
        }
        counts = gpu.allocate(4 * cells, "the digit counts");
        offsets = gpu.allocate(4 * cells, "the digit offsets");
        scratch = gpu.allocate(scanShape.kernel().scratchBytes(cells), "the scan's tile status");
        bits = gpu.allocate(8, "the varying bits");
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Fills both output buffers with 0xA5 bytes (the protocol's poison). */
    void poison() {
        for (int i = 0; i < 2; i++) {
            keys[i].fill(0xA5);
            if (values[i] != null) values[i].fill(0xA5);
        }
    }

    /** Sorts; afterwards {@link #resultKeys()} and {@link #resultValues()} hold the result. */
    void run() {
        DeviceBuffer srcKeys = keysIn;
        DeviceBuffer srcValues = valuesIn;
        passesRun = 0;
        if (n > 0) {
            long tiles = RadixSortSource.tiles(n);
            long cells = 256 * tiles;
            int varying = 0;
            bits.fill(0);
            for (int pass = 0; pass < 4; pass++) {
                long shift = (long) RadixSortSource.DIGIT_BITS * pass;
                if (pass > 0 && (varying >>> shift & 0xFF) == 0) continue;
                upsweep.launch(tiles, threads, srcKeys, counts, n, shift, bits, pass == 0 ? 1L : 0L);
                if (pass == 0) {
                    int[] seen = SortMergeIo.downloadInts(bits, 2);
                    varying = seen[0] & seen[1];
                    if ((varying & 0xFF) == 0) continue;
                }
                scratch.fill(0);
                scan.launch(scanShape.kernel().blocks(cells), scanShape.kernel().blockThreads(), counts, offsets, cells, scratch);
                int target = passesRun % 2;
                if (srcValues == null) {
                    scatter.launch(tiles, threads, srcKeys, keys[target], offsets, n, shift);
                } else {
                    scatter.launch(tiles, threads, srcKeys, keys[target], srcValues, values[target], offsets, n, shift);
                }
                srcKeys = keys[target];
                srcValues = values[target];
                passesRun++;
            }
        }
        if (srcKeys == keysIn) {
            keys[0].copyFrom(keysIn, 4 * n);
            if (valuesIn != null) values[0].copyFrom(valuesIn, 4 * n);
            srcKeys = keys[0];
            srcValues = values[0];
        }
        resultKeys = srcKeys;
        resultValues = srcValues;
    }

    DeviceBuffer resultKeys() {
        return resultKeys;
    }

    DeviceBuffer resultValues() {
        return resultValues;
    }

    /** Passes the last run sorted on (the others had a constant digit). */
    int passesRun() {
        return passesRun;
    }

    /** A buffer of at least 4n bytes other than the input, for memcpy timing. */
    DeviceBuffer spare() {
        return keys[1];
    }

    @Override
    public void close() {
        for (DeviceBuffer b : new DeviceBuffer[] {keysIn, valuesIn, keys[0], keys[1], values[0], values[1], counts, offsets, scratch, bits}) {
            if (b != null) b.close();
        }
    }
}
