package org.entangle.app.gallery;

import java.util.function.ToIntFunction;
import org.entangle.network.metrics.NetworkMetrics;

/** The metrics the gallery sorts and filters by (definitions in {@link NetworkMetrics}). */
public enum GalleryMetric {
    SIZE("size", "number of combining ops", NetworkMetrics::size),
    DEPTH("depth", "longest chain of combining ops from an input to an output", NetworkMetrics::depth),
    FANOUT("fan-out", "largest number of combining ops that read one value", NetworkMetrics::maxFanout),
    DEFICIENCY("deficiency", "size + depth − (2n − 2), Snir's bound", NetworkMetrics::deficiency);

    private final String label;
    private final String definition;
    private final ToIntFunction<NetworkMetrics> value;

    GalleryMetric(String label, String definition, ToIntFunction<NetworkMetrics> value) {
        this.label = label;
        this.definition = definition;
        this.value = value;
    }

    public int of(NetworkMetrics metrics) {
        return value.applyAsInt(metrics);
    }

    public String definition() {
        return definition;
    }

    @Override
    public String toString() {
        return label;
    }
}
