package org.entangle.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/** Saves what the app shows as a PNG: the whole scene (for {@code --screenshot}) or one node (copy to clipboard). */
public final class Screenshots {

    private Screenshots() {
    }

    public static void save(Scene scene, Path file) throws IOException {
        write(scene.snapshot(null), file);
    }

    public static WritableImage of(Node node) {
        return node.snapshot(null, null);
    }

    static void write(WritableImage image, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        if (!ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile())) {
            throw new IOException("no PNG writer available");
        }
    }
}
