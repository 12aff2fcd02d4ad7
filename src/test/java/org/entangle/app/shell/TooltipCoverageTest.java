package org.entangle.app.shell;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.control.Spinner;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToolBar;
import javafx.stage.Stage;
import org.entangle.app.Controls;
import org.entangle.app.UiTest;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Tooltips on every control: with every panel opened and built (and their inner tabs), and in classroom
 * mode, each button, combo or choice box, spinner, slider and text field the user can reach, and each tab, carries a
 * tooltip. Controls that are parts of another
 * control (a spinner's or combo box's editor, a scroll bar, a list's cells) are the outer control's business and
 * are skipped.
 */
@UiTest
class TooltipCoverageTest {

    /** The controls the walk saw when written (the panels, their inner tabs and classroom mode): fewer means it lost some. */
    private static final int MOST_CONTROLS_SEEN = 69;

    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        window = TestWorkbench.shown(stage, "entangle-tooltips", 1280, 820);
    }

    @Test
    void everyControlOfEveryPanelHasATooltip(FxRobot robot) throws Exception {
        for (String panel : WaitForAsyncUtils.asyncFx(() -> window.panelNames()).get()) {
            robot.interact(() -> window.select(panel));
            WaitForAsyncUtils.waitForFxEvents();
            for (Tab inner : WaitForAsyncUtils.asyncFx(this::innerTabs).get()) {
                robot.interact(() -> inner.getTabPane().getSelectionModel().select(inner));
                WaitForAsyncUtils.waitForFxEvents();
            }
        }
        List<String> checked = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        robot.interact(() -> window.model().classroomProperty().set(true));
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> collect(window, checked, missing));
        robot.interact(() -> window.model().classroomProperty().set(false));
        missing.addAll(WaitForAsyncUtils.asyncFx(() -> {
            List<String> found = new ArrayList<>();
            collect(window, checked, found);
            window.lookupAll(".tab-pane").forEach(node -> {
                for (Tab tab : ((TabPane) node).getTabs()) {
                    if (tab.getTooltip() == null) found.add("tab " + tab.getText());
                }
            });
            return found;
        }).get());
        System.out.println("TooltipCoverageTest: " + checked.size() + " controls checked");
        assertTrue(checked.size() >= MOST_CONTROLS_SEEN, "the walk missed controls; it saw " + checked);
        assertTrue(missing.isEmpty(), "controls without a tooltip: " + missing);
    }

    /** The tabs of the panels' own tab panes (the generalise panel's results), built when first selected. */
    private List<Tab> innerTabs() {
        List<Tab> tabs = new ArrayList<>();
        window.lookupAll(".tab-pane").forEach(node -> {
            TabPane pane = (TabPane) node;
            if (pane.getTabs().stream().noneMatch(t -> t.getId() != null && t.getId().startsWith("tab-"))) tabs.addAll(pane.getTabs());
        });
        return tabs;
    }

    private static void collect(Node node, List<String> checked, List<String> missing) {
        if (isUsersControl(node)) {
            checked.add(describe(node));
            if (((Control) node).getTooltip() == null) missing.add(describe(node));
        }
        if (node instanceof Control control && control.getSkin() != null && !(node instanceof TabPane)
                && !(node instanceof SplitPane) && !(node instanceof ScrollPane)
                && !(node instanceof ToolBar) && !(node instanceof TitledPane)) {
            return;
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) collect(child, checked, missing);
        }
    }

    private static boolean isUsersControl(Node node) {
        return node.isVisible() && (node instanceof ButtonBase || node instanceof ComboBoxBase<?> || node instanceof Spinner<?>
                || node instanceof TextInputControl || node instanceof ChoiceBox<?>
                || node instanceof Slider);
    }

    private static String describe(Node node) {
        String text = node instanceof Labeled labeled ? " \"" + labeled.getText() + "\"" : "";
        String id = node.getId() == null ? "" : " #" + node.getId();
        return node.getClass().getSimpleName() + id + text;
    }
}
