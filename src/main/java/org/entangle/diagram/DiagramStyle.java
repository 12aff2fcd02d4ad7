package org.entangle.diagram;

import java.util.List;

/**
 * The one palette and typography of every diagram backend (SVG, PNG, PDF, TikZ, the interactive view), so that
 * a network looks the same wherever it is drawn. Colours are 24-bit RGB integers; lengths are in diagram units
 * (one unit is one pixel at scale 1 and one PostScript point in PDF and TikZ).
 *
 * <p>The categorical palette is Tableau 10 (Stone, "Tableau 10", 2016), chosen because its ten hues stay
 * distinguishable in print and on projectors. Ops coloured by group (entanglement blocks) take the colours
 * their {@link org.entangle.network.OpGroups} come with, so a block looks the same in every view of the workbench.
 */
public final class DiagramStyle {

    /** The font family every backend asks for (TikZ uses its typewriter family, the closest match). */
    public static final String FONT_FAMILY = "DejaVu Sans Mono";
    /** Label font size. */
    public static final double FONT_SIZE = 10;
    /** Title font size. */
    public static final double TITLE_FONT_SIZE = 12;
    /** Advance width of one character, as a fraction of the font size (DejaVu Sans Mono: 0.602). */
    public static final double CHAR_WIDTH = 0.602;

    /** Distance between neighbouring wires. */
    public static final double WIRE_SPACING = 24;
    /** Distance between neighbouring rows (steps). */
    public static final double ROW_SPACING = 30;
    /** Radius of an op's dot. */
    public static final double DOT_RADIUS = 3.5;
    /** Stroke width of wires. */
    public static final double WIRE_WIDTH = 0.8;
    /** Stroke width of op lines. */
    public static final double OP_WIDTH = 1.2;
    /** Stroke width of op lines in the highlighted cone. */
    public static final double EMPHASIS_WIDTH = 2.2;
    /** Outer margin. */
    public static final double MARGIN = 16;
    /** Gap between panels laid side by side. */
    public static final double PANEL_GAP = 32;

    /** Page background (omitted when the background is transparent). */
    public static final int BACKGROUND = 0xFFFFFF;
    /** Wires. */
    public static final int WIRE = 0xB4B4B4;
    /** Ops when no colouring is asked for. */
    public static final int OP = 0x1F2933;
    /** Ops outside the highlighted cone. */
    public static final int DIMMED = 0xD9D9D9;
    /** Labels and captions. */
    public static final int TEXT = 0x333333;
    /** Labels of secondary importance (ranges on ops, step counts). */
    public static final int SECONDARY_TEXT = 0x7A7A7A;
    /** Diff: ops both networks perform. */
    public static final int DIFF_COMMON = 0x9A9A9A;
    /** Diff: ops only the drawn network performs. */
    public static final int DIFF_ONLY_HERE = 0x59A14F;
    /** Diff: ops only the other network performs. */
    public static final int DIFF_ONLY_THERE = 0xE15759;

    /** Tableau 10, in its published order. */
    public static final List<Integer> CATEGORICAL = List.of(
            0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F, 0xEDC948, 0xB07AA1, 0xFF9DA7, 0x9C755F, 0xBAB0AC);

    private DiagramStyle() {
    }

    /** The categorical colour of class {@code k} (cycling after ten). */
    public static int categorical(int k) {
        return CATEGORICAL.get(Math.floorMod(k, CATEGORICAL.size()));
    }

    /** Estimated width of {@code text} at {@code fontSize} in the monospaced diagram font. */
    public static double textWidth(String text, double fontSize) {
        return text.length() * fontSize * CHAR_WIDTH;
    }

    /** {@code #rrggbb}. */
    public static String hex(int rgb) {
        return String.format("#%06x", rgb & 0xFFFFFF);
    }
}
