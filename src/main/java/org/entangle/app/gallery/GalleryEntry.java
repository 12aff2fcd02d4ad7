package org.entangle.app.gallery;

import java.util.Locale;
import org.entangle.network.Network;
import org.entangle.network.metrics.NetworkMetrics;
import org.entangle.tournament.GpuTimes;

/**
 * One network in the gallery with its metrics, computed once.
 *
 * @param network the network
 * @param metrics its {@link NetworkMetrics}
 * @param pareto  whether no other entry is at least as good in both size and depth and better in one
 * @param gpu     its time in a loaded GPU tournament, or null
 */
public record GalleryEntry(Network network, NetworkMetrics metrics, boolean pareto, GpuTimes.Time gpu) {

    /** The badge text: size, depth, fan-out and deficiency, and the GPU time when a tournament timed it. */
    public String badges() {
        return "size " + metrics.size() + " · depth " + metrics.depth() + " · fan-out " + metrics.maxFanout()
                + " · def " + metrics.deficiency()
                + (gpu == null ? "" : String.format(Locale.ROOT, " · GPU %.4g %s", gpu.time(), gpu.unit()));
    }
}
