package org.entangle.generalize.synth;

/**
 * An expression that fills a sketch hole: a variable, a constant, or a binary operator over two terms
 * (integer operators, comparisons, {@code &&}, {@code ||}). Its size counts leaves and operators.
 *
 * @param operator the operator text, or null for a leaf
 * @param leaf     the variable name or constant text of a leaf
 */
public record Term(String operator, String leaf, Term left, Term right, int size) {

    /** A variable or constant leaf. */
    public static Term leaf(String text) {
        return new Term(null, text, null, null, 1);
    }

    /** {@code left operator right}. */
    public static Term of(String operator, Term left, Term right) {
        return new Term(operator, null, left, right, left.size + right.size + 1);
    }

    /** Source text in the language, operands of an operator parenthesised unless they are leaves. */
    @Override
    public String toString() {
        if (operator == null) return leaf;
        return operand(left) + " " + operator + " " + operand(right);
    }

    private static String operand(Term t) {
        return t.operator == null ? t.leaf : "(" + t + ")";
    }
}
