package org.entangle.diagram;

import java.util.List;
import org.entangle.network.Op;

/**
 * The computed geometry of one network diagram (layout kept apart from drawing, as JGraphT
 * keeps its layout algorithms apart from rendering). Every backend — SVG, PNG and PDF through Java2D, TikZ and
 * the interactive JavaFX view — draws exactly these elements, in this order: wires, op lines, op dots, labels,
 * legend swatches. Coordinates are in diagram units with the origin at the top left.
 *
 * @param width    total width
 * @param height   total height
 * @param wires    one line per wire
 * @param ops      one mark per op of the network, then the ops only the diff's other network performs
 * @param labels   every text: title, input and output labels, step labels, ranges, caption, legend
 * @param swatches the colour swatches of the legend
 */
public record DiagramLayout(double width, double height, List<Wire> wires, List<OpMark> ops, List<Label> labels,
                            List<Swatch> swatches) {

    public DiagramLayout {
        wires = List.copyOf(wires);
        ops = List.copyOf(ops);
        labels = List.copyOf(labels);
        swatches = List.copyOf(swatches);
    }

    /** A wire drawn from (x1, y1) to (x2, y2). */
    public record Wire(int wire, double x1, double y1, double x2, double y2) {
    }

    /**
     * One op: a line from the point where it reads its source to the dot on its destination wire.
     *
     * @param step       0-based step in the network's own schedule (in the other network's, when foreign)
     * @param index      0-based index in that step
     * @param row        the row it is drawn in
     * @param op         the op
     * @param x          dot centre
     * @param y          dot centre
     * @param srcX       where the line starts, on the source wire
     * @param srcY       where the line starts
     * @param colour     RGB colour of line and dot
     * @param filled     a filled dot for combining ops, a hollow one for identity and copy ops and foreign ops
     * @param emphasised part of the highlighted cone (drawn with a thicker line)
     * @param value      the value the op leaves on its destination, in range notation (the range semantics)
     * @param foreign    an op only the diff's other network performs
     */
    public record OpMark(int step, int index, int row, Op op, double x, double y, double srcX, double srcY, int colour,
                         boolean filled, boolean emphasised, String value, boolean foreign) {

        /** Whether the op writes its source wire too (Blelloch's swap), marked at the line's start. */
        public boolean marksSource() {
            return op.kind().writesSource();
        }
    }

    /** Horizontal alignment of a label relative to its anchor point. */
    public enum Anchor { START, MIDDLE, END }

    /** What a label is for; backends use it as a style class. */
    public enum Role { TITLE, INPUT, OUTPUT, STEP, RANGE, CAPTION, LEGEND }

    /**
     * A text with its baseline anchored at (x, y).
     *
     * @param vertical rotated by −90° (reading upwards), for labels wider than the wire spacing
     */
    public record Label(String text, double x, double y, double size, Anchor anchor, boolean vertical, int colour,
                        Role role) {
    }

    /** A square legend swatch with its top-left corner at (x, y). */
    public record Swatch(double x, double y, double size, int colour) {
    }
}
