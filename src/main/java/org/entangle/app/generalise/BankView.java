package org.entangle.app.generalise;

import org.entangle.banks.BankReport;
import org.entangle.network.Network;

/**
 * The bank-conflict heat-map's data: the network analysed, its conflicts as written, and with the best index
 * remap found ({@code org.entangle.banks.RemapSearch}).
 */
public record BankView(Network network, BankReport original, BankReport best) {

    /** One line: extra cycles, worst degree, and the remap that removes them. */
    public String summary() {
        String base = network.name() + ": " + original.extraCycles() + " extra cycles over " + original.warpAccesses()
                + " warp accesses, worst conflict degree " + original.maxDegree();
        if (original.conflictFree()) return base + " — conflict-free as written.";
        return base + "; best remap " + best.remap().toC("i") + " leaves " + best.extraCycles() + " extra cycles (degree "
                + best.maxDegree() + ").";
    }
}
