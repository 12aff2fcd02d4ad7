package org.entangle.network.metrics;

/**
 * One value of a network's dataflow graph: an input, the identity, or the result of a combining op. Each is a
 * distinct object, so that "how many ops read this value" (fan-out) is well defined even when values are
 * equal.
 *
 * @param id       0..n−1 for inputs, then numbered in execution order
 * @param depth    the longest path of combining ops that leads to it
 * @param identity whether this is the operator's identity
 */
public record DataflowNode(int id, int depth, boolean identity) {
}
