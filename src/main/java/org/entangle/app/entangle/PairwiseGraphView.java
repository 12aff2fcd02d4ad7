package org.entangle.app.entangle;

import java.util.List;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import org.entangle.app.diagram.LineRaster;
import org.entangle.entanglement.BlockColours;
import org.entangle.entanglement.PairwiseEntanglement;
import org.entangle.entanglement.Partition;
import org.jgrapht.graph.DefaultWeightedEdge;

/**
 * The pairwise entanglement graph drawn on a circle: one dot per angel coloured by its block of the finest
 * partition, one line per entangled pair. Labelled as the approximation it is ({@link PairwiseEntanglement#LABEL}).
 * Lines and dots are drawn into a {@link LineRaster} and shown as one image: as canvas lines, the hundreds of pairs of
 * a program like the talk's N = 8 one would each be a drawing command for the renderer.
 */
final class PairwiseGraphView extends Pane {

    /** The lines' colour, 50 % grey; their opacity falls as there are more of them, and halves past 500. */
    private static final int LINE_RGB = 0x808080;

    private final Canvas canvas = new Canvas();
    private final LineRaster raster = new LineRaster();
    private PairwiseEntanglement graph;
    private Partition partition;

    PairwiseGraphView() {
        getChildren().add(canvas);
        canvas.widthProperty().bind(widthProperty());
        canvas.heightProperty().bind(heightProperty());
        canvas.widthProperty().addListener(o -> draw());
        canvas.heightProperty().addListener(o -> draw());
        setMinSize(0, 0);
        getStyleClass().add("pairwise-graph");
    }

    /** The graph drawn, or null before a run. */
    PairwiseEntanglement shown() {
        return graph;
    }

    void show(PairwiseEntanglement newGraph, Partition newPartition) {
        graph = newGraph;
        partition = newPartition;
        draw();
    }

    private void draw() {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth();
        double h = canvas.getHeight();
        g.clearRect(0, 0, w, h);
        g.setFill(Color.GRAY);
        g.setFont(Font.font(11));
        if (graph == null) {
            g.fillText("The pairwise graph appears after a run.", 10, 20);
            return;
        }
        List<String> names = graph.names();
        int n = names.size();
        double cx = w / 2;
        double cy = h / 2 + 8;
        double r = Math.max(10, Math.min(w, h - 30) / 2 - 24);
        double[] xs = new double[n];
        double[] ys = new double[n];
        for (int i = 0; i < n; i++) {
            double angle = 2 * Math.PI * i / Math.max(1, n) - Math.PI / 2;
            xs[i] = cx + r * Math.cos(angle);
            ys[i] = cy + r * Math.sin(angle);
        }
        raster.clear((int) Math.ceil(w), (int) Math.ceil(h));
        int edges = graph.graph().edgeSet().size();
        raster.setGlobalAlpha(Math.max(0.03, Math.min(0.5, 40.0 / Math.max(1, edges))) * (edges > 500 ? 0.5 : 1));
        for (DefaultWeightedEdge e : graph.graph().edgeSet()) {
            int a = graph.graph().getEdgeSource(e);
            int b = graph.graph().getEdgeTarget(e);
            raster.line(xs[a], ys[a], xs[b], ys[b], 1, LINE_RGB);
        }
        raster.setGlobalAlpha(1);
        double dot = n > 120 ? 3 : 6;
        for (int i = 0; i < n; i++) {
            raster.dot(xs[i], ys[i], dot / 2, Integer.parseInt(BlockColours.colour(partition.blockOf(i)).substring(1), 16), true, 0, 0);
        }
        g.drawImage(raster.image(), 0, 0);
        g.fillText(PairwiseEntanglement.LABEL, 10, 16);
    }
}
