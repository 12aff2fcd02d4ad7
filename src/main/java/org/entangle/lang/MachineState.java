package org.entangle.lang;

import java.util.Arrays;
import org.entangle.network.check.SymbolicValue;

/**
 * The whole interpreter state at an instruction boundary: program counter, scalar slots, the symbolic contents
 * of x, and (only when the program reads {@code fanout(x)} or {@code stepfanout(x)}) how many ops read each wire's
 * current value and the fan-out within the last step. Two
 * executions that reach equal states have the same futures, which is what memoised counting relies on.
 * Immutable: its arrays are never modified after construction.
 */
public final class MachineState {

    /** The value of a slot that holds nothing (a name not yet assigned, a loop variable outside its loop). */
    public static final int UNDEFINED = Integer.MIN_VALUE;

    final int pc;
    final int[] slots;
    final SymbolicValue[] x;
    final int[] reads;
    final int maxFanout;
    final int stepFanout;
    /**
     * How many top-level instructions the execution ran to reach this state, checked against the step limit
     * ({@link RunLimits#maxSteps()}); not part of the state's identity, so memoised counting still shares states.
     */
    final long executed;
    /** The hash, computed on first use (a single run never hashes its states); 0 until then. */
    private int hash;

    MachineState(int pc, int[] slots, SymbolicValue[] x, int[] reads, int maxFanout, int stepFanout, long executed) {
        this.executed = executed;
        this.pc = pc;
        this.slots = slots;
        this.x = x;
        this.reads = reads;
        this.maxFanout = maxFanout;
        this.stepFanout = stepFanout;
    }

    private int computeHash() {
        long h = pc * 0x9E3779B97F4A7C15L + Arrays.hashCode(slots);
        if (x != null) {
            for (SymbolicValue v : x) h = (h ^ hash(v)) * 0xBF58476D1CE4E5B9L;
        }
        h = (h ^ Arrays.hashCode(reads) ^ maxFanout ^ (stepFanout << 8)) * 0x94D049BB133111EBL;
        int folded = (int) (h ^ (h >>> 31));
        return folded == 0 ? 1 : folded;
    }

    /** The hash of a symbolic value, computed directly for ranges (the common case). */
    static int hash(SymbolicValue v) {
        return v instanceof SymbolicValue.Range r ? r.lo() * 1_000_003 + r.hi() : v.hashCode();
    }

    /** The number of elements of x (N), or 0 before x exists. */
    public int width() {
        return x == null ? 0 : x.length;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        if (!(o instanceof MachineState s)) return false;
        return hashCode() == s.hashCode() && pc == s.pc && maxFanout == s.maxFanout && stepFanout == s.stepFanout && Arrays.equals(slots, s.slots)
                && Arrays.equals(x, s.x) && Arrays.equals(reads, s.reads);
    }

    @Override
    public int hashCode() {
        if (hash == 0) hash = computeHash();
        return hash;
    }
}
