package org.entangle.app;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.ScatterChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Separator;
import javafx.scene.control.Skin;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.skin.TableViewSkin;
import javafx.scene.control.skin.TextAreaSkin;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * Pays, while the user is idle after the window shows, the first-use cost of the JavaFX controls that the panels
 * build and the program panel (built before the window shows) does not: the charts, tables, text areas and fields,
 * check and combo boxes, separators and progress indicators (issue #6: no UI action blocks the UI thread for more
 * than 100 ms). The first chart or table of a run initialises its classes and runs its skin's, styling's and layout's
 * code for the first time; on the 2-core dev box, warming them before a tour of the panels halved the network panel's
 * longest turn (106–130 ms to 49–56 ms). Each sample is built, then styled, then laid out, each in an idle turn of its
 * own ({@link Staged#whenIdle}), in a scene of its own that is never shown, with the shown scene's style sheets, then
 * dropped; a panel opened meanwhile goes first. A turn under way still holds up a click, so the samples are small: laid
 * out 400 px square, a table filled its viewport with empty rows and a scatter chart laid out its axes cold, turns of
 * 50–101 ms that a tour of the panels met as it opened the gallery; {@value #HEIGHT} px tall, with an axis alone before
 * the first chart and an empty table before the filled one, no turn took more than 60 ms (three tours).
 */
final class ControlWarmup {

    /**
     * The controls to warm, as the panels use them: a sample for each class not in the program panel, in the order the
     * panels' tabs come (gallery, network, entanglement, generalise, GPU, patterns). The combo box, last before, was
     * warmed after the network panel's first opening in a tour of the panels right after the start, and that panel's
     * first row (a label and a combo box) took 27–34 ms of the UI thread's CPU to style; warmed after the gallery's
     * samples, 21–25 ms (four tours each, the turns timed with the thread's CPU clock on the 2-core dev box).
     */
    static final List<Sample> SAMPLES = List.of(
            Sample.of(() -> new NumberAxis(0, 10, 1)),
            Sample.of(() -> new ScatterChart<>(new NumberAxis(), new NumberAxis()), ControlWarmup::addSeries),
            Sample.of(() -> new FlowPane(new CheckBox("warm"), new Separator(Orientation.VERTICAL),
                    new TextField("up"))),
            Sample.of(() -> new ComboBox<>(FXCollections.observableArrayList("warm", "up"))),
            Sample.of(() -> new ScrollPane(new Label("warm"))),
            Sample.skinned(() -> new TextArea("warm\nup"), TextAreaSkin::new),
            Sample.skinned(TableView<String>::new, TableViewSkin::new),
            Sample.skinned(ControlWarmup::table, TableViewSkin::new).filledLater(ControlWarmup::fillTable),
            Sample.of(() -> new LineChart<>(new NumberAxis(), new NumberAxis()), ControlWarmup::addSeries),
            Sample.of(() -> new ProgressIndicator(0.5)),
            Sample.of(ControlWarmup::barChart));

    /**
     * A control to warm: {@code build} makes it; {@code finish}, in a turn of its own before it is styled, gives a
     * control its skin or a chart its points; {@code fill}, when there is one, gives it its content in a turn of its own
     * after its first layout, and a last turn lays it out again. Made as they were styled, a text area's skin took turns
     * of 27–86 ms on the 2-core dev box and an empty table's 31–93 ms (a throw-away trace of the warm-up's turns, six
     * tours); in turns of their own, with a scroll pane warmed before the text area that holds one, the skins took 8–25
     * and 15–30 ms and their styling 9–26 and 9–20 ms (12 tours). A table skinned with its rows already in it made and
     * styled its first row, and with it its whole skin, in the skin's turn: 35–88 ms, the longest turn of the gallery's
     * or the network panel's opening in 7 of 20 traced tours; skinned, styled and laid out empty, then filled, it
     * styles only its rows, and no turn of the warm-up took more than 49 ms (eight traced tours).
     */
    record Sample(Supplier<? extends Region> build, Consumer<Region> finish, Consumer<Region> fill) {

        /** A sample made in one turn. */
        static Sample of(Supplier<? extends Region> build) {
            return new Sample(build, null, null);
        }

        /** A sample made in one turn and finished by {@code finish} in the next. */
        static Sample of(Supplier<? extends Region> build, Consumer<Region> finish) {
            return new Sample(build, finish, null);
        }

        /** A control whose skin {@code skin} makes in a turn of its own. */
        static <C extends Control> Sample skinned(Supplier<C> build, Function<C, Skin<?>> skin) {
            return of(build, node -> {
                @SuppressWarnings("unchecked")
                C control = (C) node;
                control.setSkin(skin.apply(control));
            });
        }

        /** This sample, given its content by {@code fill} once it is laid out, and laid out again. */
        Sample filledLater(Consumer<Region> fill) {
            return new Sample(build, finish, fill);
        }
    }

    /** The width the samples are laid out at. */
    static final double WIDTH = 400;
    /** The height the samples are laid out at: a few rows of a table or a list. */
    static final double HEIGHT = 120;

    private ControlWarmup() {
    }

    /**
     * Queues three to six idle turns per sample (build, finish if it has that step, style, lay out, and fill and lay
     * out again if it has that step), styled with {@code shown}'s style sheets; returns the panes that hold the samples,
     * empty until their first turn.
     */
    static List<StackPane> start(Scene shown) {
        List<StackPane> roots = new ArrayList<>();
        for (Sample sample : SAMPLES) {
            StackPane root = new StackPane();
            roots.add(root);
            Staged.whenIdle(() -> {
                Scene scene = new Scene(root, WIDTH, HEIGHT);
                scene.getStylesheets().setAll(shown.getStylesheets());
                root.getChildren().setAll(sample.build().get());
            });
            if (sample.finish() != null) {
                Staged.whenIdle(() -> sample.finish().accept((Region) root.getChildren().get(0)));
            }
            Staged.whenIdle(root::applyCss);
            Staged.whenIdle(() -> layOut(root));
            if (sample.fill() != null) {
                Staged.whenIdle(() -> sample.fill().accept((Region) root.getChildren().get(0)));
                Staged.whenIdle(() -> layOut(root));
            }
        }
        return roots;
    }

    @SuppressWarnings("unchecked")
    private static void addSeries(Region chart) {
        XYChart.Series<Number, Number> series = new XYChart.Series<>();
        series.getData().setAll(List.of(new XYChart.Data<>(1, 2), new XYChart.Data<>(3, 5)));
        ((XYChart<Number, Number>) chart).getData().add(series);
    }

    private static BarChart<String, Number> barChart() {
        BarChart<String, Number> chart = new BarChart<>(new CategoryAxis(), new NumberAxis());
        XYChart.Series<String, Number> series = new XYChart.Series<>();
        series.getData().setAll(List.of(new XYChart.Data<>("warm", 2), new XYChart.Data<>("up", 5)));
        chart.getData().add(series);
        return chart;
    }

    private static void layOut(StackPane root) {
        root.resize(WIDTH, HEIGHT);
        root.layout();
    }

    private static TableView<String> table() {
        TableView<String> table = new TableView<>();
        TableColumn<String, String> column = new TableColumn<>("sample");
        column.setCellValueFactory(row -> new SimpleStringProperty(row.getValue()));
        table.getColumns().add(column);
        return table;
    }

    @SuppressWarnings("unchecked")
    private static void fillTable(Region table) {
        ((TableView<String>) table).getItems().setAll("warm", "up");
    }
}
