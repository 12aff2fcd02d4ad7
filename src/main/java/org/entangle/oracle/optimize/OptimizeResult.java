package org.entangle.oracle.optimize;

import org.entangle.network.MemoryModel;
import org.entangle.network.Network;

/**
 * The outcome of one optimisation.
 *
 * @param width      n
 * @param model      the memory model searched
 * @param depth      the depth (circuit model: longest path) or step count (in-place) of the result
 * @param size       number of ops of the best network found, or −1 when none was found
 * @param lowerBound the largest size proven impossible, plus one (equals {@code size} when optimal)
 * @param optimal    true only when the search completed, so no smaller network exists
 * @param network    the best network found, or null
 * @param seconds    time spent
 * @param nodes      search nodes visited
 * @param note       why nothing exists or why the search stopped, or null
 */
public record OptimizeResult(int width, MemoryModel model, int depth, int size, int lowerBound, boolean optimal,
                             Network network, double seconds, long nodes, String note) {
}
