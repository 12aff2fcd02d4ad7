package org.entangle.oracle;

import java.util.List;
import org.entangle.lang.AngelChoice;
import org.entangle.network.Network;

/**
 * One safe execution of an angelic program (one in which no assertion fails): the values its angels took, in
 * execution order, and the network its parallel blocks built (one step per block that wrote x).
 */
public record Trace(List<AngelChoice> choices, Network network) {
}
