package org.entangle.app.gpu;

import java.util.ArrayList;
import java.util.List;
import org.entangle.gpu.ScanBench;

/**
 * The benchmark chart's data: read + write bandwidth in GB/s (2 · n · element bytes per run, as
 * {@link ScanBench.Row#gigabytesPerSecond()}) of our kernel, CUB's DeviceScan and a device memcpy, against n.
 *
 * @param n      elements
 * @param ours   our kernel's GB/s
 * @param cub    CUB's GB/s, NaN when CUB was not measured
 * @param memcpy memcpy's GB/s (the limit)
 */
public record Throughput(long n, double ours, double cub, double memcpy) {

    /** The bandwidth of each series at each size of {@code rows}. */
    public static List<Throughput> of(List<ScanBench.Row> rows) {
        List<Throughput> points = new ArrayList<>();
        for (ScanBench.Row r : rows) {
            double bytes = 2.0 * r.n() * r.bytesPerElement();
            points.add(new Throughput(r.n(), bytes / (r.kernelMs() * 1e6), bytes / (r.cubMs() * 1e6), bytes / (r.memcpyMs() * 1e6)));
        }
        return points;
    }

    /** The benchmark's sizes: 2^16, 2^18, …, 2^28 elements, each rounded up to a whole number of tiles. */
    public static List<Long> sizes(int tileItems) {
        List<Long> sizes = new ArrayList<>();
        for (int k = 16; k <= 28; k += 2) {
            long n = 1L << k;
            sizes.add((n + tileItems - 1) / tileItems * tileItems);
        }
        return sizes;
    }
}
