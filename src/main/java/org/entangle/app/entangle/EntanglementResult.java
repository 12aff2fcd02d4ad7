package org.entangle.app.entangle;

import org.entangle.entanglement.PairwiseEntanglement;
import org.entangle.entanglement.Partition;
import org.entangle.entanglement.TraceSet;
import org.entangle.entanglement.program.ProgramTraceSets;

/**
 * What one entanglement run found: the oracle's traces of the program as a raw trace set (each angel's choices) and
 * its finest partition, the functional view (the ranges each trace's network computes) and its finest partition,
 * and the pairwise graph of the raw traces. A trace set without networks (a CSV file's) has no functional view: its
 * functional set and partition are null.
 */
public record EntanglementResult(ProgramTraceSets.Collected traces, Partition rawPartition, TraceSet functional,
                                 Partition functionalPartition, PairwiseEntanglement pairwise) {

    /** The raw trace set: one angel per dynamic angel name of the program. */
    public TraceSet raw() {
        return traces.set();
    }
}
