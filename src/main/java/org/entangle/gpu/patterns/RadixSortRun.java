package org.entangle.gpu.patterns;

import org.entangle.cuda.patterns.RadixSortSource;
import org.entangle.cuda.patterns.RadixSortSource.Geometry;
import org.entangle.gpu.DeviceBuffer;
import org.entangle.gpu.Gpu;
import org.entangle.gpu.LoadedKernel;

/**
 * The device buffers of one radix sort of n keys (and values) and its launches (see {@link RadixSortSource}): the
 * input stays untouched, the passes write two buffers in turn, and the scratch (histograms, varying bits, tile
 * counters, tile status) is zeroed by one memset. A sort is one memset and six launches with no host round trip: the
 * kernels skip the passes whose digit is constant (and copy the input when every pass is skipped), so where the result
 * lies is read back from the varying bits only when it is asked for. Closing frees every buffer.
 */
final class RadixSortRun implements AutoCloseable {

    /** The kernels of one configuration and their launch shape (the onesweep's dynamic shared memory: its ranking's). */
    record Kernels(LoadedKernel histogram, LoadedKernel binScan, LoadedKernel onesweep, Geometry geometry, long onesweepSharedBytes,
            int histogramBlocks) {
    }

    final DeviceBuffer keysIn;
    final DeviceBuffer valuesIn;
    private final DeviceBuffer[] keys = new DeviceBuffer[2];
    private final DeviceBuffer[] values = new DeviceBuffer[2];
    private final DeviceBuffer scratch;
    private final DeviceBuffer binStarts;
    private final Kernels kernels;
    private final long n;
    private int varying;
    private boolean varyingKnown;

    /** Device bytes for n keys (with values when {@code pairs}). */
    static long bytes(long n, boolean pairs, Geometry geometry) {
        return (pairs ? 6 : 3) * 4 * n + geometry.scratchBytes(n) + 4L * RadixSortSource.PASSES * RadixSortSource.RADIX + 64;
    }

    RadixSortRun(Gpu gpu, long n, boolean pairs, Kernels kernels) {
        this.n = n;
        this.kernels = kernels;
        try {
            keysIn = gpu.allocate(4 * n, "the keys");
            valuesIn = pairs ? gpu.allocate(4 * n, "the values") : null;
            for (int i = 0; i < 2; i++) {
                keys[i] = gpu.allocate(4 * n, "the sorted keys");
                values[i] = pairs ? gpu.allocate(4 * n, "the sorted values") : null;
            }
            scratch = gpu.allocate(kernels.geometry().scratchBytes(n), "the digit histograms and tile status");
            binStarts = gpu.allocate(4L * RadixSortSource.PASSES * RadixSortSource.RADIX, "the digit starts");
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

    /** Enqueues the sort (one memset, six launches); {@link #resultKeys()} and {@link #resultValues()} then hold the result. */
    void run() {
        varyingKnown = false;
        if (n == 0) return;
        Geometry g = kernels.geometry();
        scratch.fill(0);
        kernels.histogram().launch(kernels.histogramBlocks(), RadixSortSource.HISTOGRAM_THREADS, keysIn, scratch, n);
        kernels.binScan().launch(RadixSortSource.PASSES, g.threads(), scratch, binStarts);
        for (int pass = 0; pass < RadixSortSource.PASSES; pass++) {
            long shift = (long) RadixSortSource.DIGIT_BITS * pass;
            Object[] arguments = valuesIn == null
                    ? new Object[] {keysIn, keys[0], keys[1], binStarts, scratch, n, shift}
                    : new Object[] {keysIn, keys[0], keys[1], valuesIn, values[0], values[1], binStarts, scratch, n, shift};
            kernels.onesweep().launch(g.tiles(n), g.threads(), kernels.onesweepSharedBytes(), arguments);
        }
    }

    /** The histogram's varying bits of the last run (read from the device once, after the sort). */
    private int varying() {
        if (n == 0) return 0;
        if (!varyingKnown) {
            int[] header = SortMergeIo.downloadInts(scratch, RadixSortSource.BITS_AT + 2);
            varying = header[RadixSortSource.BITS_AT] & header[RadixSortSource.BITS_AT + 1];
            varyingKnown = true;
        }
        return varying;
    }

    DeviceBuffer resultKeys() {
        return keys[RadixSortSource.resultInFirst(varying()) ? 0 : 1];
    }

    DeviceBuffer resultValues() {
        return values[RadixSortSource.resultInFirst(varying()) ? 0 : 1];
    }

    /** Passes the last run sorted on (the others had a constant digit). */
    int passesRun() {
        return RadixSortSource.passesRun(varying());
    }

    /** A buffer of at least 4n bytes other than the input, for memcpy timing of the keys. */
    DeviceBuffer spareKeys() {
        return keys[1];
    }

    /** A buffer of at least 4n bytes other than the values, for memcpy timing of the values (null without values). */
    DeviceBuffer spareValues() {
        return values[1];
    }

    @Override
    public void close() {
        for (DeviceBuffer b : new DeviceBuffer[] {keysIn, valuesIn, keys[0], keys[1], values[0], values[1], scratch, binStarts}) {
            if (b != null) b.close();
        }
    }
}
