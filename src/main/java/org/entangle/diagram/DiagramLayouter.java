package org.entangle.diagram;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import org.entangle.diagram.DiagramLayout.Anchor;
import org.entangle.diagram.DiagramLayout.Label;
import org.entangle.diagram.DiagramLayout.OpMark;
import org.entangle.diagram.DiagramLayout.Role;
import org.entangle.diagram.DiagramLayout.Swatch;
import org.entangle.diagram.DiagramLayout.Wire;
import org.entangle.diagram.DiagramOptions.Orientation;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.metrics.Metrics;
import org.entangle.network.metrics.NetworkMetrics;

/**
 * Computes a {@link DiagramLayout} with the conventions of the prefix-circuit literature (e.g. Knowles 1999, "A
 * family of adders"; Harris 2003, "A taxonomy of parallel prefix networks"): wires as parallel lines, index 0
 * first (or the most significant wire first), time flowing down (or to the right), one row per step; an op is a
 * dot on its destination wire, joined by a line from its source wire half a row earlier. Inputs are labelled by
 * index, outputs by the range they end with, rows by their op counts; a caption gives the network's metrics (size,
 * depth, steps, fan-out, deficiency).
 *
 * <p>Geometry is computed along two axes, the wire axis {@code a} and the time axis {@code t}, and mapped to
 * (x, y) by the orientation. Linear in the size of the network.
 */
public final class DiagramLayouter {

    private static final double GAP = 6;
    private static final double RANGE_FONT_SIZE = 7;
    private static final double SWATCH = 8;

    private final Network network;
    private final DiagramOptions options;
    private final boolean vertical;
    private final List<Wire> wires = new ArrayList<>();
    private final List<OpMark> ops = new ArrayList<>();
    private final List<Label> labels = new ArrayList<>();
    private final List<Swatch> swatches = new ArrayList<>();
    private double captionRight;
    private double wireSpacing = DiagramStyle.WIRE_SPACING;

    private DiagramLayouter(Network network, DiagramOptions options) {
        this.network = network;
        this.options = options;
        this.vertical = options.orientation() == Orientation.VERTICAL;
    }

    /** Lays out {@code network} with {@code options}. */
    public static DiagramLayout layout(Network network, DiagramOptions options) {
        return new DiagramLayouter(network, options).build();
    }

    /** Lays out {@code network} with the default options. */
    public static DiagramLayout layout(Network network) {
        return layout(network, DiagramOptions.DEFAULT);
    }

