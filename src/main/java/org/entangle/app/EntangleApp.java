package org.entangle.app;

import javafx.application.Application;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/**
 * The desktop application. Until the workbench lands it shows a window that says what Entangle is.
 */
public final class EntangleApp extends Application {

    /** Launches the JavaFX application; called from {@code Main} so the jar needs no JavaFX launcher. */
    public static void launchDesktop(String[] args) {
        Application.launch(EntangleApp.class, args);
    }

    @Override
    public void start(Stage stage) {
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
    }
}
