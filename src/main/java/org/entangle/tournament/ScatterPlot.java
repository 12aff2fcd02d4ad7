package org.entangle.tournament;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.ToIntFunction;

/**
 * The scatter plot of a ranked setting: GPU time against size (left) and against depth (right), one dot per passed
 * candidate coloured by origin, the library algorithms as dashed horizontal lines, and the Pareto front of each
 * panel ringed in red and joined by a staircase. Exactly the front's points carry the class {@code pareto} in the
 * SVG (with their ids in {@code data-id}); the PNG is drawn from the same marks.
 */
public final class ScatterPlot {

    static final int PANEL_WIDTH = 520;
    static final int HEIGHT = 420;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 50;
    private static final int BOTTOM = 60;
    static final String FRONT = "#d62728";

    private ScatterPlot() {
    }

    /** The SVG of both panels. */
    public static String svg(Ranking ranking) {
        return marks(ranking).toSvg();
    }

    /** The PNG of both panels. */
    public static void png(Ranking ranking, OutputStream out) throws IOException {
        marks(ranking).writePng(out);
    }

    /** The colour of an origin (and of the library algorithms for null). */
    public static String colour(Origin origin) {
        if (origin == null) return "#7f7f7f";
        return switch (origin) {
            case CLASSIC -> "#1f77b4";
            case CATALOGUE -> "#9e9e9e";
            case SAMPLE -> "#ff7f0e";
            case OPTIMISER -> "#2ca02c";
            case FILE -> "#9467bd";
        };
    }

    static PlotMarks marks(Ranking ranking) {
        PlotMarks p = new PlotMarks(2 * PANEL_WIDTH, HEIGHT);
        p.add(new PlotMarks.Text(PANEL_WIDTH, 22, ranking.setting().title(), 15, "middle", false, "#000000"));
        List<Entry> networks = ranking.rows().stream().map(Ranking.Row::entry).filter(e -> !e.library()).toList();
        List<Entry> libraries = ranking.rows().stream().map(Ranking.Row::entry).filter(Entry::library).toList();
        panel(p, 0, "size (combining ops)", networks, libraries, Entry::size, ranking.sizeFront(), ranking.setting().unit());
        panel(p, PANEL_WIDTH, "depth", networks, libraries, Entry::depth, ranking.depthFront(), ranking.setting().unit());
        legend(p);
        return p;
    }

