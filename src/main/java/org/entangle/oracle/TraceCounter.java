package org.entangle.oracle;
import org.entangle.work.Progress;
import org.entangle.work.ProgressListener;
import org.entangle.work.CancellationToken;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import org.entangle.lang.Machine;
import org.entangle.lang.MachineState;

/**
 * Counts the safe traces of a program exactly without enumerating them: the number of safe traces from a state
 * is the sum over its transitions of the number from the next state, memoised on the whole interpreter state
 * (program point, scalars, symbolic x) at parallel-block boundaries (jumps and loop ends are folded into the
 * transitions; the few instructions between blocks are re-run). Different transitions differ in some angel's
 * value, so their traces are distinct and the sum counts each trace once. Within a parallel block the machine
 * runs lanes one by one from the pre-block state, each lane's outcomes memoised on what it read, and sums over
 * their combinations. When the program has an accumulator (the talk's {@code ops}), counting goes through
 * {@link AccumulatorCounter}, which memoises on the state without it; it falls back to this exact count if a
 * count overflows a long. The memo is kept: {@link TraceSampler} and {@link TraceEnumerator} walk it.
 */
public final class TraceCounter {

    private final Machine machine;
    private final Map<MachineState, BigInteger> memo = new HashMap<>();
    private final CancellationToken cancel;
    private final ProgressListener listener;
    private AccumulatorCounter accumulated;
    private final long start = System.nanoTime();
    private long lastReport = start;

    public TraceCounter(Machine machine, CancellationToken cancel) {
        this(machine, cancel, ProgressListener.NONE);
    }

    /** A counter that reports the states explored to {@code listener} while it counts. */
    public TraceCounter(Machine machine, CancellationToken cancel, ProgressListener listener) {
        this.machine = machine;
        this.cancel = cancel;
        this.listener = listener;
        this.accumulated = machine.accumulator() >= 0 ? new AccumulatorCounter(machine, cancel, this::report) : null;
    }

    /** The number of safe traces of the whole program. */
    public BigInteger countAll() {
        return count(machine.initial());
    }

    /** The number of safe continuations from {@code state} (memoised at parallel blocks). */
    public BigInteger count(MachineState state) {
        if (accumulated != null) {
            try {
                return BigInteger.valueOf(accumulated.count(state));
            } catch (ArithmeticException tooLargeOrNotMonotone) {
                accumulated = null;
            }
        }
        return exact(state);
    }

    private BigInteger exact(MachineState state) {
        if (machine.isFinal(state)) return BigInteger.ONE;
        boolean block = machine.atBlock(state);
        if (block) {
            BigInteger known = memo.get(state);
            if (known != null) {
                cancel.throwIfCancelledSometimes();
                return known;
            }
            cancel.throwIfCancelled();
        }
        BigInteger[] total = {BigInteger.ZERO};
        machine.successors(state, false, t -> total[0] = total[0].add(exact(t.next())));
        if (block) {
            memo.put(state, total[0]);
            if ((memo.size() & 4095) == 0) report();
        }
        return total[0];
    }

    private void report() {
        long now = System.nanoTime();
        if (now - lastReport < ProgressListener.INTERVAL_MILLIS * 1_000_000L) return;
        lastReport = now;
        listener.onProgress(new Progress(statesExplored(), 0, -1, 0, null, (now - start) / 1e9));
    }

    /** How many distinct block states were expanded (and memoised). */
    public long statesExplored() {
        return accumulated != null ? accumulated.statesExplored() : memo.size();
    }

    public Machine machine() {
        return machine;
    }
}
