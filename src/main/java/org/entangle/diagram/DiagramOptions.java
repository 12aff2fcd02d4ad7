package org.entangle.diagram;

import java.util.Objects;
import org.entangle.network.Network;
import org.entangle.network.OpGroups;

/**
 * What a diagram shows. Immutable; {@link #DEFAULT} draws the given schedule top to bottom, wire 0
 * on the left, ops in one colour, ranges only at the outputs.
 *
 * @param rows        whether rows follow the network's own schedule or its ASAP schedule ({@code Schedules.asap})
 * @param showRanges  label every op with the range its value holds (the range semantics of prefix networks)
 * @param colourBy    how ops are coloured
 * @param groups      the op groups for {@link ColourBy#GROUPS} (positions in the network's own schedule), or null
 * @param diffAgainst the other network for {@link ColourBy#DIFF}, or null
 * @param cone        the value whose dependency cone is highlighted, or null
 * @param msbLeft     draw the most significant wire on the left, as hardware texts do
 * @param orientation time flowing down (vertical wires) or to the right (horizontal wires)
 */
public record DiagramOptions(Rows rows, boolean showRanges, ColourBy colourBy, OpGroups groups, Network diffAgainst,
                             ValueRef cone, boolean msbLeft, Orientation orientation) {

    /** Which schedule gives the rows. */
    public enum Rows { SCHEDULE, ASAP }

    /** How ops are coloured. */
    public enum ColourBy { NONE, STEP, FANOUT, GROUPS, DIFF }

    /** Which way time flows. */
    public enum Orientation { VERTICAL, HORIZONTAL }

    public static final DiagramOptions DEFAULT = new DiagramOptions(Rows.SCHEDULE, false, ColourBy.NONE, null, null,
            null, false, Orientation.VERTICAL);

    public DiagramOptions {
        Objects.requireNonNull(rows, "rows");
        Objects.requireNonNull(colourBy, "colourBy");
        Objects.requireNonNull(orientation, "orientation");
        if (colourBy == ColourBy.GROUPS && groups == null) {
            throw new IllegalArgumentException("colouring by groups needs the groups");
        }
        if (colourBy == ColourBy.DIFF && diffAgainst == null) {
            throw new IllegalArgumentException("colouring by diff needs the other network");
        }
    }

    public DiagramOptions withRows(Rows newRows) {
        return new DiagramOptions(newRows, showRanges, colourBy, groups, diffAgainst, cone, msbLeft, orientation);
    }

    public DiagramOptions withRanges(boolean show) {
        return new DiagramOptions(rows, show, colourBy, groups, diffAgainst, cone, msbLeft, orientation);
    }

    public DiagramOptions withColourBy(ColourBy by) {
        return new DiagramOptions(rows, showRanges, by, groups, diffAgainst, cone, msbLeft, orientation);
    }

    public DiagramOptions withGroups(OpGroups newGroups) {
        return new DiagramOptions(rows, showRanges, ColourBy.GROUPS, newGroups, diffAgainst, cone, msbLeft, orientation);
    }

    public DiagramOptions withDiffAgainst(Network other) {
        return new DiagramOptions(rows, showRanges, ColourBy.DIFF, groups, other, cone, msbLeft, orientation);
    }

    public DiagramOptions withCone(ValueRef value) {
        return new DiagramOptions(rows, showRanges, colourBy, groups, diffAgainst, value, msbLeft, orientation);
    }

    public DiagramOptions withMsbLeft(boolean left) {
        return new DiagramOptions(rows, showRanges, colourBy, groups, diffAgainst, cone, left, orientation);
    }

    public DiagramOptions withOrientation(Orientation newOrientation) {
        return new DiagramOptions(rows, showRanges, colourBy, groups, diffAgainst, cone, msbLeft, newOrientation);
    }
}
