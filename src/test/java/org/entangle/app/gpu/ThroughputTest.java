package org.entangle.app.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.entangle.gpu.ScanBench;
import org.junit.jupiter.api.Test;

/** The benchmark chart's data: GB/s counts read plus write; the sizes are whole tiles from 2^16 to about 2^28. */
class ThroughputTest {

    @Test
    void bandwidthCountsReadAndWrite() {
        ScanBench.Row row = new ScanBench.Row(1L << 20, 0.5, 0.25, 1.0, 4);
        Throughput t = Throughput.of(List.of(row)).get(0);
        assertEquals(row.gigabytesPerSecond(), t.ours(), 1e-12);
        assertEquals(2.0 * (1 << 20) * 4 / 0.25e6, t.memcpy(), 1e-9);
        assertEquals(t.ours() / 2, t.cub(), 1e-9);
        assertTrue(Double.isNaN(Throughput.of(List.of(new ScanBench.Row(64, 1, 1, Double.NaN, 4))).get(0).cub()));
    }

    @Test
    void sizesAreWholeTiles() {
        List<Long> sizes = Throughput.sizes(3 * 512);
        assertEquals(7, sizes.size());
        for (int i = 0; i < sizes.size(); i++) {
            long n = sizes.get(i);
            assertEquals(0, n % (3 * 512));
            assertTrue(n >= 1L << (16 + 2 * i) && n < (1L << (16 + 2 * i)) + 3 * 512);
        }
    }
}
