package org.entangle.network.check;

import java.util.List;
import org.entangle.network.MemoryModel;
import org.entangle.network.Op;
import org.entangle.network.ScanSpec;

/**
 * The verdict of {@link RangeChecker}: whether the network computes its spec for every operator of the
 * algebra, the symbolic value each wire ends with, and, when wrong, where it goes wrong.
 *
 * @param correct whether every output holds its required value
 * @param spec    what was checked
 * @param model   the memory model the network ran in
 * @param outputs the symbolic value of every wire at the end
 * @param failure the first problem, or null when correct
 */
public record CheckResult(boolean correct, ScanSpec spec, MemoryModel model, List<SymbolicValue> outputs, Failure failure) {

    /**
     * Where a wrong network goes wrong.
     *
     * @param step     0-based step of the op whose result is dead, or −1 when the problem is only an output
     * @param opIndex  0-based op index within that step, or −1
     * @param op       that op, or null
     * @param wire     the first output wire with a wrong value
     * @param actual   what that wire ends with
     * @param expected what it should end with
     * @param message  one sentence that says all of this
     */
    public record Failure(int step, int opIndex, Op op, int wire, String actual, String expected, String message) {
    }
}
