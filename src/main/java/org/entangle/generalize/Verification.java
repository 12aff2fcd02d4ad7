package org.entangle.generalize;

import java.util.List;
import java.util.Optional;
import org.entangle.network.Network;
import org.entangle.network.check.CheckResult;

/**
 * The result of verifying a parametric algorithm (a program with parameter N) for many N.
 *
 * @param rows        one row per N tried, in increasing N, up to and including the first failure
 * @param firstFailure the first N whose network is wrong, or empty when every N passed
 * @param sizeForm    a closed form of size(N) over the powers of 2, 3 or 4 tried, when one fits exactly
 * @param depthForm   a closed form of depth(N), when one fits
 * @param stepsForm   a closed form of steps(N), when one fits
 */
public record Verification(List<Row> rows, Optional<Failure> firstFailure, Optional<ClosedForm> sizeForm,
                           Optional<ClosedForm> depthForm, Optional<ClosedForm> stepsForm) {

    /** Measures at one N; {@code steps} counts non-empty steps. */
    public record Row(int n, boolean correct, int size, int depth, int steps) {
    }

    /**
     * The first N that fails, with its network and the checker's explanation (or the error that stopped the
     * program from producing a network).
     */
    public record Failure(int n, Network network, CheckResult check, String message) {
    }

    public boolean passed() {
        return firstFailure.isEmpty();
    }

    /** The largest N verified without failure before the first failure (or the last N when all passed). */
    public int verifiedUpTo() {
        int last = 0;
        for (Row r : rows) {
            if (!r.correct()) break;
            last = r.n();
        }
        return last;
    }
}
