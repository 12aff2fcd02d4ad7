package org.entangle.app;

import java.util.DoubleSummaryStatistics;
import javafx.scene.chart.NumberAxis;

/**
 * Number axes whose bounds and tick unit the workbench sets from the values it plots, with no minor ticks: a unit of
 * 1, 2, 2.5 or 5 times a power of ten, the smallest giving at most {@value #MAX_STEPS} steps between bounds on its
 * multiples at least a unit beyond the values ({@link #ticks}). A JavaFX axis left to auto-range tries every unit and
 * lays out and measures its tick labels for each, and each tick label is a text laid out in the chart's first layout.
 */
public final class ChartAxes {

    /** The most steps between an axis's ticks. */
    public static final int MAX_STEPS = 8;

    private ChartAxes() {
    }

    /** An axis from {@code lower} to {@code upper} with a tick every {@code unit}. */
    public record Ticks(double lower, double upper, double unit) {
    }

    /**
     * An axis labelled {@code label} (none when null) that does not auto-range and draws no minor ticks, from 0 to 100
     * in steps of 25 until {@link #fit} gives it its values' bounds (an empty chart's axis, five labels).
     */
    public static NumberAxis fixed(String label) {
        NumberAxis axis = new NumberAxis();
        axis.setLabel(label);
        axis.setAutoRanging(false);
        axis.setMinorTickVisible(false);
        axis.setUpperBound(100);
        axis.setTickUnit(25);
        return axis;
    }

    /**
     * Gives {@code axis} the bounds and unit of {@link #ticks} for {@code values}, their extremes rounded outwards to
     * whole numbers; nothing when there are none.
     */
    public static void fit(NumberAxis axis, DoubleSummaryStatistics values) {
        if (values.getCount() == 0) return;
        Ticks ticks = ticks((int) Math.floor(values.getMin()), (int) Math.ceil(values.getMax()));
        axis.setTickUnit(ticks.unit());
        axis.setLowerBound(ticks.lower());
        axis.setUpperBound(ticks.upper());
    }

    /**
     * The axis for values from {@code min} to {@code max}: bounds on multiples of the unit, at least a unit beyond the
     * values on either side (but not below 0 for values that are not), and the smallest unit of 1, 2, 2.5 or 5 times a
     * power of ten that gives at most {@value #MAX_STEPS} steps between them.
     */
    public static Ticks ticks(int min, int max) {
        for (double power = 1; ; power *= 10) {
            for (double step : new double[] {1, 2, 2.5, 5}) {
                double unit = step * power;
                double lower = Math.floor((min - unit) / unit) * unit;
                if (min >= 0) lower = Math.max(0, lower);
                double upper = Math.ceil((max + unit) / unit) * unit;
                if ((upper - lower) / unit <= MAX_STEPS) return new Ticks(lower, upper, unit);
            }
        }
    }
}
