package org.entangle.gpu.patterns;

import java.util.List;
import java.util.Optional;

/** Every GPU parallel pattern that runs on a device, by command-line name. One line per pattern. */
public final class GpuPatternCatalog {

    private GpuPatternCatalog() {
    }

    /** The patterns, in the order the CLI lists them. */
    public static List<GpuPattern> all() {
        return List.of(
                new ReducePattern(),
                new CompactPattern(),
                new HistogramPattern(),
                new RadixSortPattern(),
                new MergePattern(),
                new SegmentedScanPattern());
    }

    /** The pattern named {@code name}. */
    public static Optional<GpuPattern> find(String name) {
        return all().stream().filter(p -> p.source().name().equals(name)).findFirst();
    }
}
