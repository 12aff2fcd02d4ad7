package org.entangle.lang;

import java.util.List;
import org.entangle.network.Op;

/**
 * One way an instruction can execute from a state: the angel values it took (empty when not recorded), the
 * step of ops it added to the network (null when it added none), and the state it leads to.
 */
public record Transition(List<AngelChoice> choices, List<Op> step, MachineState next) {
}
