package org.entangle.entanglement;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.entangle.network.OpGroups;

/**
 * Which ops of one trace's network each angel chose: the oracle fills this in while it builds the network, so
 * that a diagram can colour every op by the entanglement block of the angel that chose it ({@link BlockColours}).
 * Angels are 0-based indices into the trace set's angels; ops are positions (step, index within the step).
 *
 * @param opsByAngel the ops each angel chose; angels that chose no op are absent
 */
public record AngelChoices(Map<Integer, List<OpGroups.Position>> opsByAngel) {

    public AngelChoices {
        Map<Integer, List<OpGroups.Position>> copy = new TreeMap<>();
        opsByAngel.forEach((angel, ops) -> copy.put(angel, List.copyOf(ops)));
        opsByAngel = java.util.Collections.unmodifiableMap(copy);
    }

    /** Collects choices op by op. */
    public static final class Builder {
        private final Map<Integer, List<OpGroups.Position>> ops = new TreeMap<>();

        /** Records that {@code angel} chose the op at {@code (step, index)}. */
        public Builder chose(int angel, int step, int index) {
            ops.computeIfAbsent(angel, a -> new ArrayList<>()).add(new OpGroups.Position(step, index));
            return this;
        }

        public AngelChoices build() {
            return new AngelChoices(ops);
        }
    }
}
