package org.entangle.app.diagram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.entangle.app.UiTest;
import org.entangle.diagram.DiagramLayout;
import org.entangle.diagram.DiagramOptions;
import org.entangle.diagram.DiagramStyle;
import org.entangle.network.families.Families;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The diagram view under headless Monocle: hover, click, keyboard and drawing reach the view-model and the screen. */
@UiTest
class DiagramViewTest {

    private DiagramViewModel model;
    private DiagramView view;

    @Start
    void start(Stage stage) {
        model = new DiagramViewModel();
        view = new DiagramView(model);
        stage.setScene(new Scene(view, 900, 600));
        stage.show();
        model.show(Families.build("sklansky", 16), DiagramOptions.DEFAULT.withColourBy(DiagramOptions.ColourBy.STEP));
    }

    private javafx.geometry.Point2D onScreen(DiagramLayout.OpMark op) {
        return view.canvas().localToScreen(op.x() * model.zoom() + model.panX(), op.y() * model.zoom() + model.panY());
    }

    @Test
    void hoverShowsTheOpAndClickHighlightsItsCone(FxRobot robot) {
        DiagramLayout.OpMark last = model.layout().ops().get(model.layout().ops().size() - 1);
        robot.moveTo(onScreen(last));
        WaitForAsyncUtils.waitForFxEvents();
        Label status = robot.lookup("#diagram-status").queryAs(Label.class);
        assertTrue(status.getText().contains("holds [0,15]"), status.getText());
        robot.clickOn(MouseButton.PRIMARY);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(15, model.layout().ops().stream().filter(DiagramLayout.OpMark::emphasised).count());
    }

    /**
     * A view changed while out of any scene (a panel being built, the workbench during classroom mode) is not painted
     * then, but once it is laid out in one.
     */
    @Test
    void aViewChangedOutsideASceneIsPaintedAtItsNextLayout(FxRobot robot) throws Exception {
        DiagramViewModel otherModel = new DiagramViewModel();
        DiagramView other = WaitForAsyncUtils.asyncFx(() -> new DiagramView(otherModel)).get();
        Label status = (Label) other.getBottom();
        robot.interact(() -> otherModel.show(Families.build("brent-kung", 8), DiagramOptions.DEFAULT));
        assertEquals("", status.getText(), "painted before it was in a scene");
        robot.interact(() -> view.getScene().setRoot(other));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(status.getText().startsWith("brent-kung"), status.getText());

        robot.interact(() -> other.getScene().setRoot(view));
        robot.interact(() -> otherModel.show(Families.build("kogge-stone", 8), DiagramOptions.DEFAULT));
        assertTrue(status.getText().startsWith("brent-kung"), "painted out of the scene: " + status.getText());
        robot.interact(() -> view.getScene().setRoot(other));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(status.getText().startsWith("kogge-stone"), status.getText());
        robot.interact(() -> other.getScene().setRoot(view));
    }

    /** Changes are painted at the view's next layout, once for all of them, and never in the turn that made them. */
    @Test
    void changesArePaintedOnceAtTheNextLayout(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        int before = view.paintings();
        Label status = robot.lookup("#diagram-status").queryAs(Label.class);
        String shown = status.getText();
        robot.interact(() -> {
            model.zoomAtCentre(DiagramViewModel.KEY_ZOOM);
            model.panBy(10, 0);
            model.resize(model.viewportWidth(), model.viewportHeight());
            assertEquals(before, view.paintings(), "painted in the turn of the change");
            assertEquals(shown, status.getText());
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before + 1, view.paintings(), "three changes, not painted once");
        assertTrue(status.getText().contains(String.format(java.util.Locale.ROOT, "zoom %.0f%%", model.zoom() * 100)),
                status.getText());
    }

    @Test
    void keyboardZoomsAndPans(FxRobot robot) {
        robot.clickOn("#diagram-canvas");
        double zoom = model.zoom();
        robot.type(KeyCode.EQUALS);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(zoom * DiagramViewModel.KEY_ZOOM, model.zoom(), 1e-9);
        double pan = model.panX();
        robot.type(KeyCode.LEFT);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(pan + DiagramViewModel.KEY_PAN, model.panX(), 1e-9);
        robot.type(KeyCode.DIGIT0);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(zoom, model.zoom(), 1e-9);
    }

    @Test
    void levelOfDetailDropsTextAndDotsWhenTinyAndCullsOffscreenOps(FxRobot robot) {
        DiagramViewModel big = new DiagramViewModel();
        big.resize(800, 500);
        big.show(Families.build("kogge-stone", 256), DiagramOptions.DEFAULT);
        DiagramCanvasPainter painter = new DiagramCanvasPainter();
        javafx.scene.canvas.Canvas canvas = new javafx.scene.canvas.Canvas(800, 500);
        robot.interact(() -> painter.paint(canvas.getGraphicsContext2D(), big));
        assertTrue(big.zoom() * DiagramStyle.FONT_SIZE < DiagramCanvasPainter.MIN_TEXT_PX);
        assertEquals(0, painter.drawnLabels(), "fitted, the labels would be unreadable");
        assertEquals(big.layout().ops().size(), painter.drawnOps(), "fitted, every op is in view");
        big.zoomAt(1 / big.zoom(), 400, 250);
        robot.interact(() -> painter.paint(canvas.getGraphicsContext2D(), big));
        assertTrue(painter.drawnLabels() > 0 && painter.drawnLabels() < big.layout().labels().size());
        assertTrue(painter.drawnOps() > 0 && painter.drawnOps() < big.layout().ops().size(), "zoomed in, ops are culled");
    }

    @Test
    void theCanvasShowsTheOpsInTheirColours(FxRobot robot) throws Exception {
        WritableImage[] shot = new WritableImage[1];
        robot.interact(() -> shot[0] = view.canvas().snapshot(null, null));
        DiagramLayout.OpMark first = model.layout().ops().get(0);
        int x = (int) Math.round(first.x() * model.zoom() + model.panX());
        int y = (int) Math.round(first.y() * model.zoom() + model.panY());
        int argb = shot[0].getPixelReader().getArgb(x, y) & 0xFFFFFF;
        assertEquals(DiagramStyle.categorical(0), argb, "the centre of step 0's first dot has step 0's colour");
        assertEquals(DiagramStyle.BACKGROUND, shot[0].getPixelReader().getArgb(1, 1) & 0xFFFFFF, "background");
        Path out = Path.of("target", "diagram-view.png");
        Files.createDirectories(out.getParent());
        ImageIO.write(SwingFXUtils.fromFXImage(shot[0], null), "png", out.toFile());
    }
}
