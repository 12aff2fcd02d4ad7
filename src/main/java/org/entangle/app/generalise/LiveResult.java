package org.entangle.app.generalise;

import org.entangle.network.Network;
import org.entangle.network.NetworkDiff;

/**
 * What the generalise editor's text gives at the example's width: the program's network and its
 * {@link NetworkDiff} against the example, or a sketch's hole count, or why there is no network (a parse error
 * with its line, a failing assertion, angels left).
 *
 * @param instance the program's network at the example's N, or null
 * @param diff     the network against the example, or null
 * @param holes    the number of {@code ??} holes (a sketch when positive)
 * @param message  one line for the user
 * @param error    whether {@code message} explains a problem
 */
public record LiveResult(Network instance, NetworkDiff diff, int holes, String message, boolean error) {

    static LiveResult problem(String message) {
        return new LiveResult(null, null, 0, message, true);
    }
}
