package org.entangle.app.generalise;

import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;
import org.entangle.banks.BankReport;

/**
 * A shared-memory bank-conflict heat-map: one row per step, one column per shared-memory bank, each cell coloured by
 * the distinct words accessed in that bank in that step ({@link BankReport#bankLoad()}: white none, deep red the
 * busiest cell), and each row's extra (serialised) cycles at its right.
 */
final class BankHeatMap extends Region {

    private static final double LEFT = 44;
    private static final double RIGHT = 70;
    private static final double TOP = 34;
    private final Canvas canvas = new Canvas();
    private final String title;
    private BankReport report;

    BankHeatMap(String title) {
        this.title = title;
        getChildren().add(canvas);
        setMinSize(160, 120);
    }

    void show(BankReport newReport) {
        report = newReport;
        draw();
    }

    @Override
    protected void layoutChildren() {
        canvas.setWidth(getWidth());
        canvas.setHeight(getHeight());
        draw();
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.clearRect(0, 0, w, h);
        g.setFill(Color.gray(0.3));
        g.setFont(Font.font(12));
        g.setTextBaseline(VPos.TOP);
        g.setTextAlign(TextAlignment.LEFT);
        if (report == null) {
            g.fillText(title + ": press Bank conflicts", 6, 6);
            return;
        }
        g.fillText(title + ": " + report.extraCycles() + " extra cycles, degree ≤ " + report.maxDegree(), 6, 6);
        int[][] load = report.bankLoad();
        int steps = load.length;
        int banks = steps == 0 ? 0 : load[0].length;
        if (banks == 0) return;
        int max = 1;
        for (int[] row : load) for (int v : row) max = Math.max(max, v);
        double cw = Math.max(1, (w - LEFT - RIGHT) / banks);
        double ch = Math.max(1, Math.min(24, (h - TOP - 16) / steps));
        g.setFont(Font.font(10));
        for (int s = 0; s < steps; s++) {
            double y = TOP + s * ch;
            g.setFill(Color.gray(0.3));
            g.setTextBaseline(VPos.CENTER);
            g.fillText("s" + s, 6, y + ch / 2);
            for (int b = 0; b < banks; b++) {
                double t = load[s][b] / (double) max;
                g.setFill(load[s][b] == 0 ? Color.WHITE : Color.rgb(255, (int) (230 * (1 - t)), (int) (200 * (1 - t))));
                g.fillRect(LEFT + b * cw, y, cw, ch);
            }
            long extra = report.extraPerStep().get(s);
            g.setFill(extra == 0 ? Color.gray(0.45) : Color.rgb(190, 0, 0));
            g.fillText(extra == 0 ? "0" : "+" + extra, LEFT + banks * cw + 6, y + ch / 2);
        }
        g.setStroke(Color.gray(0.75));
        g.strokeRect(LEFT, TOP, banks * cw, steps * ch);
        g.setFill(Color.gray(0.3));
        g.setTextBaseline(VPos.TOP);
        g.fillText("banks 0 … " + (banks - 1) + " →", LEFT, TOP + steps * ch + 2);
    }
}
