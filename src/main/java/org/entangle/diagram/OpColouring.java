package org.entangle.diagram;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import org.entangle.network.Network;
import org.entangle.network.OpGroups;

/**
 * The colour of every op and the legend that explains them, for each {@link DiagramOptions.ColourBy}: one
 * colour; the row an op is drawn in; the fan-out of the value it makes (how many combining ops read
 * it); an external assignment of ops to groups such as entanglement blocks, in the colours the groups carry
 * (ops outside every group are neutral); or a {@link FunctionalDiff} against another network.
 *
 * @param colours the RGB colour of each op of the network, by flat index
 * @param legend  the legend entries, in display order
 */
public record OpColouring(int[] colours, List<Entry> legend) {

    /** At most this many legend entries are listed; further colours repeat the palette. */
    public static final int MAX_LEGEND_ENTRIES = 10;

    /** One legend line: a colour and what it means. */
    public record Entry(String text, int colour) {
    }

    public static OpColouring of(Network network, Dataflow flow, RowAssignment rows, DiagramOptions options,
                                 FunctionalDiff diff) {
        int ops = network.opCount();
        int[] colours = new int[ops];
        List<Entry> legend = new ArrayList<>();
        switch (options.colourBy()) {
            case NONE -> Arrays.fill(colours, DiagramStyle.OP);
            case STEP -> {
                for (int k = 0; k < ops; k++) colours[k] = DiagramStyle.categorical(rows.rowOf()[k]);
                for (int r = 0; r < Math.min(rows.rowCount(), MAX_LEGEND_ENTRIES); r++) {
                    legend.add(new Entry("step " + r, DiagramStyle.categorical(r)));
                }
            }
            case FANOUT -> {
                TreeMap<Integer, Integer> seen = new TreeMap<>();
                for (int k = 0; k < ops; k++) {
                    int value = flow.produced(k);
                    int f = value == Dataflow.NONE ? 0 : flow.fanout(value);
                    colours[k] = DiagramStyle.categorical(f);
                    seen.put(f, colours[k]);
                }
                seen.entrySet().stream().limit(MAX_LEGEND_ENTRIES)
                        .forEach(e -> legend.add(new Entry("fan-out " + e.getKey(), e.getValue())));
            }
            case GROUPS -> {
                OpGroups groups = options.groups();
                int k = 0;
                for (int s = 0; s < network.stepCount(); s++) {
                    for (int i = 0; i < network.step(s).size(); i++, k++) {
                        colours[k] = groups.groupOf(s, i).map(groups::rgb).orElse(DiagramStyle.DIFF_COMMON);
                    }
                }
                for (int g = 0; g < Math.min(groups.labels().size(), MAX_LEGEND_ENTRIES); g++) {
                    legend.add(new Entry(groups.labels().get(g), groups.rgb(g)));
                }
            }
            case DIFF -> {
                for (int k = 0; k < ops; k++) {
                    colours[k] = diff.common().get(k) ? DiagramStyle.DIFF_COMMON : DiagramStyle.DIFF_ONLY_HERE;
                }
                int common = diff.common().cardinality();
                legend.add(new Entry("common (" + common + ")", DiagramStyle.DIFF_COMMON));
                legend.add(new Entry("only here (" + (ops - common) + ")", DiagramStyle.DIFF_ONLY_HERE));
                legend.add(new Entry("only in " + nameOf(options.diffAgainst()) + " (" + diff.onlyThere().size() + ")",
                        DiagramStyle.DIFF_ONLY_THERE));
            }
            default -> throw new IllegalStateException(options.colourBy().toString());
        }
        return new OpColouring(colours, List.copyOf(legend));
    }

    private static String nameOf(Network network) {
        return network.name() == null ? "the other" : network.name();
    }
}
