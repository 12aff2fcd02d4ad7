package org.entangle.entanglement;

import java.util.ArrayList;
import java.util.List;

/**
 * One angel of a trace set (angelic programming: each dynamic evaluation of an angel is one angel): its name and the
 * finite list of values it may take, as tokens. A value is stored as its <em>code</em>, the index of its token in
 * {@link #tokens()}. The token {@link #BOTTOM} stands for "this angel did not execute in the trace" (⊥).
 *
 * @param name   the angel's name (a column header, or the oracle's site-and-loop-indices name)
 * @param tokens the distinct value tokens, in code order
 */
public record AngelDomain(String name, List<String> tokens) {

    /** The token of the "did not execute" value ⊥. */
    public static final String BOTTOM = "⊥";

    public AngelDomain {
        tokens = List.copyOf(tokens);
        if (tokens.isEmpty()) {
            throw new IllegalArgumentException("angel " + name + " has an empty domain");
        }
        if (tokens.stream().distinct().count() != tokens.size()) {
            throw new IllegalArgumentException("angel " + name + " has a repeated token in " + tokens);
        }
    }

    /**
     * The domain of an integer angel {@code !!(lo .. hi)} (a boolean angel is {@code 0 .. 1}): code 0 is ⊥ and
     * code {@code v − lo + 1} is the integer {@code v}; see {@link #codeOfInteger(int)}.
     */
    public static AngelDomain ofIntegers(String name, int lo, int hi) {
        if (hi < lo) {
            throw new IllegalArgumentException("angel " + name + ": empty range " + lo + ".." + hi);
        }
        List<String> tokens = new ArrayList<>(hi - lo + 2);
        tokens.add(BOTTOM);
        for (int v = lo; v <= hi; v++) tokens.add(Integer.toString(v));
        return new AngelDomain(name, tokens);
    }

    /** The number of values. */
    public int size() {
        return tokens.size();
    }

    /** The token of a code. */
    public String token(int code) {
        return tokens.get(code);
    }

    /** The code of a token, or −1 when the token is not in the domain. */
    public int code(String token) {
        return tokens.indexOf(token);
    }

    /** The code of integer {@code value} in a domain made by {@link #ofIntegers}. */
    public int codeOfInteger(int value) {
        int lo = Integer.parseInt(tokens.get(1));
        return value - lo + 1;
    }
}
