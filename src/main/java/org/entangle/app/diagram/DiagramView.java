package org.entangle.app.diagram;

import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;

/**
 * The interactive network diagram: a canvas drawn by {@link DiagramCanvasPainter} and a status line. It keeps no
 * state of its own; input goes to the {@link DiagramViewModel}, and the changes of the model are drawn at the view's
 * next layout, once for all of them. Mouse: wheel zooms about the pointer, drag pans, hover shows the op's step and
 * value, click highlights the value's cone (click empty space to clear), double click fits. Keyboard: + and − zoom,
 * arrows pan, 0 fits, Escape clears.
 *
 * <p>A canvas rather than a scene graph: at n = 1024 (9,217 ops) one node per dot and line would be ~20,000 nodes
 * for layout, CSS and picking, where the canvas redraws only what is visible (figures in the README).
 */
public final class DiagramView extends BorderPane {

    private final DiagramViewModel model;
    private final Canvas canvas = new Canvas(800, 600);
    private final DiagramCanvasPainter painter = new DiagramCanvasPainter();
    private final Label status = new Label();
    private double dragX;
    private double dragY;
    private boolean dragged;
    private boolean unpainted = true;
    private boolean layingOut;
    private int paintings;

    public DiagramView(DiagramViewModel model) {
        this.model = model;
        Pane holder = new Pane(canvas);
        holder.setMinSize(0, 0);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener((o, a, b) -> model.resize(canvas.getWidth(), canvas.getHeight()));
        canvas.heightProperty().addListener((o, a, b) -> model.resize(canvas.getWidth(), canvas.getHeight()));
        setCenter(holder);
        setBottom(status);
        status.setId("diagram-status");
        canvas.setId("diagram-canvas");
        canvas.setFocusTraversable(true);
        model.addListener(this::modelChanged);
        canvas.addEventHandler(ScrollEvent.SCROLL, e -> model.zoomAt(Math.pow(1.0015, e.getDeltaY()), e.getX(), e.getY()));
        canvas.addEventHandler(MouseEvent.MOUSE_PRESSED, e -> {
            dragX = e.getX();
            dragY = e.getY();
            dragged = false;
            canvas.requestFocus();
        });
        canvas.addEventHandler(MouseEvent.MOUSE_DRAGGED, e -> {
            model.panBy(e.getX() - dragX, e.getY() - dragY);
            dragged = dragged || Math.abs(e.getX() - dragX) + Math.abs(e.getY() - dragY) > 0;
            dragX = e.getX();
            dragY = e.getY();
        });
        canvas.addEventHandler(MouseEvent.MOUSE_MOVED, e -> model.hover(e.getX(), e.getY()));
        canvas.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() != MouseButton.PRIMARY || dragged) return;
            if (e.getClickCount() == 2) model.fit();
            else model.click(e.getX(), e.getY());
        });
        canvas.addEventHandler(KeyEvent.KEY_PRESSED, this::key);
    }

    /** The canvas (for tests and snapshots). */
    public Canvas canvas() {
        return canvas;
    }

    /** How many times the view has been painted. */
    int paintings() {
        return paintings;
    }

    /** Redraws everything from the model; the full redraw the README's figure measures. */
    public void redraw() {
        paintings++;
        painter.paint(canvas.getGraphicsContext2D(), model);
        status.setText(model.status());
    }

    /**
     * Paints at the next layout of this view, once for all the changes before it (the first layout of a panel resizes
     * the viewport twice, width then height, and fits the diagram). A view not in a scene (a panel being built) is
     * painted once it is laid out in one, at its real size.
     */
    private void modelChanged() {
        unpainted = true;
        if (!layingOut) setNeedsLayout(true);
    }

    /**
     * Lays out the canvas (a new size changes the model) and the status line, paints once if anything changed, and then
     * lays the status line out again for its new text, so that the line and the canvas change in the same frame.
     */
    @Override
    protected void layoutChildren() {
        layOutChildren();
        if (!unpainted) return;
        unpainted = false;
        redraw();
        layOutChildren();
    }

    private void layOutChildren() {
        layingOut = true;
        try {
            super.layoutChildren();
        } finally {
            layingOut = false;
        }
    }

    private void key(KeyEvent e) {
        KeyCode code = e.getCode();
        switch (code) {
            case PLUS, EQUALS, ADD -> model.zoomAtCentre(DiagramViewModel.KEY_ZOOM);
            case MINUS, SUBTRACT -> model.zoomAtCentre(1 / DiagramViewModel.KEY_ZOOM);
            case LEFT -> model.panBy(DiagramViewModel.KEY_PAN, 0);
            case RIGHT -> model.panBy(-DiagramViewModel.KEY_PAN, 0);
            case UP -> model.panBy(0, DiagramViewModel.KEY_PAN);
            case DOWN -> model.panBy(0, -DiagramViewModel.KEY_PAN);
            case DIGIT0, NUMPAD0 -> model.fit();
            case ESCAPE -> model.select(null);
            default -> {
                return;
            }
        }
        e.consume();
    }
}
