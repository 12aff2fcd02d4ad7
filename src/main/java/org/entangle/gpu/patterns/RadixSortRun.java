package org.entangle.gpu.patterns;

import org.entangle.cuda.patterns.RadixSortSource;
import org.entangle.cuda.patterns.RadixSortSource.Geometry;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.LoadedKernel;

/**
 * The device buffers of one radix sort of n keys (and values) and its passes (see {@link RadixSortSource}): the
 * input stays untouched, passes alternate between two buffers, passes whose digit is constant are skipped (the
 * histogram kernel reports which bits vary), and when every pass is skipped the input is copied. Closing frees
 * every buffer.
 */
final class RadixSortRun implements AutoCloseable {

    /** The kernels of one configuration and their launch shape. */
    record Kernels(LoadedKernel histogram, LoadedKernel binScan, LoadedKernel onesweep, Geometry geometry, int histogramBlocks) {
    }

    final DeviceBuffer keysIn;
    final DeviceBuffer valuesIn;
    private final DeviceBuffer[] keys = new DeviceBuffer[2];
    private final DeviceBuffer[] values = new DeviceBuffer[2];
    private final DeviceBuffer histograms;
    private final DeviceBuffer binStarts;
    private final DeviceBuffer status;
    private final DeviceBuffer counters;
    private final DeviceBuffer bits;
    private final Kernels kernels;
    private final long n;
    private DeviceBuffer resultKeys;
    private DeviceBuffer resultValues;
    private int passesRun;

    /** Device bytes for n keys (with values when {@code pairs}). */
    static long bytes(long n, boolean pairs, Geometry geometry) {
        return (pairs ? 6 : 3) * 4 * n + statusBytes(n, geometry) + 8L * RadixSortSource.PASSES * RadixSortSource.RADIX + 64;
    }

    private static long statusBytes(long n, Geometry geometry) {
        return 4L * RadixSortSource.PASSES * RadixSortSource.RADIX * geometry.tiles(n);
    }

    RadixSortRun(Gpu gpu, long n, boolean pairs, Kernels kernels) {
        this.n = n;
        this.kernels = kernels;
        int cells = RadixSortSource.PASSES * RadixSortSource.RADIX;
        try {
            keysIn = gpu.allocate(4 * n, "the keys");
            valuesIn = pairs ? gpu.allocate(4 * n, "the values") : null;
            for (int i = 0; i < 2; i++) {
                keys[i] = gpu.allocate(4 * n, "the sorted keys");
                values[i] = pairs ? gpu.allocate(4 * n, "the sorted values") : null;
            }
            histograms = gpu.allocate(4L * cells, "the digit histograms");
            binStarts = gpu.allocate(4L * cells, "the digit starts");
            status = gpu.allocate(statusBytes(n, kernels.geometry()), "the tile status");
            counters = gpu.allocate(4L * RadixSortSource.PASSES, "the tile counters");
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
            Geometry g = kernels.geometry();
            histograms.fill(0);
            bits.fill(0);
            status.fill(0);
            counters.fill(0);
            kernels.histogram().launch(kernels.histogramBlocks(), RadixSortSource.HISTOGRAM_THREADS, keysIn, histograms, n, bits);
            kernels.binScan().launch(RadixSortSource.PASSES, g.threads(), histograms, binStarts);
            int[] seen = SortMergeIo.downloadInts(bits, 2);
            int varying = seen[0] & seen[1];
            for (int pass = 0; pass < RadixSortSource.PASSES; pass++) {
                long shift = (long) RadixSortSource.DIGIT_BITS * pass;
                if ((varying >>> shift & (RadixSortSource.RADIX - 1)) == 0) continue;
                int target = passesRun % 2;
                if (srcValues == null) {
                    kernels.onesweep().launch(g.tiles(n), g.threads(), srcKeys, keys[target], binStarts, status, counters, n, shift);
                } else {
                    kernels.onesweep().launch(g.tiles(n), g.threads(), srcKeys, keys[target], srcValues, values[target], binStarts, status,
                            counters, n, shift);
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
        for (DeviceBuffer b : new DeviceBuffer[] {keysIn, valuesIn, keys[0], keys[1], values[0], values[1], histograms, binStarts, status,
                counters, bits}) {
            if (b != null) b.close();
        }
    }
}
