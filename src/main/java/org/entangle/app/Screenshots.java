package org.entangle.app;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.stage.Window;
import javax.imageio.ImageIO;

/** Saves what the app shows as a PNG: the whole scene (for {@code --screenshot}) or one node (copy to clipboard). */
public final class Screenshots {

    private Screenshots() {
    }

    /** Saves {@code scene}'s window with every other window shown over it (an open dialog) drawn in place. */
    public static void save(Scene scene, Path file) throws IOException {
        BufferedImage image = SwingFXUtils.fromFXImage(scene.snapshot(null), null);
        Window main = scene.getWindow();
        Graphics2D g = image.createGraphics();
        for (Window w : Window.getWindows()) {
            if (w == main || !w.isShowing() || w.getScene() == null || main == null) continue;
            BufferedImage over = SwingFXUtils.fromFXImage(w.getScene().snapshot(null), null);
            int x = (int) Math.round(w.getX() + w.getScene().getX() - main.getX() - scene.getX());
            int y = (int) Math.round(w.getY() + w.getScene().getY() - main.getY() - scene.getY());
            g.setColor(Color.GRAY);
            g.drawRect(x - 1, y - 1, over.getWidth() + 1, over.getHeight() + 1);
            g.drawImage(over, x, y, null);
        }
        g.dispose();
        write(image, file);
    }

    public static WritableImage of(Node node) {
        return node.snapshot(null, null);
    }

    static void write(BufferedImage image, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer available");
        }
    }
}
