package org.entangle.lang;

import java.util.List;

/** Expressions of the angelic-program language (the grammar in resources/docs/language.md). */
public sealed interface Expr {

    /** The token that locates this expression in error messages. */
    Token at();

    /** An integer literal. */
    record Num(Token at, int value) implements Expr {
    }

    /** {@code true} or {@code false}. */
    record Bool(Token at, boolean value) implements Expr {
    }

    /** A scalar variable, resolved to its slot by the parser. */
    record Var(Token at, int slot) implements Expr {
    }

    /** An element {@code x[index]} of the symbolic input array. */
    record Element(Token at, Expr index) implements Expr {
    }

    /** {@code -e} or {@code !e}. */
    record Unary(Token at, Expr operand) implements Expr {
    }

    /**
     * A binary operator; {@code &&} and {@code ||} short-circuit.
     *
     * @param integral whether this is an arithmetic operator over integral operands (integer literals, variables,
     *                 integral operations), so its value is an int whatever the state: the interpreter computes it
     *                 without boxing. Derived from the other components.
     */
    record Binary(Expr left, Token at, Expr right, boolean integral) implements Expr {

        public Binary {
            if (integral != (arithmetic(at.type()) && integral(left) && integral(right))) {
                throw new IllegalArgumentException("integral is derived from the operator and the operands");
            }
        }

        public Binary(Expr left, Token at, Expr right) {
            this(left, at, right, arithmetic(at.type()) && integral(left) && integral(right));
        }

        /** Whether {@code e} always has an int value: a literal, a variable or an integral operation. */
        public static boolean integral(Expr e) {
            return e instanceof Num || e instanceof Var || e instanceof Binary b && b.integral();
        }

        /** Whether {@code t} is an arithmetic operator (+ − * / % << >>). */
        static boolean arithmetic(TokenType t) {
            return switch (t) {
                case PLUS, MINUS, STAR, SLASH, PERCENT, SHIFT_LEFT, SHIFT_RIGHT -> true;
                default -> false;
            };
        }
    }

    /** {@code !!}: an angelic boolean. */
    record AngelBool(Token at, AngelSite site) implements Expr {
    }

    /** {@code !!(lo .. hi)}: an angelic integer in [lo, hi]; an empty range has no safe continuation. */
    record AngelInt(Token at, AngelSite site, Expr lo, Expr hi) implements Expr {
    }

    /** A built-in function: {@code log2}, {@code range}, {@code identity}, {@code fanout}, {@code stepfanout}. */
    record Call(Token at, List<Expr> args) implements Expr {
    }

    /**
     * {@code ??}: a sketch hole (Solar-Lezama's SKETCH), to be filled by an expression of {@code grammar} over
     * the variables in scope at the hole, whose slots are {@code varSlots} (in the grammar's variable order).
     */
    record Hole(Token at, int id, HoleGrammar grammar, int[] varSlots) implements Expr {
    }
}