    private DiagramLayout build() {
        int n = network.width();
        Dataflow flow = Dataflow.of(network);
        ValueRanges ranges = ValueRanges.of(network);
        RowAssignment rows = RowAssignment.of(network, options.rows());
        FunctionalDiff diff = null;
        RowAssignment otherRows = null;
        int rowCount = rows.rowCount();
        if (options.colourBy() == DiagramOptions.ColourBy.DIFF) {
            diff = FunctionalDiff.of(network, options.diffAgainst());
            otherRows = RowAssignment.of(options.diffAgainst(), options.rows());
            rowCount = Math.max(rowCount, otherRows.rowCount());
        }
        OpColouring colouring = OpColouring.of(network, flow, rows, options, diff);
        BitSet cone = options.cone() == null ? null : flow.cone(options.cone());
        int[] opsPerRow = new int[rowCount];
        for (int r : rows.rowOf()) opsPerRow[r]++;

        String[] inputs = new String[n];
        for (int w = 0; w < n; w++) inputs[w] = Integer.toString(w);
        String[] stepTexts = new String[rowCount];
        for (int r = 0; r < rowCount; r++) stepTexts[r] = "s" + r + ": " + opsPerRow[r];
        if (options.showRanges()) {
            double widest = vertical ? maxWidth(ranges.result(), RANGE_FONT_SIZE) : 0;
            wireSpacing = Math.max(DiagramStyle.WIRE_SPACING, widest + 2 * DiagramStyle.DOT_RADIUS + 6);
        }
        double ws = wireSpacing;
        double rs = DiagramStyle.ROW_SPACING;
        double fs = DiagramStyle.FONT_SIZE;
        double inputWidth = maxWidth(inputs, fs);
        double outputWidth = maxWidth(ranges.outputs(), fs);
        double stepWidth = maxWidth(stepTexts, fs);

        double y = DiagramStyle.MARGIN;
        if (network.name() != null) {
            labels.add(new Label(network.name(), DiagramStyle.MARGIN, y + DiagramStyle.TITLE_FONT_SIZE,
                    DiagramStyle.TITLE_FONT_SIZE, Anchor.START, false, DiagramStyle.TEXT, Role.TITLE));
            y += DiagramStyle.TITLE_FONT_SIZE + 2 * GAP;
        }
        double a0;
        double t0;
        double tEnd;
        double bottom;
        double right;
        if (vertical) {
            boolean rotateInputs = inputWidth > ws - 4;
            boolean rotateOutputs = outputWidth > ws - 4;
            a0 = DiagramStyle.MARGIN + stepWidth + 2 * GAP;
            t0 = y + (rotateInputs ? inputWidth : fs) + GAP;
            tEnd = t0 + rs * (rowCount + 1);
            for (int w = 0; w < n; w++) {
                double a = wireAxis(a0, w, n);
                labels.add(rotateInputs
                        ? new Label(inputs[w], a + 0.35 * fs, t0 - GAP, fs, Anchor.START, true, DiagramStyle.TEXT, Role.INPUT)
                        : new Label(inputs[w], a, t0 - GAP, fs, Anchor.MIDDLE, false, DiagramStyle.TEXT, Role.INPUT));
                labels.add(rotateOutputs
                        ? new Label(ranges.outputs()[w], a + 0.35 * fs, tEnd + GAP, fs, Anchor.END, true, DiagramStyle.TEXT, Role.OUTPUT)
                        : new Label(ranges.outputs()[w], a, tEnd + GAP + fs, fs, Anchor.MIDDLE, false, DiagramStyle.TEXT, Role.OUTPUT));
            }
            for (int r = 0; r < rowCount; r++) {
                labels.add(new Label(stepTexts[r], a0 - GAP, rowAxis(t0, r) + 0.35 * fs, fs, Anchor.END, false,
                        DiagramStyle.SECONDARY_TEXT, Role.STEP));
            }
            right = a0 + n * ws;
            bottom = tEnd + GAP + (rotateOutputs ? outputWidth : fs) + 2 * GAP;
        } else {
            boolean rotateSteps = stepWidth > rs - 4;
            a0 = y + (rotateSteps ? stepWidth : fs) + GAP;
            t0 = DiagramStyle.MARGIN + inputWidth + GAP;
            tEnd = t0 + rs * (rowCount + 1);
            for (int w = 0; w < n; w++) {
                double a = wireAxis(a0, w, n);
                labels.add(new Label(inputs[w], t0 - GAP, a + 0.35 * fs, fs, Anchor.END, false, DiagramStyle.TEXT, Role.INPUT));
                labels.add(new Label(ranges.outputs()[w], tEnd + GAP, a + 0.35 * fs, fs, Anchor.START, false,
                        DiagramStyle.TEXT, Role.OUTPUT));
            }
            for (int r = 0; r < rowCount; r++) {
                double t = rowAxis(t0, r);
                labels.add(rotateSteps
                        ? new Label(stepTexts[r], t + 0.35 * fs, a0 - GAP, fs, Anchor.START, true, DiagramStyle.SECONDARY_TEXT, Role.STEP)
                        : new Label(stepTexts[r], t, a0 - GAP, fs, Anchor.MIDDLE, false, DiagramStyle.SECONDARY_TEXT, Role.STEP));
            }
            right = tEnd + GAP + outputWidth;
            bottom = a0 + n * ws + 2 * GAP;
        }
        for (int w = 0; w < n; w++) {
            double a = wireAxis(a0, w, n);
            wires.add(vertical ? new Wire(w, a, t0, a, tEnd) : new Wire(w, t0, a, tEnd, a));
        }
        placeOps(flow, ranges, rows, colouring, cone, a0, t0);
        if (diff != null) placeForeignOps(diff, otherRows, a0, t0);

        double contentWidth = right + DiagramStyle.MARGIN;
        bottom = placeCaption(cone, ranges, flow, bottom);
        double legendWidth = Math.max(contentWidth - 2 * DiagramStyle.MARGIN, 320);
        double[] legendExtent = placeLegend(colouring.legend(), bottom, legendWidth);
        double width = Math.max(contentWidth, Math.max(legendExtent[0], captionRight) + DiagramStyle.MARGIN);
        return new DiagramLayout(width, legendExtent[1] + DiagramStyle.MARGIN, wires, ops, labels, swatches);
    }

    private void placeOps(Dataflow flow, ValueRanges ranges, RowAssignment rows, OpColouring colouring, BitSet cone,
                          double a0, double t0) {
        int n = network.width();
        double lead = 0.6 * DiagramStyle.ROW_SPACING;
        double r = DiagramStyle.DOT_RADIUS;
        int k = 0;
        for (int s = 0; s < network.stepCount(); s++) {
            List<Op> stepOps = network.step(s).ops();
            for (int i = 0; i < stepOps.size(); i++, k++) {
                Op op = stepOps.get(i);
                int row = rows.rowOf()[k];
                double t = rowAxis(t0, row);
                double a = wireAxis(a0, op.dst(), n);
                double srcA = wireAxis(a0, op.src(), n);
                double srcT = op.kind().readsSource() && op.src() != op.dst() ? t - lead : t;
                boolean inCone = cone != null && cone.get(k);
                int colour = cone == null || inCone ? colouring.colours()[k] : DiagramStyle.DIMMED;
                ops.add(new OpMark(s, i, row, op, x(a, t), y(a, t), x(srcA, srcT), y(srcA, srcT), colour,
                        op.kind().combines(), inCone, ranges.result()[k], false));
                if (options.showRanges()) {
                    labels.add(new Label(ranges.result()[k], x(a, t) + r + 1.5, y(a, t) - r - 1, RANGE_FONT_SIZE,
                            Anchor.START, false, DiagramStyle.SECONDARY_TEXT, Role.RANGE));
                }
            }
        }
    }

