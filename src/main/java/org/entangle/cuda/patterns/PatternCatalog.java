package org.entangle.cuda.patterns;

import java.util.List;
import java.util.Optional;

/**
 * Every GPU parallel pattern's CUDA emitter, by command-line name.
 * One line per pattern.
 */
public final class PatternCatalog {

    private PatternCatalog() {
    }

    /** The emitters, in the order the CLI lists them. */
    public static List<PatternSource> all() {
        return List.of(
                new ReduceSource(),
                new CompactSource(),
                new HistogramSource(),
                new RadixSortSource(),
                new MergeSource(),
                new SegmentedScanSource());
    }

    /** The emitter named {@code name}. */
    public static Optional<PatternSource> find(String name) {
        return all().stream().filter(p -> p.name().equals(name)).findFirst();
    }
}
