package org.entangle.app.gallery;

import javafx.geometry.Insets;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import org.entangle.app.diagram.DiagramCanvasPainter;
import org.entangle.app.diagram.DiagramViewModel;
import org.entangle.diagram.DiagramOptions;

/**
 * A gallery row: a thumbnail drawn from the diagram layout at small scale, the network's name and its metric
 * badges (and, with a GPU tournament opened, the name coloured by its place in it: green fastest, red slowest). Cells are recycled by the virtualised list, so only the visible rows are ever laid out and drawn.
 */
final class GalleryCell extends ListCell<GalleryEntry> {

    static final double THUMB_WIDTH = 150;
    static final double THUMB_HEIGHT = 96;
    /**
     * Every row's height: the thumbnail, the row's padding and the cell's. A fixed height lets the virtualised list
     * place any row without measuring the others (100,000 rows scroll at the frame rate).
     */
    static final double ROW_HEIGHT = THUMB_HEIGHT + 12;

    private final Tooltip rowTip;
    private final Canvas thumbnail = new Canvas(THUMB_WIDTH, THUMB_HEIGHT);
    private final DiagramViewModel thumbModel = new DiagramViewModel();
    private final DiagramCanvasPainter painter = new DiagramCanvasPainter();
    private final Label name = new Label();
    private final Label badges = new Label();
    private final Label front = new Label("Pareto");
    private String tip = "";
    private final HBox row;

    /**
     * A row of a list whose rows share {@code rowTip}, given the text of the row under the mouse (when the mouse
     * enters a row, or a row under it gets another network), and {@code paretoTip} for the "Pareto" mark: a tooltip
     * is a popup window with a scene of its own, too dear to make for each row.
     */
    GalleryCell(Tooltip rowTip, Tooltip paretoTip) {
        this.rowTip = rowTip;
        thumbModel.resize(THUMB_WIDTH, THUMB_HEIGHT);
        name.getStyleClass().add("gallery-name");
        badges.getStyleClass().add("gallery-badges");
        front.getStyleClass().add("gallery-pareto");
        front.setTooltip(paretoTip);
        row = new HBox(10, thumbnail, new VBox(4, name, badges, front));
        row.setPadding(new Insets(2));
        hoverProperty().addListener((o, was, pointed) -> {
            if (pointed) rowTip.setText(tip);
        });
    }

    @Override
    protected void updateItem(GalleryEntry entry, boolean empty) {
        super.updateItem(entry, empty);
        if (empty || entry == null) {
            setGraphic(null);
            setTooltip(null);
            return;
        }
        paintThumbnail(entry);
        name.setText(entry.network().name() + "  (n = " + entry.metrics().width() + ")");
        badges.setText(entry.badges());
        front.setVisible(entry.pareto());
        name.setStyle(entry.gpu() == null ? "" : "-fx-text-fill: " + placeColour(entry.gpu().place()) + ";");
        tip = entry.network().provenance() == null ? entry.network().name() : entry.network().provenance();
        if (isHover()) rowTip.setText(tip);
        setTooltip(rowTip);
        setGraphic(row);
    }

    /** Green for the fastest of a tournament through amber to red for the slowest. */
    static String placeColour(double place) {
        double hue = 120 * (1 - Math.max(0, Math.min(1, place)));
        return String.format(java.util.Locale.ROOT, "hsb(%.0f, 85%%, 70%%)", hue);
    }

    private void paintThumbnail(GalleryEntry entry) {
        thumbModel.show(entry.network(), DiagramOptions.DEFAULT.withColourBy(DiagramOptions.ColourBy.STEP));
        painter.paint(thumbnail.getGraphicsContext2D(), thumbModel);
    }
}
