package org.entangle.banks;

/**
 * How the ops of a step are given to the lanes (threads) of a block.
 * <ul>
 *   <li>{@link #COMPACT}: the k-th op of the step runs on lane k — what a generated block kernel does, and what
 *       the GPU Gems 3 scan does (so its strided accesses conflict).</li>
 *   <li>{@link #BY_DESTINATION}: the op writing wire w runs on lane w — a {@code parallel i} program whose
 *       lane i writes x[i].</li>
 * </ul>
 */
public enum LaneMapping {
    COMPACT,
    BY_DESTINATION
}
