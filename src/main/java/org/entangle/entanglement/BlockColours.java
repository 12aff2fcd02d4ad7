package org.entangle.entanglement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.entangle.network.OpGroups;

/**
 * Colours for entanglement blocks in diagrams: block i (blocks ordered by their smallest angel, as
 * {@link Partition} keeps them) gets colour i, so a partition always gets the same colours. The first eight are
 * the Okabe–Ito colour-blind-safe palette (Okabe and Ito 2008, "Color Universal Design"), black left out; later
 * blocks get hues stepped by the golden angle. Colours are {@code #rrggbb} strings, independent of any UI toolkit.
 */
public final class BlockColours {

    private static final String[] PALETTE = {
        "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#999999",
    };

    private BlockColours() {
    }

    /** The colour of block {@code index}. */
    public static String colour(int index) {
        if (index < 0) throw new IllegalArgumentException("block index " + index);
        if (index < PALETTE.length) return PALETTE[index];
        double hue = ((index - PALETTE.length) * 137.508) % 360;
        return hsv(hue, 0.65, 0.85);
    }

    /** One colour per block of the partition, in block order. */
    public static List<String> colours(Partition partition) {
        List<String> colours = new ArrayList<>();
        for (int i = 0; i < partition.blocks().size(); i++) colours.add(colour(i));
        return colours;
    }

    /**
     * The ops of one trace's network grouped by the block of the angel that chose them, for the renderer: group i
     * is block i, coloured {@link #colour(int)} and labelled with its angels; ops no angel chose stay ungrouped.
     *
     * @throws IllegalArgumentException when two angels of different blocks claim one op
     */
    public static OpGroups opGroups(AngelChoices choices, Partition partition, List<String> angelNames) {
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < partition.blocks().size(); i++) {
            List<String> names = new ArrayList<>();
            for (int a : partition.blocks().get(i).angels()) names.add(angelNames.get(a));
            labels.add("block " + i + ": " + String.join(", ", names));
        }
        Map<OpGroups.Position, Integer> groups = new HashMap<>();
        choices.opsByAngel().forEach((angel, ops) -> {
            int block = partition.blockOf(angel);
            for (OpGroups.Position p : ops) {
                Integer before = groups.put(p, block);
                if (before != null && before != block) {
                    throw new IllegalArgumentException("op at step " + p.step() + ", index " + p.index()
                            + " is claimed by angels of blocks " + before + " and " + block);
                }
            }
        });
        return new OpGroups(labels, groups, colours(partition));
    }

    private static String hsv(double hue, double saturation, double value) {
        double c = value * saturation;
        double x = c * (1 - Math.abs((hue / 60) % 2 - 1));
        double m = value - c;
        double[] rgb = switch ((int) (hue / 60)) {
            case 0 -> new double[] {c, x, 0};
            case 1 -> new double[] {x, c, 0};
            case 2 -> new double[] {0, c, x};
            case 3 -> new double[] {0, x, c};
            case 4 -> new double[] {x, 0, c};
            default -> new double[] {c, 0, x};
        };
        return String.format(Locale.ROOT, "#%02X%02X%02X", Math.round((rgb[0] + m) * 255), Math.round((rgb[1] + m) * 255),
                Math.round((rgb[2] + m) * 255));
    }
}
