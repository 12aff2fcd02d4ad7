package org.entangle.app;

import java.nio.file.Path;
import javafx.animation.PauseTransition;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * The desktop application. {@code --screenshot FILE} renders the window, saves it as a PNG and exits.
 */
public final class EntangleApp extends Application {

    /** Launches the JavaFX application; called from {@code Main} so the jar needs no JavaFX launcher. */
    public static void launchDesktop(String[] args) {
        try {
            DesktopOptions.parse(java.util.List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println("entangle: " + e.getMessage());
            System.exit(2);
        }
        Application.launch(EntangleApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        DesktopOptions options = DesktopOptions.parse(getParameters().getRaw());
        Label title = new Label("Entangle");
        title.setStyle("-fx-font-size: 28px; -fx-font-weight: bold;");
        Label what = new Label("A workbench for discovering parallel scan networks with angelic programming.\n"
                + "Ask the angels, look at the networks, find the entangled sub-computations,\n"
                + "generalise to any N, and run the result on the GPU.");
        VBox root = new VBox(12, title, what);
        root.setPadding(new Insets(24));
        stage.setTitle("Entangle");
        stage.setScene(new Scene(root, 720, 360));
        stage.show();
        if (options.screenshot() != null) {
            takeScreenshotAndExit(stage.getScene(), options.screenshot());
        }
    }

    private static void takeScreenshotAndExit(Scene scene, Path file) {
        PauseTransition settle = new PauseTransition(Duration.millis(800));
        settle.setOnFinished(e -> {
            try {
                Screenshots.save(scene, file);
                System.out.println("screenshot saved to " + file);
                Platform.exit();
            } catch (java.io.IOException ex) {
                System.err.println("entangle: cannot save screenshot " + file + ": " + ex.getMessage());
                Platform.exit();
                System.exit(2);
            }
        });
        settle.play();
    }
}