    private static void panel(PlotMarks p, int x0, String xLabel, List<Entry> networks, List<Entry> libraries,
                              ToIntFunction<Entry> measure, List<Entry> front, String unit) {
        double plotLeft = x0 + LEFT;
        double plotRight = x0 + PANEL_WIDTH - RIGHT;
        double plotTop = TOP;
        double plotBottom = HEIGHT - BOTTOM;
        double xMin = Double.MAX_VALUE;
        double xMax = -Double.MAX_VALUE;
        double yMin = Double.MAX_VALUE;
        double yMax = -Double.MAX_VALUE;
        for (Entry e : networks) {
            xMin = Math.min(xMin, measure.applyAsInt(e));
            xMax = Math.max(xMax, measure.applyAsInt(e));
            yMin = Math.min(yMin, e.time());
            yMax = Math.max(yMax, e.time());
        }
        for (Entry e : libraries) {
            yMin = Math.min(yMin, e.time());
            yMax = Math.max(yMax, e.time());
        }
        if (networks.isEmpty()) {
            xMin = 0;
            xMax = 1;
        }
        if (yMin > yMax) {
            yMin = 0;
            yMax = 1;
        }
        Axis x = Axis.of(xMin, xMax, plotLeft, plotRight);
        Axis y = Axis.of(yMin, yMax, plotBottom, plotTop);
        p.add(new PlotMarks.Line(plotLeft, plotBottom, plotRight, plotBottom, "#000000", 1, false));
        p.add(new PlotMarks.Line(plotLeft, plotBottom, plotLeft, plotTop, "#000000", 1, false));
        for (double t : x.ticks()) {
            p.add(new PlotMarks.Line(x.at(t), plotBottom, x.at(t), plotBottom + 4, "#000000", 1, false));
            p.add(new PlotMarks.Text(x.at(t), plotBottom + 17, x.label(t), 11, "middle", false, "#000000"));
        }
        for (double t : y.ticks()) {
            p.add(new PlotMarks.Line(plotLeft - 4, y.at(t), plotLeft, y.at(t), "#000000", 1, false));
            p.add(new PlotMarks.Text(plotLeft - 7, y.at(t) + 4, y.label(t), 11, "end", false, "#000000"));
        }
        p.add(new PlotMarks.Text((plotLeft + plotRight) / 2, HEIGHT - 22, xLabel, 13, "middle", false, "#000000"));
        p.add(new PlotMarks.Text(x0 + 18, (plotTop + plotBottom) / 2, "GPU time (" + unit + ")", 13, "middle", true, "#000000"));
        double labelY = Double.MAX_VALUE;
        for (Entry lib : libraries) {
            p.add(new PlotMarks.Line(plotLeft, y.at(lib.time()), plotRight, y.at(lib.time()), "#7f7f7f", 1, true));
            labelY = Math.min(y.at(lib.time()) - 3, labelY - 11);
            p.add(new PlotMarks.Text(plotRight - 2, labelY, lib.id(), 10, "end", false, "#555555"));
        }
        List<Entry> byMeasure = new ArrayList<>(front);
        byMeasure.sort(Comparator.comparingInt(measure).thenComparingDouble(Entry::time));
        for (int i = 1; i < byMeasure.size(); i++) {
            Entry a = byMeasure.get(i - 1);
            Entry b = byMeasure.get(i);
            p.add(new PlotMarks.Line(x.at(measure.applyAsInt(a)), y.at(a.time()), x.at(measure.applyAsInt(b)), y.at(a.time()), FRONT, 1, false));
            p.add(new PlotMarks.Line(x.at(measure.applyAsInt(b)), y.at(a.time()), x.at(measure.applyAsInt(b)), y.at(b.time()), FRONT, 1, false));
        }
        for (Entry e : networks) {
            p.add(new PlotMarks.Circle(x.at(measure.applyAsInt(e)), y.at(e.time()), 3.2, colour(e.origin()), null, "point", e.id()));
        }
        for (Entry e : front) {
            p.add(new PlotMarks.Circle(x.at(measure.applyAsInt(e)), y.at(e.time()), 6, null, FRONT, "pareto", e.id()));
        }
    }

    private static void legend(PlotMarks p) {
        double x = LEFT;
        for (Origin o : Origin.values()) {
            p.add(new PlotMarks.Circle(x, 38, 4, colour(o), null, null, null));
            p.add(new PlotMarks.Text(x + 8, 42, o.token(), 11, "start", false, "#000000"));
            x += 90;
        }
        p.add(new PlotMarks.Circle(x, 38, 6, null, FRONT, null, null));
        p.add(new PlotMarks.Text(x + 10, 42, "Pareto front", 11, "start", false, "#000000"));
        p.add(new PlotMarks.Line(x + 110, 38, x + 140, 38, "#7f7f7f", 1, true));
        p.add(new PlotMarks.Text(x + 146, 42, "library (CUB)", 11, "start", false, "#000000"));
    }

    /** A linear axis from data to pixels, padded by 5 % on both sides. */
    private record Axis(double lo, double hi, double from, double to) {

        static Axis of(double min, double max, double from, double to) {
            double span = max - min;
            double pad = span > 0 ? span * 0.05 : Math.max(Math.abs(min) * 0.05, 0.5);
            return new Axis(min - pad, max + pad, from, to);
        }

        double at(double v) {
            return from + (v - lo) / (hi - lo) * (to - from);
        }

        List<Double> ticks() {
            double step = niceStep((hi - lo) / 5);
            List<Double> ticks = new ArrayList<>();
            for (double t = Math.ceil(lo / step) * step; t <= hi; t += step) ticks.add(t);
            return ticks;
        }

        String label(double v) {
            double step = niceStep((hi - lo) / 5);
            int decimals = Math.max(0, (int) -Math.floor(Math.log10(step)));
            return String.format(Locale.ROOT, "%." + decimals + "f", v);
        }

        private static double niceStep(double raw) {
            double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
            double f = raw / magnitude;
            return (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * magnitude;
        }
    }
}