    private void placeForeignOps(FunctionalDiff diff, RowAssignment otherRows, double a0, double t0) {
        Network other = options.diffAgainst();
        int n = network.width();
        int[] first = new int[other.stepCount()];
        for (int s = 1; s < first.length; s++) first[s] = first[s - 1] + other.step(s - 1).size();
        ValueRanges otherRanges = ValueRanges.of(other);
        for (int[] position : diff.onlyThere()) {
            Op op = other.step(position[0]).ops().get(position[1]);
            int flat = first[position[0]] + position[1];
            double t = rowAxis(t0, otherRows.rowOf()[flat]);
            double a = wireAxis(a0, op.dst(), n);
            double srcA = wireAxis(a0, op.src(), n);
            double srcT = op.kind().readsSource() && op.src() != op.dst() ? t - 0.6 * DiagramStyle.ROW_SPACING : t;
            ops.add(new OpMark(position[0], position[1], otherRows.rowOf()[flat], op, x(a, t), y(a, t), x(srcA, srcT),
                    y(srcA, srcT), DiagramStyle.DIFF_ONLY_THERE, false, false, otherRanges.result()[flat], true));
        }
    }

    private double placeCaption(BitSet cone, ValueRanges ranges, Dataflow flow, double top) {
        NetworkMetrics m = Metrics.of(network);
        double fs = DiagramStyle.FONT_SIZE;
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "n = %d, size %d, depth %d, steps %d, max fan-out %d, deficiency %d",
                m.width(), m.size(), m.depth(), m.steps(), m.maxFanout(), m.deficiency()));
        if (cone != null) {
            ValueRef ref = options.cone();
            String what = ref.isOutput() ? "output " + ref.index() + " " + ranges.outputs()[ref.index()]
                    : "step " + ref.step() + " op " + ref.index() + " " + ranges.result()[flow.flat(ref.step(), ref.index())];
            lines.add("cone of " + what + ": " + cone.cardinality() + " ops");
        }
        double y = top;
        for (String line : lines) {
            y += fs;
            labels.add(new Label(line, DiagramStyle.MARGIN, y, fs, Anchor.START, false, DiagramStyle.TEXT, Role.CAPTION));
            captionRight = Math.max(captionRight, DiagramStyle.MARGIN + DiagramStyle.textWidth(line, fs));
            y += GAP;
        }
        return y;
    }

    /** Flows the legend entries into lines no wider than {@code maxWidth}; returns {right, bottom}. */
    private double[] placeLegend(List<OpColouring.Entry> legend, double top, double maxWidth) {
        double fs = DiagramStyle.FONT_SIZE;
        double x = DiagramStyle.MARGIN;
        double baseline = top + fs;
        double rightmost = 0;
        for (OpColouring.Entry entry : legend) {
            double w = SWATCH + 4 + DiagramStyle.textWidth(entry.text(), fs);
            if (x > DiagramStyle.MARGIN && x + w > DiagramStyle.MARGIN + maxWidth) {
                x = DiagramStyle.MARGIN;
                baseline += fs + GAP;
            }
            swatches.add(new Swatch(x, baseline - SWATCH, SWATCH, entry.colour()));
            labels.add(new Label(entry.text(), x + SWATCH + 4, baseline, fs, Anchor.START, false, DiagramStyle.TEXT, Role.LEGEND));
            rightmost = Math.max(rightmost, x + w);
            x += w + 2 * GAP;
        }
        return new double[] {rightmost, legend.isEmpty() ? top : baseline + GAP};
    }

    private double wireAxis(double a0, int wire, int n) {
        int position = options.msbLeft() ? n - 1 - wire : wire;
        return a0 + (position + 0.5) * wireSpacing;
    }

    private static double rowAxis(double t0, int row) {
        return t0 + DiagramStyle.ROW_SPACING * (row + 1);
    }

    private double x(double a, double t) {
        return vertical ? a : t;
    }

    private double y(double a, double t) {
        return vertical ? t : a;
    }

    private static double maxWidth(String[] texts, double fontSize) {
        double w = 0;
        for (String t : texts) w = Math.max(w, DiagramStyle.textWidth(t, fontSize));
        return w;
    }
}
