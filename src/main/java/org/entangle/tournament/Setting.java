package org.entangle.tournament;

import java.util.List;

/**
 * One setting a tournament timed its candidates in: the block scan (a tile scanned many times per launch, as CUB
 * benchmarks {@code BlockScan}), a pattern's scan, or the device-wide scan with the candidate as tile network.
 *
 * @param name     {@code block}, {@code pattern:NAME} or {@code device-wide}
 * @param width    the network width (threads that scan one tile)
 * @param elements elements per launch
 * @param unit     the unit of the times (such as {@code ns per block scan} or {@code ms})
 * @param note     what the figures mean here (such as memory bandwidth hiding differences), or null
 * @param entries  every contender, failed ones included
 */
public record Setting(String name, int width, long elements, String unit, String note, List<Entry> entries) {

    public Setting {
        entries = entries == null ? List.of() : List.copyOf(entries);
    }

    /** A title such as {@code block, width 256, 1048576 elements}. */
    public String title() {
        return name + ", width " + width + ", " + elements + " elements (" + unit + ")";
    }
}
