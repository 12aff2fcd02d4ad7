package org.entangle.banks;

import java.util.function.IntUnaryOperator;
import org.entangle.lang.Program;

/**
 * The shared-memory layout a code generator should use for a program's array: the bank-conflict-minimising
 * index remap of {@link ProgramBanks#search} (a remapping of array indices removes them).
 *
 * <p>For CUDA: allocate {@link IndexRemap#footprint(int) remap.footprint(n)} elements of shared memory and
 * access element i at {@code s[SLOT(i)]} with {@code #define SLOT(i) (} {@link IndexRemap#toC(String)
 * remap.toC("(i)")} {@code )}, after {@link IndexRemap#cDefinition remap.cDefinition(n)} where that is not null
 * (the level swizzle's device function, or a table remap's {@code BANK_SLOT} array); loads and stores to global
 * memory keep index i. {@link #slotFunction} is the same
 * map for Java callers. The remap is injective on 0..n−1 (checked), so the kernel computes what the program does.
 */
public final class SharedMemoryLayout {

    private SharedMemoryLayout() {
    }

    /**
     * The remap for {@code program} at {@code n}: among the identity, padding, XOR swizzles, the level swizzle and
     * (when all of these leave conflicts) a coloured table, the one with the fewest bank conflicts for the given
     * lane assignment (then the smallest footprint). Throws
     * {@link IllegalArgumentException} when the program cannot be traced at n (angels, holes, no N).
     */
    public static IndexRemap remap(Program program, int n, BankModel model, ProgramLanes lanes) {
        return ProgramBanks.search(ProgramAccesses.at(program, n), n, model, lanes).best().remap();
    }

    /** index → slot, for indices 0..n−1 of the array the remap was chosen for. */
    public static IntUnaryOperator slotFunction(IndexRemap remap) {
        return i -> Math.toIntExact(remap.map(i));
    }
}
