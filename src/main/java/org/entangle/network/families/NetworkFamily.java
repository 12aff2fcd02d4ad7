package org.entangle.network.families;

import org.entangle.network.Network;

/**
 * A classic family of prefix networks, defined for every width n ≥ 1 (not only powers of two). Each
 * implementation cites its paper and states the parameter it takes.
 */
public interface NetworkFamily {

    /** The command-line name, e.g. {@code brent-kung}. */
    String name();

    /** The paper that defines the family. */
    String citation();

    /** What {@code param} means, or null when the family takes none (the default). */
    default String parameterMeaning() {
        return null;
    }

    /** The parameter used when none is given. */
    default int defaultParameter() {
        return 0;
    }

    /**
     * The family's network of width {@code n}.
     *
     * @throws IllegalArgumentException when n &lt; 1 or the parameter is out of range
     */
    Network build(int n, int param);
}
