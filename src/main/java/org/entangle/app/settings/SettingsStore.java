package org.entangle.app.settings;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Reads and writes {@link Settings} as JSON in the user's configuration folder ({@code ~/.config/entangle},
 * or the folder named by the system property {@code entangle.home}). A missing or damaged file gives the
 * defaults; writes go through a temporary file so a crash never leaves half a file.
 */
public final class SettingsStore {

    private final Path file;
    private final ObjectMapper json = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public SettingsStore(Path folder) {
        this.file = folder.resolve("settings.json");
    }

    /** The store in the default folder. */
    public static SettingsStore standard() {
        return new SettingsStore(home());
    }

    /** The folder for Entangle's own files (settings, autosave). */
    public static Path home() {
        String override = System.getProperty("entangle.home");
        return override != null ? Path.of(override) : Path.of(System.getProperty("user.home"), ".config", "entangle");
    }

    public Settings load() {
        if (!Files.isRegularFile(file)) return Settings.defaults();
        try {
            return json.readValue(file.toFile(), Settings.class);
        } catch (IOException e) {
            return Settings.defaults();
        }
    }

    public void save(Settings settings) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling("settings.json.tmp");
        json.writeValue(tmp.toFile(), settings);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
