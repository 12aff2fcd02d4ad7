package org.entangle.lang;

/**
 * The value one angel took in one execution: the site, the values of its enclosing loop variables (which with
 * the site name the angel) and the value (0/1 for {@code !!}, an integer for {@code !!(a .. b)}).
 */
public record AngelChoice(AngelSite site, int[] loopValues, int value) {

    /** The angel's name, e.g. {@code !!@6:9[step=3,r=7]}. */
    public String name() {
        return site.angelName(loopValues);
    }

    /** The value as written in a trace: {@code true}/{@code false} for {@code !!}, else the integer. */
    public String valueText() {
        return site.bool() ? (value == 1 ? "true" : "false") : Integer.toString(value);
    }
}
