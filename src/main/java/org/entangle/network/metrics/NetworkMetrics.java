package org.entangle.network.metrics;

import java.util.List;

/**
 * The measures of a prefix network (size, depth, steps, fan-out, Snir's deficiency, work efficiency), each with its
 * stated definition.
 *
 * @param width            n, the number of wires
 * @param size             number of combining ops (combine and swap-combine; identity and copy ops are moves)
 * @param depth            longest path of combining ops from an input to any value (the ASAP schedule length)
 * @param steps            number of steps of the given schedule, empty ones included
 * @param maxFanout        the largest number of combining ops that read one value (inputs included; the identity excluded)
 * @param opsPerStep       combining ops in each step of the given schedule
 * @param moves            identity and copy ops
 * @param identityCombines combining ops one of whose operands is the identity (Blelloch has log2 n of them)
 * @param deficiency       size + depth − (2n − 2), Snir's bound; 0 means depth-size optimal
 * @param workEfficiency   size / (n − 1); NaN when n = 1
 */
public record NetworkMetrics(int width, int size, int depth, int steps, int maxFanout, List<Integer> opsPerStep,
                             int moves, int identityCombines, int deficiency, double workEfficiency) {

    /** Average number of combining ops per non-empty step: the SIMD lane utilisation. */
    public double meanOpsPerBusyStep() {
        int busy = 0;
        int total = 0;
        for (int c : opsPerStep) {
            if (c > 0) {
                busy++;
                total += c;
            }
        }
        return busy == 0 ? 0 : (double) total / busy;
    }
}
