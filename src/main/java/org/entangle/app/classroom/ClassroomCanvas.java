package org.entangle.app.classroom;

import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.TextAlignment;
import org.entangle.network.Network;
import org.entangle.network.Op;

/**
 * Draws classroom mode in large type: one vertical wire per input, one row per step with its ops (a line from the
 * source wire to a dot on the destination), taken steps in colour, the current one banded, hidden ones blank; the
 * values the wires hold after the current step in boxes below.
 */
final class ClassroomCanvas extends Pane {

    private static final Color DONE = Color.web("#0072B2");
    private static final Color NEXT = Color.web("#D55E00");
    private final Canvas canvas = new Canvas();
    private final ClassroomViewModel model;

    ClassroomCanvas(ClassroomViewModel model) {
        this.model = model;
        getChildren().add(canvas);
        canvas.widthProperty().bind(widthProperty());
        canvas.heightProperty().bind(heightProperty());
        canvas.widthProperty().addListener(o -> draw());
        canvas.heightProperty().addListener(o -> draw());
        setMinSize(0, 0);
    }

    void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.setFill(Color.web("#fbfbf8"));
        g.fillRect(0, 0, w, h);
        Network n = model.networkProperty().get();
        if (n == null || w < 50 || h < 100) return;
        double boxes = Math.min(90, h * 0.16);
        double top = 30;
        double bottom = h - boxes - 30;
        double left = 40;
        double dx = (w - 2 * left) / Math.max(1, n.width() - 1);
        double dy = (bottom - top) / (n.stepCount() + 1);
        int current = model.stepProperty().get();
        if (current < n.stepCount()) {
            g.setFill(Color.web("#fff1e0"));
            g.fillRect(0, top + (current + 1) * dy - dy / 2, w, dy);
        }
        g.setStroke(Color.gray(0.7));
        g.setLineWidth(2);
        for (int wire = 0; wire < n.width(); wire++) g.strokeLine(x(wire, n, left, dx), top, x(wire, n, left, dx), bottom);
        double dot = Math.max(5, Math.min(16, dy * 0.35));
        for (int s = 0; s < n.stepCount(); s++) {
            if (!model.visible(s)) continue;
            g.setStroke(s < current ? DONE : NEXT);
            g.setFill(s < current ? DONE : NEXT);
            g.setLineWidth(Math.max(2, dot / 3));
            double y = top + (s + 1) * dy;
            for (Op op : model.opsOf(s)) {
                double xd = x(op.dst(), n, left, dx);
                if (op.src() >= 0) g.strokeLine(x(op.src(), n, left, dx), y - dy * 0.3, xd, y);
                g.fillOval(xd - dot / 2, y - dot / 2, dot, dot);
            }
        }
        drawValues(g, n, left, dx, h - boxes - 10, boxes);
    }

    private void drawValues(GraphicsContext g, Network n, double left, double dx, double y, double size) {
        List<String> values = model.values();
        double box = Math.min(size, Math.max(14, dx * 0.9));
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.CENTER);
        for (int wire = 0; wire < values.size(); wire++) {
            double cx = x(wire, n, left, dx);
            g.setFill(Color.WHITE);
            g.fillRoundRect(cx - box / 2, y, box, box * 0.8, 8, 8);
            g.setStroke(Color.gray(0.4));
            g.setLineWidth(1.5);
            g.strokeRoundRect(cx - box / 2, y, box, box * 0.8, 8, 8);
            String v = values.get(wire);
            double font = Math.min(box * 0.45, box * 1.6 / Math.max(1, v.length()));
            g.setFill(Color.BLACK);
            g.setFont(Font.font("System", FontWeight.BOLD, Math.max(7, font)));
            g.fillText(v, cx, y + box * 0.4);
        }
    }

    private static double x(int wire, Network n, double left, double dx) {
        return left + (n.width() == 1 ? 0 : wire * dx);
    }
}
