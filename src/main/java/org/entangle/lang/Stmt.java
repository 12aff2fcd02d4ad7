package org.entangle.lang;

import java.util.List;
import org.entangle.network.ScanSpec;

/** Statements of the angelic-program language (the grammar in resources/docs/language.md). */
public sealed interface Stmt {

    /** The token that locates this statement in error messages. */
    Token at();

    /**
     * {@code name = value}, {@code name += value}, or with {@code index}, {@code x[index] = value}.
     *
     * @param slot  the scalar's slot (−1 for {@code x[...]})
     * @param index null for a scalar
     */
    record Assign(Token at, int slot, Expr index, Token operator, Expr value) implements Stmt {
        public boolean adds() {
            return operator.type() == TokenType.PLUS_EQUAL;
        }
    }

    /** {@code if (condition) { ... } else { ... }}; {@code otherwise} is empty when there is no else. */
    record If(Token at, Expr condition, List<Stmt> then, List<Stmt> otherwise) implements Stmt {
    }

    /** {@code for v in lo .. hi { ... }}, sequential; {@code endSlot} holds the evaluated bound. */
    record For(Token at, Token variable, int slot, int endSlot, Expr lo, Expr hi, List<Stmt> body) implements Stmt {
    }

    /** {@code parallel v in lo .. hi { ... }}: SIMD lanes, one step of the network. */
    record Parallel(Token at, Token variable, int slot, Expr lo, Expr hi, List<Stmt> body) implements Stmt {
    }

    /** {@code assert condition}: a safe trace never violates it. */
    record Assert(Token at, Expr condition) implements Stmt {
    }

    /** {@code assert scan(x, ...)} or {@code assert reduce(x, ...)}: x holds the result {@code spec} requires. */
    record AssertResult(Token at, ScanSpec spec) implements Stmt {
    }

    /** {@code assume condition}: prunes the executions where it is false without counting them as failures. */
    record Assume(Token at, Expr condition) implements Stmt {
    }
}
