package org.entangle.files;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Reads and writes {@link Settings} as JSON in the user's configuration folder ({@code ~/.config/entangle},
 * or the folder named by the system property {@code entangle.home}). A missing or damaged file gives the
 * defaults, a missing field its default, unknown fields are skipped; writes go through a temporary file so a crash
 * never leaves half a file. Read at every start, so with {@link StreamingJson}.
 */
public final class SettingsStore {

    private final Path file;

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
        try (JsonParser in = StreamingJson.openObject(file)) {
            return read(in);
        } catch (IOException e) {
            return Settings.defaults();
        }
    }

    private static Settings read(JsonParser in) throws IOException {
        Settings d = Settings.defaults();
        Double x = d.x();
        Double y = d.y();
        double width = d.width();
        double height = d.height();
        boolean maximized = d.maximized();
        boolean dark = d.dark();
        String lastWorkspace = d.lastWorkspace();
        List<String> recentFiles = d.recentFiles();
        String exportFolder = d.exportFolder();
        for (String field = StreamingJson.nextField(in); field != null; field = StreamingJson.nextField(in)) {
            switch (field) {
                case "x" -> x = StreamingJson.nullableDouble(in);
                case "y" -> y = StreamingJson.nullableDouble(in);
                case "width" -> width = in.getDoubleValue();
                case "height" -> height = in.getDoubleValue();
                case "maximized" -> maximized = in.getBooleanValue();
                case "dark" -> dark = in.getBooleanValue();
                case "lastWorkspace" -> lastWorkspace = StreamingJson.nullableText(in);
                case "recentFiles" -> recentFiles = StreamingJson.texts(in).stream().filter(Objects::nonNull).toList();
                case "exportFolder" -> exportFolder = StreamingJson.nullableText(in);
                default -> in.skipChildren();
            }
        }
        return new Settings(x, y, width, height, maximized, dark, lastWorkspace, recentFiles, exportFolder);
    }

    public void save(Settings settings) throws IOException {
        StreamingJson.writeObject(file, out -> {
            StreamingJson.nullableNumberField(out, "x", settings.x());
            StreamingJson.nullableNumberField(out, "y", settings.y());
            out.writeNumberField("width", settings.width());
            out.writeNumberField("height", settings.height());
            out.writeBooleanField("maximized", settings.maximized());
            out.writeBooleanField("dark", settings.dark());
            out.writeStringField("lastWorkspace", settings.lastWorkspace());
            StreamingJson.textsField(out, "recentFiles", settings.recentFiles());
            out.writeStringField("exportFolder", settings.exportFolder());
        });
    }
}
