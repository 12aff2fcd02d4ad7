package org.entangle.app.entangle;

import org.entangle.entanglement.PairwiseEntanglement;
import org.entangle.entanglement.Partition;
import org.entangle.entanglement.TraceSet;

/**
 * What one entanglement run found: the raw trace set (the networks' choices) and its finest partition, the
 * functional view (the ranges each network computes) and its finest partition, and the pairwise graph of the raw
 * traces (GUIDE §4).
 */
public record EntanglementResult(TraceSet raw, Partition rawPartition, TraceSet functional, Partition functionalPartition,
                                 PairwiseEntanglement pairwise) {
}
