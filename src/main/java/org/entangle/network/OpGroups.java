package org.entangle.network;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An assignment of some of a network's ops to named groups, for example the entanglement block of the angel
 * that chose each op. Diagrams colour ops by group, in the colours the groups come with; ops without a group are
 * drawn neutral.
 *
 * @param labels  the group names, indexed by group number (e.g. "block 0: 4 angels")
 * @param groups  the group number of each op, keyed by its position
 * @param colours each group's colour as {@code #rrggbb}, indexed by group number
 */
public record OpGroups(List<String> labels, Map<Position, Integer> groups, List<String> colours) {

    /** Where an op sits: 0-based step and 0-based index within the step. */
    public record Position(int step, int index) {
    }

    public OpGroups {
        labels = List.copyOf(labels);
        groups = Map.copyOf(groups);
        colours = List.copyOf(colours);
        if (colours.size() != labels.size()) {
            throw new IllegalArgumentException(colours.size() + " colours for " + labels.size() + " groups");
        }
        for (String c : colours) {
            if (!c.matches("#[0-9A-Fa-f]{6}")) throw new IllegalArgumentException("colour " + c + " is not #rrggbb");
        }
        for (int g : groups.values()) {
            if (g < 0 || g >= labels.size()) {
                throw new IllegalArgumentException("group " + g + " has no label (" + labels.size() + " labels)");
            }
        }
    }

    /** Group {@code g}'s colour as a 24-bit RGB value. */
    public int rgb(int g) {
        return Integer.parseInt(colours.get(g).substring(1), 16);
    }

    /** The group of the op at {@code (step, index)}, if it has one. */
    public Optional<Integer> groupOf(int step, int index) {
        return Optional.ofNullable(groups.get(new Position(step, index)));
    }

    /** Collects groups op by op. */
    public static final class Builder {
        private final List<String> labels;
        private final List<String> colours;
        private final Map<Position, Integer> groups = new HashMap<>();

        public Builder(List<String> labels, List<String> colours) {
            this.labels = List.copyOf(labels);
            this.colours = List.copyOf(colours);
        }

        public Builder put(int step, int index, int group) {
            groups.put(new Position(step, index), group);
            return this;
        }

        public OpGroups build() {
            return new OpGroups(labels, groups, colours);
        }
    }
}
