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
 * state of its own; input goes to the {@link DiagramViewModel} and every change of the model redraws. Mouse: wheel
 * zooms about the pointer, drag pans, hover shows the op's step and value, click highlights the value's cone
 * (click empty space to clear), double click fits. Keyboard: + and − zoom, arrows pan, 0 fits, Escape clears.
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

    /** Redraws everything from the model; the full redraw the README's figure measures. */
    public void redraw() {
        painter.paint(canvas.getGraphicsContext2D(), model);
        status.setText(model.status());
    }

    /**
     * Redraws at once while on screen; a view not yet in a scene (a panel being built) is painted at its first layout,
     * at its real size, instead of once per change at the canvas's initial size.
     */
    private void modelChanged() {
        if (getScene() != null) {
            redraw();
            return;
        }
        unpainted = true;
        requestLayout();
    }

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        if (unpainted) {
            unpainted = false;
            redraw();
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
