package org.entangle.lang;

/**
 * The integer built-ins of the language (resources/docs/language.md, "Values and names"), shared by the
 * interpreter and by the analyses that evaluate a program's control without running it.
 */
public final class Builtins {

    private Builtins() {
    }

    /**
     * The floor of the base-{@code base} logarithm of {@code value}: the largest L with base^L ≤ value, so
     * {@code floorLog(2, e)} is {@code log2(e)}. Needs base ≥ 2 and value ≥ 1 (the callers report other arguments
     * at the call).
     */
    public static int floorLog(int base, int value) {
        if (base < 2 || value < 1) throw new IllegalArgumentException("log(" + base + ", " + value + ") is undefined");
        int levels = 0;
        for (long power = base; power <= value; power *= base) levels++;
        return levels;
    }
}
