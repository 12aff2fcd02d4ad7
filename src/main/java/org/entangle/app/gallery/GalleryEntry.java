package org.entangle.app.gallery;

import org.entangle.network.Network;
import org.entangle.network.metrics.NetworkMetrics;

/**
 * One network in the gallery with its metrics, computed once.
 *
 * @param network the network
 * @param metrics its {@link NetworkMetrics}
 * @param pareto  whether no other entry is at least as good in both size and depth and better in one
 */
public record GalleryEntry(Network network, NetworkMetrics metrics, boolean pareto) {

    /** The badge text: size, depth, fan-out and deficiency. */
    public String badges() {
        return "size " + metrics.size() + " · depth " + metrics.depth() + " · fan-out " + metrics.maxFanout()
                + " · def " + metrics.deficiency();
    }
}
