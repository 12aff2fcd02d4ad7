package org.entangle.gpu.patterns;

/**
 * One benchmark row of a pattern, timed in the same process and run as its library counterpart and a device
 * memcpy of the same bytes (CUDA events, warm-up, median).
 *
 * @param pattern      the pattern's name
 * @param config       what varied, for example {@code int32 add} or {@code 256 bins, uniform}
 * @param n            input elements
 * @param oursMs       our kernel(s), median milliseconds
 * @param libraryMs    the library's median milliseconds (NaN when it could not run)
 * @param library      what we compare with, for example {@code cub::DeviceReduce::Sum}
 * @param memcpyMs     device-to-device memcpy of {@code bytesMoved / 2} bytes, median milliseconds
 * @param bytesMoved   bytes the pattern must read plus write at least (for GB/s)
 */
public record PatternBenchRow(String pattern, String config, long n, double oursMs, double libraryMs, String library,
                              double memcpyMs, long bytesMoved) {

    /** Our throughput as a fraction of the library's (library time / our time; above 1 means faster). */
    public double throughputVsLibrary() {
        return libraryMs / oursMs;
    }

    /** Gigabytes per second moved by our kernels. */
    public double gigabytesPerSecond() {
        return bytesMoved / (oursMs * 1e6);
    }
}
