package org.entangle.lang;

/**
 * The flat form of a program's top level (so that a state is just a program counter plus data): sequential
 * loops and ifs become jumps, and each remaining statement, including a whole {@code parallel} block, is one
 * atomic instruction.
 */
sealed interface Instruction {

    /** An assignment or assertion, executed atomically. */
    record Simple(Stmt stmt) implements Instruction {
    }

    /** Evaluates the condition; falls through when true, else jumps to {@code elseTarget}. */
    record Branch(Stmt.If stmt, int elseTarget) implements Instruction {
    }

    /** An unconditional jump. */
    record Jump(int target) implements Instruction {
    }

    /** Evaluates the bounds; enters the body or jumps to {@code exit}. */
    record LoopStart(Stmt.For loop, int exit) implements Instruction {
    }

    /** Advances the loop variable; jumps back to {@code bodyStart} or leaves the loop. */
    record LoopNext(Stmt.For loop, int bodyStart) implements Instruction {
    }

    /** A whole parallel block: one step. */
    record Block(Stmt.Parallel parallel) implements Instruction {
    }
}
