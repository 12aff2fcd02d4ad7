package org.entangle.lang;

import java.util.List;

/**
 * A place in the source where an angel is asked ({@code !!} or {@code !!(a .. b)}). Every dynamic evaluation
 * is its own angel, named by this site and the values of the enclosing loop variables (the talk's angel naming):
 * {@code !!@6:9[step=3,r=7]}.
 *
 * @param at        the {@code !!} token
 * @param loopNames the enclosing loop variables, outermost first
 * @param loopSlots their variable slots
 * @param bool      whether the angel is boolean ({@code !!}) rather than integer ({@code !!(a .. b)})
 */
public record AngelSite(Token at, List<String> loopNames, int[] loopSlots, boolean bool) {

    /** The angel's name for the given loop-variable values (in the order of {@link #loopNames()}). */
    public String angelName(int[] loopValues) {
        StringBuilder sb = new StringBuilder("!!@").append(at.position());
        if (loopValues.length > 0) {
            sb.append('[');
            for (int i = 0; i < loopValues.length; i++) {
                if (i > 0) sb.append(',');
                sb.append(loopNames.get(i)).append('=').append(loopValues[i]);
            }
            sb.append(']');
        }
        return sb.toString();
    }
}
