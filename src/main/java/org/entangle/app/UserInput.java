package org.entangle.app;

import java.util.Objects;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.robot.Robot;
import javafx.stage.Window;

/**
 * Clicks and keystrokes sent through the windowing system ({@link Robot}), as the user's mouse and keyboard send
 * them, for {@link ActionTimer}: the press, the release and the events JavaFX makes of them (focus, pseudo-classes,
 * the control's action) all reach the UI thread as a user's would. Used on the UI thread only.
 */
final class UserInput {

    private final Robot robot = new Robot();

    /** The node {@code selector} finds in any showing window (the main one, popups, dialogs); fails when none does. */
    static Node find(String selector) {
        return Window.getWindows().stream().filter(Window::isShowing).map(Window::getScene).filter(Objects::nonNull)
                .map(scene -> scene.lookup(selector)).filter(Objects::nonNull).findFirst()
                .orElseThrow(() -> new IllegalStateException("nothing on screen matches " + selector));
    }

    /** Clicks the middle of the node {@code selector} finds ({@link #find}). */
    void click(String selector) {
        click(find(selector));
    }

    /** Clicks the middle of {@code node}. */
    void click(Node node) {
        Bounds screen = node.localToScreen(node.getBoundsInLocal());
        if (screen == null) throw new IllegalStateException(node + " is not on screen");
        robot.mouseMove(screen.getCenterX(), screen.getCenterY());
        robot.mouseClick(MouseButton.PRIMARY);
    }

    /** Presses and releases the keys in order, releasing them in reverse ({@code CONTROL, E} is Ctrl+E). */
    void keys(KeyCode... codes) {
        for (KeyCode code : codes) robot.keyPress(code);
        for (int i = codes.length - 1; i >= 0; i--) robot.keyRelease(codes[i]);
    }
}
